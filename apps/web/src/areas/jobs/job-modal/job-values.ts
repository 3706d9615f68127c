import {
  componentFlags,
  instantOfWallTime,
  newJobDefaults,
  shownStatus,
  statusOf,
  type TAppointment,
  type TAppointmentSave,
  type TAppointmentType,
  type TComponent,
  type TComponentFlags,
  wallTimeOf,
} from '@fieldbook/core';
import {
  emptyDiscount,
  formLine,
  num,
  type DynamicValues,
} from '../../../ui/dynamic-form/form-values';

/** The job modal's form: the job's own fields and what the dynamic form edits. */
export interface JobValues extends DynamicValues {
  appointmentTypeId: string;
  /** A status name of the type, or null (Scheduled or Unscheduled). */
  status: string | null;
  hasSchedule: boolean;
  /** Local date and time, 'YYYY-MM-DDTHH:mm' (a datetime-local input's value). */
  startDate: string;
  endDate: string;
  isAllDayEvent: boolean;
  sendClientReminder: boolean;
  /** The assignee's user id, or ''. */
  userId: string;
  priority: string;
  faultDescription: string;
  resolution: string;
  /** The server's version of the job the form started from (null for a new job). */
  updatedAt: string | null;
}

/** The form's date-time fields show the company's clock ('YYYY-MM-DDTHH:mm'), whatever the browser's zone. */
export const toLocal = (iso: string, timeZone: string) => wallTimeOf(iso, timeZone);
export const fromLocal = (local: string, timeZone: string) =>
  instantOfWallTime(local, timeZone) ?? local;

/** The status select's value: '' is 'Please select' (Unscheduled). */
export function statusChoice(v: Pick<JobValues, 'status' | 'hasSchedule'>): string {
  return v.hasSchedule ? (v.status ?? 'Scheduled') : '';
}

/**
 * A new job (spec §4, core `newJobDefaults`): unscheduled, all day, no
 * reminder, the next half hour plus 30 minutes, the first type (or the
 * board's), and the status field set to that type's first status; the select
 * shows 'Please select' (Unscheduled) until a status is chosen.
 */
export function newJobValues(
  types: TAppointmentType[],
  client: { entityId: string; clientName: string } | null,
  now: number,
  timeZone: string,
  typeId: string | null = null,
): JobValues {
  const d = newJobDefaults(types, now, typeId);
  return {
    appointmentTypeId: d.appointmentTypeId,
    status: d.status,
    hasSchedule: d.hasSchedule,
    startDate: toLocal(d.startDate, timeZone),
    endDate: toLocal(d.endDate, timeZone),
    isAllDayEvent: d.isAllDayEvent,
    sendClientReminder: d.sendClientReminder,
    userId: '',
    priority: '',
    faultDescription: '',
    resolution: '',
    updatedAt: null,
    entityId: client?.entityId ?? '',
    clientName: client?.clientName ?? '',
    assignedUsers: [],
    lineItems: [],
    discount: emptyDiscount(),
    values: {},
  };
}

export function jobToValues(job: TAppointment, timeZone: string): JobValues {
  return {
    appointmentTypeId: job.appointmentTypeId,
    status: job.status,
    hasSchedule: job.hasSchedule,
    startDate: toLocal(job.startDate, timeZone),
    endDate: toLocal(job.endDate, timeZone),
    isAllDayEvent: job.isAllDayEvent,
    sendClientReminder: job.sendClientReminder,
    userId: job.userId ?? '',
    priority: job.priority,
    faultDescription: job.faultDescription,
    resolution: job.resolution,
    updatedAt: job.updatedAt,
    entityId: job.entityId ?? '',
    clientName: `${job.clientName} ${job.clientSurname}`.trim(),
    assignedUsers: job.assignedUsers.map((u) => u.userId),
    lineItems: job.lineItems.map((l) =>
      formLine({
        description: l.description,
        code: l.code ?? '',
        qty: l.qty,
        price: (l.price as number | undefined) ?? '',
        notes: l.notes ?? '',
        hasTax: l.hasTax !== false,
        hasSecondTax: l.hasSecondTax !== false,
        ledgerAccountId: l.ledgerAccountId,
        itemId: (l as { itemId?: string | null }).itemId ?? null,
        category: (l as { category?: string }).category ?? '',
      }),
    ),
    discount: { ...job.discount },
    values: { ...job.values },
  };
}

/** What the current user may do with each component of the job where it stands. */
export function flagsFor(
  type: TAppointmentType | undefined,
  job: TAppointment | undefined,
  groupId: string | null,
) {
  const status = type && job ? statusOf(type.statuses, shownStatus(job)) : null;
  return (c: Pick<TComponent, 'permissions'>): Required<TComponentFlags> =>
    componentFlags(c, status?.id ?? null, groupId);
}

/** Whether the type has a component of `kind` the user may change. */
function writable(
  type: TAppointmentType | undefined,
  kind: TComponent['type'],
  flagsOf: (c: TComponent) => Required<TComponentFlags>,
): boolean {
  const cs = type?.components.filter((c) => c.type === kind) ?? [];
  // A type without such a component edits the field in the modal's own section.
  if (cs.length === 0) return true;
  return cs.some((c) => {
    const f = flagsOf(c);
    return !f.hide && !f.viewOnly && !(kind === 'itemsSelect' && f.hideItemPrice);
  });
}

/**
 * The body of POST /appointments. Values of hidden components are not sent;
 * the client, users and lines go only when the user may change them (the
 * server enforces both too). `updatedAt` is the version the form started from.
 */
export function valuesToSave(
  v: JobValues,
  job: TAppointment | undefined,
  type: TAppointmentType | undefined,
  flagsOf: (c: TComponent) => Required<TComponentFlags>,
  timeZone: string,
): TAppointmentSave {
  const hidden = new Set(
    (type?.components ?? []).filter((c) => flagsOf(c).hide).map((c) => c.prop),
  );
  const values = Object.fromEntries(Object.entries(v.values).filter(([k]) => !hidden.has(k)));
  const body: TAppointmentSave = {
    ...(job && { _id: job._id }),
    ...(v.updatedAt && { updatedAt: v.updatedAt }),
    appointmentTypeId: v.appointmentTypeId,
    // A status name means scheduled on the server: Unscheduled goes without one
    // (a new job's first status stays the form's until a status is chosen).
    status: v.hasSchedule ? v.status : null,
    hasSchedule: v.hasSchedule,
    startDate: fromLocal(v.startDate, timeZone),
    endDate: fromLocal(v.endDate, timeZone),
    isAllDayEvent: v.isAllDayEvent,
    sendClientReminder: v.sendClientReminder,
    priority: v.priority as TAppointmentSave['priority'],
    userId: v.userId || null,
    faultDescription: v.faultDescription,
    resolution: v.resolution,
    values,
  };
  if (!job || writable(type, 'clientSelect', flagsOf)) body.entityId = v.entityId || null;
  if (writable(type, 'usersSelect', flagsOf)) body.assignedUsers = v.assignedUsers;
  if (writable(type, 'itemsSelect', flagsOf)) {
    body.lineItems = v.lineItems.map((l) => ({
      description: l.description,
      code: l.code,
      qty: num(l.qty),
      // An empty price goes as missing, so the server names it.
      price: num(l.price) as number,
      notes: l.notes,
      hasTax: l.hasTax,
      hasSecondTax: l.hasSecondTax,
      save: l.save || undefined,
      category: l.category,
      itemId: l.itemId,
      ledgerAccountId: l.ledgerAccountId,
    }));
    body.discount = { ...v.discount, discountValue: num(v.discount.discountValue) ?? 0 };
  }
  return body;
}

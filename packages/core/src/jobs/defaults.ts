import { ZAppointmentTypeSave } from '../contracts/jobs.js';
import type {
  TAppointmentTypeSave,
  TComponentInput,
  TStatusInput,
  TComponent,
  TStatus,
} from '../contracts/jobs.js';
import { NODE_HEIGHT, NODE_WIDTH } from '../contracts/jobs.js';
import { withNextFromLinks } from './workflow.js';

/** Spec §5: a new type is 'New' / 'New description'. */
export const NEW_TYPE_NAME = 'New';
export const NEW_TYPE_DESCRIPTION = 'New description';
/** Spec §5: a new component is type text, label 'New'. */
export const NEW_COMPONENT_LABEL = 'New';

/** A status node at column `col` of the diagram, linking to the given node ids. */
export function statusNode(
  id: string,
  name: string,
  col: number,
  linksTo: string[],
  extra: Partial<TStatusInput> = {},
): TStatusInput {
  return {
    id,
    name,
    draw: {
      id,
      type: 'Task',
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      x: 40 + col * (NODE_WIDTH + 60),
      y: 80,
      name,
      linksTo,
    },
    ...extra,
  };
}

/** A new component: type text, label 'New', with a prop not yet used. */
export function newComponent(taken: readonly string[]): TComponent {
  let n = 1;
  while (taken.includes(`field${n}`)) n++;
  return {
    prop: `field${n}`,
    label: NEW_COMPONENT_LABEL,
    type: 'text',
    templateId: null,
    options: [],
    wording: '',
    permissions: {},
  };
}

/** A new type: 'New' / 'New description', with a first and a final status. */
export function newType(idFor: (n: number) => string): TAppointmentTypeSave {
  const [a, b] = [idFor(1), idFor(2)];
  return {
    name: NEW_TYPE_NAME,
    description: NEW_TYPE_DESCRIPTION,
    statuses: [statusNode(a, 'New', 0, [b]), statusNode(b, 'Done', 1, [])],
    components: [],
  };
}

const clientC: TComponentInput = { prop: 'client', label: 'Client', type: 'clientSelect' };
const invoiceC: TComponentInput = { prop: 'invoice', label: 'Invoice', type: 'invoice' };
const itemsC: TComponentInput = { prop: 'items', label: 'Items', type: 'itemsSelect' };

/**
 * The types a new company starts with (spec §3: Meeting (client) and Booking
 * (invoice, client, items)), each a small workflow from a first to a final
 * status (docs/jobs.md).
 */
export function defaultTypes(): TAppointmentTypeSave[] {
  return [
    {
      name: 'Meeting',
      description: 'A meeting with a client',
      order: 0,
      statuses: [
        statusNode('meeting-booked', 'Booked', 0, ['meeting-done']),
        statusNode('meeting-done', 'Done', 1, []),
      ],
      components: [clientC],
    },
    {
      name: 'Booking',
      description: 'A booked job, invoiced when done',
      order: 1,
      statuses: [
        statusNode('booking-new', 'New', 0, ['booking-booked']),
        statusNode('booking-booked', 'Booked', 1, ['booking-done']),
        statusNode('booking-done', 'Job Done', 2, ['booking-invoiced'], {
          autoGenerateInvoice: true,
          autoMoveInvoiceClient: true,
        }),
        statusNode('booking-invoiced', 'Invoiced', 3, []),
      ],
      components: [invoiceC, clientC, itemsC],
    },
  ];
}

/** A type as saved: parsed with defaults, `next` derived from the diagram links. */
export function normaliseType(input: TAppointmentTypeSave) {
  const t = ZAppointmentTypeSave.parse(input);
  return { ...t, statuses: withNextFromLinks<TStatus>(t.statuses) };
}

/**
 * A new job's start and end (spec §4): the next half hour, and 30 minutes
 * after it. `now` in epoch milliseconds; answers ISO strings. The half hour is
 * the local clock's (zones such as Asia/Kathmandu are not whole half hours
 * from UTC); the sum is done in epoch time so a DST change cannot skip an hour.
 */
export function newJobTimes(now: number): { startDate: string; endDate: string } {
  const half = 30 * 60 * 1000;
  const d = new Date(now);
  const intoHalf = ((d.getMinutes() % 30) * 60 + d.getSeconds()) * 1000 + d.getMilliseconds();
  const start = now - intoHalf + half;
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + half).toISOString(),
  };
}

/** Where and when a new job starts (spec §4), before the user changes anything. */
export interface NewJobDefaults {
  appointmentTypeId: string;
  /** The type's first status: the status field's default, shown as Unscheduled until scheduled. */
  status: string | null;
  hasSchedule: false;
  isAllDayEvent: true;
  sendClientReminder: false;
  startDate: string;
  endDate: string;
}

/**
 * A new job (spec §4): unscheduled (hasSchedule false), all day, no client
 * reminder, the next half hour and 30 minutes after it, the given type (else
 * the first, by `order`), and the status field set to that type's first
 * status. The job shows Unscheduled until a status is chosen (core
 * `shownStatus` reads hasSchedule false as Unscheduled).
 */
export function newJobDefaults(
  types: readonly { _id: string; order: number; statuses: readonly { name: string }[] }[],
  now: number,
  typeId: string | null = null,
): NewJobDefaults {
  const first = [...types].sort((a, b) => a.order - b.order)[0];
  const type = types.find((t) => t._id === typeId) ?? first;
  return {
    appointmentTypeId: type?._id ?? '',
    status: type?.statuses[0]?.name ?? null,
    hasSchedule: false,
    isAllDayEvent: true,
    sendClientReminder: false,
    ...newJobTimes(now),
  };
}

import type { TAppointmentType } from '@fieldbook/core';

/** The job fields a change offline may carry, as the modal names them. */
const LABELS: Record<string, string> = {
  status: 'Status',
  startDate: 'Start',
  endDate: 'End',
  isAllDayEvent: 'All day',
  sendClientReminder: 'Client reminder',
  priority: 'Priority',
  userId: 'Assignee',
  assignedUsers: 'Assigned users',
  entityId: 'Client',
  faultDescription: 'Fault description',
  resolution: 'Resolution',
  to: 'To',
  toEmail: 'To e-mail',
  address: 'Address',
  lineItems: 'Line items',
  discount: 'Discount',
};

/** A conflict's field as the technician knows it (a form value by its component's label). */
export function conflictLabel(field: string, type?: TAppointmentType): string {
  if (field.startsWith('values.')) {
    const prop = field.slice('values.'.length);
    return type?.components.find((c) => c.prop === prop)?.label || prop;
  }
  return LABELS[field] ?? field;
}

/** A value shown in a conflict: text as it is, photos counted, switches as Yes/No. */
export function conflictValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(empty)';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v))
    return v.every((x) => typeof x === 'string')
      ? `${v.length} ${v.length === 1 ? 'item' : 'items'}`
      : `${v.length} lines`;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

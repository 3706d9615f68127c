import type { TComponent, TComponentFlags, TStatus, TStatusFlags } from '../contracts/jobs.js';

const COMPONENT_FLAGS = [
  'viewOnly',
  'hide',
  'hideItemCode',
  'hideItemPrice',
  'hideItemTax',
  'hideAccount',
  'hideSaveItem',
  'allowMultiImages',
] as const;
const STATUS_FLAGS = ['hideDeleteItem', 'viewOnlySchedule', 'hideAssignee'] as const;

function merge<K extends string>(
  keys: readonly K[],
  general: Partial<Record<K, boolean>> | undefined,
  group: Partial<Record<K, boolean>> | undefined,
): Record<K, boolean> {
  const out = {} as Record<K, boolean>;
  for (const k of keys) out[k] = group?.[k] ?? general?.[k] ?? false;
  return out;
}

/**
 * A component's flags for a job in the status with id `statusId` (none for
 * Unscheduled and Scheduled, which show everything), seen by a member of
 * `groupId`: the group's own setting wins, else the status's general one.
 */
export function componentFlags(
  component: Pick<TComponent, 'permissions'>,
  statusId: string | null,
  groupId: string | null,
): Required<TComponentFlags> {
  const perStatus = statusId ? component.permissions[statusId] : undefined;
  const perGroup = groupId ? perStatus?.groups?.[groupId] : undefined;
  return merge(COMPONENT_FLAGS, perStatus, perGroup);
}

/** A status's own flags (hideDeleteItem, viewOnlySchedule, hideAssignee) for a group. */
export function statusFlags(
  status: Pick<TStatus, 'permissions'> | null | undefined,
  groupId: string | null,
): Required<TStatusFlags> {
  const perGroup = groupId ? status?.permissions.groups?.[groupId] : undefined;
  return merge(STATUS_FLAGS, status?.permissions, perGroup);
}

/**
 * The status a job's permissions come from: the type's status of that name,
 * or none (Unscheduled, Scheduled, or a name the type no longer has).
 */
export function statusOf<S extends Pick<TStatus, 'name'>>(
  statuses: S[],
  name: string | null | undefined,
): S | null {
  return (name && statuses.find((s) => s.name === name)) || null;
}

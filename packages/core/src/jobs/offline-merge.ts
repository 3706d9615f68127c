import type { TAppointment, TAppointmentSave, TComponentValue } from '../contracts/jobs.js';
import { shownStatus } from './workflow.js';

/*
 * A job change made offline meets the job as the server has it now (issue 24,
 * DECISIONS §18). The phone keeps the job as it was when the change was made
 * (the base), the change itself (a patch: only the fields it changed) and reads
 * the server's job again when its save is refused as stale. Per field:
 * - the server's value is still the base: the change's value goes through;
 * - the server already has the change's value: nothing to send;
 * - both changed it, differently: a conflict the technician decides.
 * Fields the change left alone keep the server's value (a save is a patch).
 */

/** What an offline job change may carry (the modal's fields, the form's values). */
export type JobPatch = Pick<
  TAppointmentSave,
  | 'status'
  | 'hasSchedule'
  | 'startDate'
  | 'endDate'
  | 'isAllDayEvent'
  | 'sendClientReminder'
  | 'priority'
  | 'userId'
  | 'entityId'
  | 'faultDescription'
  | 'resolution'
  | 'to'
  | 'toEmail'
  | 'address'
> & {
  assignedUsers?: string[];
  lineItems?: TAppointmentSave['lineItems'];
  discount?: TAppointmentSave['discount'];
  values?: Record<string, TComponentValue>;
};

/** The job's side of a patch field: what the server or the base holds. */
type JobLike = Pick<
  TAppointment,
  | 'status'
  | 'hasSchedule'
  | 'startDate'
  | 'endDate'
  | 'isAllDayEvent'
  | 'sendClientReminder'
  | 'priority'
  | 'userId'
  | 'entityId'
  | 'faultDescription'
  | 'resolution'
  | 'to'
  | 'toEmail'
  | 'address'
  | 'assignedUsers'
  | 'lineItems'
  | 'discount'
  | 'values'
>;

/** Fields compared one by one; `status` stands for the pair status and hasSchedule. */
const PLAIN = [
  'startDate',
  'endDate',
  'isAllDayEvent',
  'sendClientReminder',
  'priority',
  'userId',
  'entityId',
  'faultDescription',
  'resolution',
  'to',
  'toEmail',
  'address',
  'lineItems',
  'discount',
] as const;

/** A field both sides changed: `field` is a job field, `status`, `assignedUsers` or `values.<prop>`. */
export interface JobConflict {
  field: string;
  mine: unknown;
  theirs: unknown;
}

export interface JobMerge {
  /** What goes through without a question (send it with the server's updatedAt). */
  patch: JobPatch;
  /** What the technician chooses, field by field. */
  conflicts: JobConflict[];
}

/** Equal as data (key order aside); numbers, strings, arrays and plain objects. */
export function sameValue(a: unknown, b: unknown): boolean {
  return stable(a ?? null) === stable(b ?? null);
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** The shown place of a job or patch: the status name when scheduled, else null (Unscheduled). */
function place(hasSchedule: boolean | undefined, status: string | null | undefined): string | null {
  return hasSchedule === false ? null : (status ?? null);
}

const userIds = (users: { userId: string }[]) => users.map((u) => u.userId).sort();

/** The patch that turns `base` into `next` (what an offline save queues). */
export function diffJob(base: JobLike, next: JobPatch): JobPatch {
  const out: JobPatch = {};
  const o = out as Record<string, unknown>;
  for (const f of PLAIN) {
    if (next[f] !== undefined && !sameValue(next[f], base[f])) o[f] = next[f];
  }
  if (
    (next.status !== undefined || next.hasSchedule !== undefined) &&
    place(next.hasSchedule ?? base.hasSchedule, next.status ?? base.status) !==
      place(base.hasSchedule, base.status)
  ) {
    out.status = next.status ?? base.status;
    out.hasSchedule = next.hasSchedule ?? base.hasSchedule;
  }
  if (next.assignedUsers && !sameValue([...next.assignedUsers].sort(), userIds(base.assignedUsers)))
    out.assignedUsers = next.assignedUsers;
  const values: Record<string, TComponentValue> = {};
  for (const [prop, v] of Object.entries(next.values ?? {}))
    if (!sameValue(v, base.values[prop])) values[prop] = v;
  if (Object.keys(values).length) out.values = values;
  return out;
}

/** One patch after another (a later change of a field wins; values merge by prop). */
export function combinePatches(first: JobPatch, later: JobPatch): JobPatch {
  const values = { ...(first.values ?? {}), ...(later.values ?? {}) };
  const out: JobPatch = { ...first, ...later };
  if (Object.keys(values).length) out.values = values;
  return out;
}

/** Splits an offline patch against the server's job now (see the top of this file). */
export function mergeJobChange(base: JobLike, mine: JobPatch, theirs: JobLike): JobMerge {
  const patch: JobPatch = {};
  const p = patch as Record<string, unknown>;
  const conflicts: JobConflict[] = [];
  const take = (field: string, m: unknown, b: unknown, t: unknown, apply: () => void) => {
    if (sameValue(t, m)) return;
    if (sameValue(t, b)) apply();
    else conflicts.push({ field, mine: m, theirs: t });
  };
  for (const f of PLAIN) {
    if (mine[f] === undefined) continue;
    take(f, mine[f], base[f], theirs[f], () => (p[f] = mine[f]));
  }
  if (mine.status !== undefined || mine.hasSchedule !== undefined) {
    const m = place(mine.hasSchedule ?? base.hasSchedule, mine.status ?? base.status);
    take(
      'status',
      m,
      place(base.hasSchedule, base.status),
      place(theirs.hasSchedule, theirs.status),
      () => {
        patch.status = mine.status ?? base.status;
        patch.hasSchedule = mine.hasSchedule ?? base.hasSchedule;
      },
    );
  }
  if (mine.assignedUsers) {
    const m = [...mine.assignedUsers].sort();
    take('assignedUsers', m, userIds(base.assignedUsers), userIds(theirs.assignedUsers), () => {
      patch.assignedUsers = mine.assignedUsers;
    });
  }
  for (const [prop, v] of Object.entries(mine.values ?? {})) {
    take(`values.${prop}`, v, base.values[prop], theirs.values[prop], () => {
      patch.values = { ...(patch.values ?? {}), [prop]: v };
    });
  }
  return { patch, conflicts };
}

/** The patch to send once the technician chose: `mine` for the fields in `keepMine`, the server's for the rest. */
export function resolveJobMerge(merge: JobMerge, mine: JobPatch, keepMine: Set<string>): JobPatch {
  const out: JobPatch = { ...merge.patch, values: { ...(merge.patch.values ?? {}) } };
  const o = out as Record<string, unknown>;
  for (const c of merge.conflicts) {
    if (!keepMine.has(c.field)) continue;
    if (c.field.startsWith('values.')) {
      const prop = c.field.slice('values.'.length);
      out.values![prop] = mine.values![prop]!;
    } else if (c.field === 'status') {
      out.status = mine.status;
      if (mine.hasSchedule !== undefined) out.hasSchedule = mine.hasSchedule;
    } else o[c.field] = (mine as Record<string, unknown>)[c.field];
  }
  if (!Object.keys(out.values!).length) delete out.values;
  return out;
}

/**
 * A job as the phone shows it while `patch` waits: the patch's fields over the
 * job's (assignees keep the names the job had; a new one shows by id until synced).
 */
export function applyJobPatch<T extends JobLike & { shownStatus: string }>(
  job: T,
  patch: JobPatch,
): T {
  const { assignedUsers, values, lineItems, discount, ...plain } = patch;
  const out = { ...job } as T;
  const o = out as Record<string, unknown>;
  for (const [k, v] of Object.entries(plain)) if (v !== undefined) o[k] = v;
  if (lineItems) out.lineItems = lineItems as T['lineItems'];
  if (discount) out.discount = discount as T['discount'];
  if (assignedUsers) {
    const names = new Map(job.assignedUsers.map((u) => [u.userId, u.name]));
    out.assignedUsers = assignedUsers.map((userId) => ({ userId, name: names.get(userId) ?? '' }));
  }
  if (values) out.values = { ...job.values, ...values };
  out.shownStatus = shownStatus(out);
  return out;
}

import type { TComponent, TStatus } from '../contracts/jobs.js';

/** Not statuses of a type: a job may always go to them (DECISIONS §12). */
export const UNSCHEDULED = 'Unscheduled';
export const SCHEDULED = 'Scheduled';
/** The log entry whose date is a job's cleared date in exports (spec §4). */
export const JOB_DONE = 'Job Done';

/** The part of a job the status rules read. */
export interface JobPlace {
  status?: string | null;
  hasSchedule?: boolean | null;
}

/**
 * The status a job shows (spec §4): its status when scheduled; otherwise
 * Scheduled when it has none, or Unscheduled when hasSchedule is false.
 */
export function shownStatus(job: JobPlace): string {
  if (job.hasSchedule === false) return UNSCHEDULED;
  return job.status ? job.status : SCHEDULED;
}

/**
 * A status with no outgoing link is final (and so hidden). A status marked
 * hide is not final but hidden too: isHidden is what ends a job's activity
 * (DECISIONS §9).
 */
export function isFinal(status: Pick<TStatus, 'draw' | 'next'>): boolean {
  return status.draw.linksTo.length === 0 && status.next.length === 0;
}

/** Whether the board hides the status: marked hide, or final (spec §4). */
export function isHidden(status: Pick<TStatus, 'draw' | 'next' | 'hide'>): boolean {
  return status.hide || isFinal(status);
}

/**
 * Makes `next` follow the diagram: each status's `next` becomes the names of
 * the statuses its node links to, in link order. Links to unknown nodes and
 * repeated links are dropped. The diagram is the truth; `next` is derived.
 */
export function withNextFromLinks<S extends Pick<TStatus, 'id' | 'name' | 'draw' | 'next'>>(
  statuses: S[],
): S[] {
  const byNode = new Map(statuses.map((s) => [s.draw.id, s]));
  return statuses.map((s) => {
    const links = [...new Set(s.draw.linksTo)].filter((id) => byNode.has(id) && id !== s.draw.id);
    return {
      ...s,
      draw: { ...s.draw, linksTo: links, name: s.name },
      next: links.map((id) => byNode.get(id)!.name),
    };
  });
}

/**
 * The statuses a job may move to from where it is (DECISIONS §12):
 * Unscheduled and Scheduled always; from them (or from nowhere, for a new
 * job) the type's first status; from a status of the type, its `next`.
 * Staying where it is, is always allowed.
 */
export function allowedMoves(
  statuses: Pick<TStatus, 'name' | 'next'>[],
  from: JobPlace | null,
): string[] {
  const here = from ? shownStatus(from) : UNSCHEDULED;
  const current = statuses.find((s) => s.name === here);
  const onward = current ? current.next : statuses.slice(0, 1).map((s) => s.name);
  return [...new Set([here, ...onward, UNSCHEDULED, SCHEDULED])];
}

/**
 * Null when the move is allowed, else the message of the 400 naming the
 * allowed statuses.
 */
export function moveRefusal(
  statuses: Pick<TStatus, 'name' | 'next'>[],
  from: JobPlace | null,
  to: JobPlace,
): string | null {
  const target = shownStatus(to);
  const allowed = allowedMoves(statuses, from);
  // Staying put first: a job whose status the designer has since removed may
  // still be saved without moving it.
  if (allowed.includes(target)) return null;
  if (!statuses.some((s) => s.name === target)) return `'${target}' is not a status of this type`;
  const here = from ? shownStatus(from) : UNSCHEDULED;
  return `A job in '${here}' may move only to ${allowed
    .filter((s) => s !== here)
    .map((s) => `'${s}'`)
    .join(', ')}`;
}

/** What a job holds that decides whether a component is filled. */
export interface JobFill {
  entityId?: string | null;
  invoiceId?: string | null;
  userId?: string | null;
  assignedUsers?: readonly unknown[] | null;
  lineItems?: readonly unknown[] | null;
  values?: Record<string, unknown> | null;
  commentCount?: number;
}

/** Whether a job has filled a component (a switch counts when on). */
export function isFilled(component: Pick<TComponent, 'type' | 'prop'>, job: JobFill): boolean {
  switch (component.type) {
    case 'clientSelect':
      return !!job.entityId;
    case 'itemsSelect':
      return (job.lineItems?.length ?? 0) > 0;
    case 'invoice':
      return !!job.invoiceId;
    case 'usersSelect':
      return (job.assignedUsers?.length ?? 0) > 0 || !!job.userId;
    case 'comments':
      return (job.commentCount ?? 0) > 0;
    case 'wording':
    case 'document':
      return true;
    default: {
      const v = job.values?.[component.prop];
      if (Array.isArray(v)) return v.length > 0;
      if (typeof v === 'string') return v.trim() !== '';
      if (typeof v === 'boolean') return v;
      return typeof v === 'number';
    }
  }
}

/**
 * The labels of the components a status requires that the job has not
 * filled, in the status's order. Unknown props are ignored here (the
 * designer's graph check reports them).
 */
export function missingRequired(
  status: Pick<TStatus, 'requiredComponents'>,
  components: Pick<TComponent, 'type' | 'prop' | 'label'>[],
  job: JobFill,
): string[] {
  return status.requiredComponents.flatMap((prop) => {
    const c = components.find((x) => x.prop === prop);
    return c && !isFilled(c, job) ? [c.label] : [];
  });
}

/** The refusal of a move into a status whose required components are empty. */
export function requiredRefusal(statusName: string, missing: string[]): string {
  return `Fill in ${missing.map((m) => `'${m}'`).join(', ')} before moving the job to '${statusName}'`;
}

/**
 * The type a job names by `appointmentType` (spec operations §3: it "matches
 * a template name"): the one with that name, ignoring case and surrounding
 * spaces as type names are unique; undefined when none has it.
 */
export function typeByName<T extends { name: string }>(types: T[], name: string): T | undefined {
  const key = name.trim().toLowerCase();
  return types.find((t) => t.name.trim().toLowerCase() === key);
}

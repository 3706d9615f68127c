import type { TStatus } from '../contracts/jobs.js';

/*
 * Deleting an appointment type (issue 19 B4, DECISIONS §12, docs/jobs.md
 * "Deleting a type"): refused for the company's last type, and while jobs or
 * recurring jobs use it unless they move to another type of the company.
 */

/** The refusal of deleting a company's only type. */
export const LAST_TYPE = 'A company keeps at least one type';

/** The refusal (409, naming `moveTo`) while jobs or recurring jobs use the type. */
export function typeInUse(jobs: number, recurring: number): string {
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  const parts = [
    ...(jobs ? [n(jobs, 'job', 'jobs')] : []),
    ...(recurring ? [n(recurring, 'recurring job', 'recurring jobs')] : []),
  ];
  return `${parts.join(' and ')} ${jobs + recurring === 1 ? 'uses' : 'use'} this type: choose a type to move them to`;
}

/**
 * The status a job takes when its type is deleted and it moves to a type
 * with `statuses`: its own when the new type has a status of that name, else
 * the new type's first. A job with none (Scheduled) keeps none.
 */
export function statusAfterTypeMove(
  status: string | null,
  statuses: Pick<TStatus, 'name'>[],
): string | null {
  if (status === null) return null;
  if (statuses.some((s) => s.name === status)) return status;
  return statuses[0]?.name ?? null;
}

/** The entry a moved job's log gets. */
export const typeMoveEntry = (from: string, to: string) =>
  `Type ${from} deleted: moved to type ${to}`;

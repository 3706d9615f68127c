import type { Location } from 'react-router';

/** The search parameter that holds the open job: its id, or 'new'. */
export const JOB_PARAM = 'job';

export const jobParam = (l: Pick<Location, 'search'>) =>
  new URLSearchParams(l.search).get(JOB_PARAM);

/**
 * Whether a navigation leaves the open job: another page, or the job closed
 * or swapped (Back closes the modal). A new job taking its id on its first
 * save (`new` to the id) is not leaving.
 */
export function leavesJob(from: Location, to: Location): boolean {
  if (from.pathname !== to.pathname) return true;
  const a = jobParam(from);
  const b = jobParam(to);
  return a !== b && !(a === 'new' && b !== null && b !== 'new');
}

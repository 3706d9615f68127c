import type { Tx } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { DeferJobError } from '../../platform/queue.js';
import { sentThisHour, takeSends } from './send-limit.repo.js';

/**
 * Counts `n` messages in the company's hourly limit (DECISIONS §14), or
 * refuses them all (429): documents, statements, bulk sends and invitations.
 */
export async function countSends(tx: Tx, companyId: string, n: number, limit: number) {
  if (n === 0 || (await takeSends(tx, companyId, n, limit))) return;
  const left = Math.max(0, limit - (await sentThisHour(tx, companyId)));
  throw new HttpError(
    429,
    `Sending limit reached: a company sends at most ${limit} e-mails an hour` +
      (n > 1 ? `; ${left} more can go this hour` : ''),
  );
}

/**
 * Takes one place in the company's hourly limit for a message that can wait
 * (an automation's): answers false, counting nothing, when the hour is full.
 */
export const takeSendPlace = (tx: Tx, companyId: string, limit: number): Promise<boolean> =>
  takeSends(tx, companyId, 1, limit);

/**
 * Takes a place in the company's hourly sending limit (DECISIONS §14) for one
 * mail of a queued job that was not counted when it was queued (an
 * automation's, a recurring invoice's), or puts the job off to the next clock
 * hour: such a mail never goes over the limit and is never dropped, it waits.
 */
export async function takePlaceOrWait(limit: number, db: Tx, companyId: string) {
  if (await takeSendPlace(db, companyId, limit)) return;
  const next = new Date();
  next.setUTCMinutes(60, 5, 0);
  throw new DeferJobError(next, 'Sending limit reached for this hour: waiting for the next');
}

import type { Tx } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
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

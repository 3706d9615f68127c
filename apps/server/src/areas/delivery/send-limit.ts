import type { Tx } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { DeferQueueError } from '../../platform/queue.js';
import { giveBackSends, sentThisHour, takeSends, type SendHour } from './send-limit.repo.js';

/**
 * Counts `n` messages in the company's hourly limit (DECISIONS §14), or
 * refuses them all (429): documents, statements, bulk sends and invitations.
 * Answers the hour they were counted in (to give them back if they never went).
 */
export async function countSends(
  tx: Tx,
  companyId: string,
  n: number,
  limit: number,
): Promise<SendHour | null> {
  if (n === 0) return null;
  const hour = await takeSends(tx, companyId, n, limit);
  if (hour) return hour;
  const left = Math.max(0, limit - (await sentThisHour(tx, companyId)));
  throw new HttpError(
    429,
    `Sending limit reached: a company sends at most ${limit} e-mails an hour` +
      (n > 1 ? `; ${left} more can go this hour` : ''),
  );
}

/**
 * Takes one place in the company's hourly limit for a message that can wait
 * (an automation's): answers null, counting nothing, when the hour is full.
 */
export const takeSendPlace = (tx: Tx, companyId: string, limit: number) =>
  takeSends(tx, companyId, 1, limit);

/**
 * When a message put off by a full hour is due again: spread at random over
 * the next clock hour, so a company's deferred mail does not all fall due at
 * the same second (DECISIONS §15; docs/performance.md, "Fairness").
 */
export function nextHourSpread(now = new Date(), random = Math.random): Date {
  const next = new Date(now);
  next.setUTCMinutes(60, 5, 0);
  return new Date(next.getTime() + Math.floor(random() * 3_590_000));
}

/**
 * Takes a place in the company's hourly sending limit (DECISIONS §14) for one
 * mail of a queued job that was not counted when it was queued (an
 * automation's, a recurring invoice's), or puts the job off to the next clock
 * hour: such a mail never goes over the limit and is never dropped, it waits.
 */
export async function takePlaceOrWait(limit: number, db: Tx, companyId: string) {
  const hour = await takeSendPlace(db, companyId, limit);
  if (hour) return hour;
  throw new DeferQueueError(
    nextHourSpread(),
    'Sending limit reached for this hour: waiting for the next',
  );
}

/**
 * Runs `send` (render, print, hand to SMTP) on a place taken in the limit
 * first: a mail over the limit is put off before anything is printed. When
 * `send` fails (SMTP refused the mail, printing failed) the place is given
 * back: only a mail that went uses one.
 */
export async function sendOnPlace<T>(
  db: Tx,
  companyId: string,
  take: () => Promise<SendHour | null>,
  send: () => Promise<T>,
): Promise<T> {
  const hour = await take();
  try {
    return await send();
  } catch (e) {
    if (hour) await giveBackSends(db, companyId, hour, 1).catch(() => {});
    throw e;
  }
}

/** `sendOnPlace` for a queued mail counted when it sends (waits for the next hour when full). */
export const sendWithinLimit = <T>(
  limit: number,
  db: Tx,
  companyId: string,
  send: () => Promise<T>,
): Promise<T> => sendOnPlace(db, companyId, () => takePlaceOrWait(limit, db, companyId), send);

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sendCounts } from '../../db/schema/index.js';

const thisHour = sql`date_trunc('hour', now())`;

/** The clock hour places were counted in. */
export type SendHour = Date;

/**
 * Counts `n` more messages in the company's current hour, unless that would
 * pass `limit`: one statement, so concurrent senders on any process cannot
 * both take the last places. Answers the hour they were taken in, or null.
 */
export async function takeSends(
  tx: Tx,
  companyId: string,
  n: number,
  limit: number,
): Promise<SendHour | null> {
  if (n > limit) return null;
  const rows = await tx
    .insert(sendCounts)
    .values({ companyId, hour: thisHour, count: n })
    .onConflictDoUpdate({
      target: [sendCounts.companyId, sendCounts.hour],
      set: { count: sql`${sendCounts.count} + excluded.count` },
      setWhere: sql`${sendCounts.count} + excluded.count <= ${limit}`,
    })
    .returning({ hour: sendCounts.hour });
  if (rows.length === 0) return null;
  // Earlier hours are of no more use.
  await tx
    .delete(sendCounts)
    .where(and(eq(sendCounts.companyId, companyId), lt(sendCounts.hour, thisHour)));
  return rows[0]!.hour;
}

/** Gives back `n` places taken in `hour` by messages that never went (a hour gone is left alone). */
export async function giveBackSends(tx: Tx, companyId: string, hour: SendHour, n: number) {
  await tx
    .update(sendCounts)
    .set({ count: sql`greatest(${sendCounts.count} - ${n}, 0)` })
    .where(and(eq(sendCounts.companyId, companyId), eq(sendCounts.hour, hour)));
}

/** How many the company sent in the current hour. */
export async function sentThisHour(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sendCounts.count })
    .from(sendCounts)
    .where(and(eq(sendCounts.companyId, companyId), eq(sendCounts.hour, thisHour)));
  return row?.count ?? 0;
}

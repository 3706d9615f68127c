import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sendCounts } from '../../db/schema/index.js';

const thisHour = sql`date_trunc('hour', now())`;

/**
 * Counts `n` more messages in the company's current hour, unless that would
 * pass `limit`: one statement, so concurrent senders on any process cannot
 * both take the last places. Answers whether they were taken.
 */
export async function takeSends(tx: Tx, companyId: string, n: number, limit: number) {
  if (n > limit) return false;
  const rows = await tx
    .insert(sendCounts)
    .values({ companyId, hour: thisHour, count: n })
    .onConflictDoUpdate({
      target: [sendCounts.companyId, sendCounts.hour],
      set: { count: sql`${sendCounts.count} + excluded.count` },
      setWhere: sql`${sendCounts.count} + excluded.count <= ${limit}`,
    })
    .returning({ count: sendCounts.count });
  // Earlier hours are of no more use.
  if (rows.length > 0)
    await tx
      .delete(sendCounts)
      .where(and(eq(sendCounts.companyId, companyId), lt(sendCounts.hour, thisHour)));
  return rows.length > 0;
}

/** How many the company sent in the current hour. */
export async function sentThisHour(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sendCounts.count })
    .from(sendCounts)
    .where(and(eq(sendCounts.companyId, companyId), eq(sendCounts.hour, thisHour)));
  return row?.count ?? 0;
}

import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { calendarFeeds } from '../../db/schema/index.js';

export type FeedRow = typeof calendarFeeds.$inferSelect;

export async function findFeed(db: Tx, companyId: string, userId: string) {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findFeedByHash(db: Tx, tokenHash: string): Promise<FeedRow | null> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** One feed per member and company: a new token replaces the old one at once. */
export async function putFeed(
  db: Tx,
  v: { companyId: string; userId: string; tokenHash: string; tokenSealed: string },
) {
  await db
    .insert(calendarFeeds)
    .values(v)
    .onConflictDoUpdate({
      target: [calendarFeeds.companyId, calendarFeeds.userId],
      set: { tokenHash: v.tokenHash, tokenSealed: v.tokenSealed, createdAt: new Date() },
    });
}

export async function deleteFeed(db: Tx, companyId: string, userId: string) {
  await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)));
}

import { and, eq, getTableColumns, isNull, lte, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { calendarFeeds, companyMembers } from '../../db/schema/index.js';

export type FeedRow = typeof calendarFeeds.$inferSelect;

const membership = and(
  eq(companyMembers.companyId, calendarFeeds.companyId),
  eq(companyMembers.userId, calendarFeeds.userId),
);
/**
 * A feed turned on before its member (re)joined the company is off: a member
 * removed and added again must turn it on again, with a new URL.
 */
const notBeforeJoining = or(
  isNull(companyMembers.joinedAt),
  lte(companyMembers.joinedAt, calendarFeeds.createdAt),
);

/** The member's feed (see notBeforeJoining). */
export async function findFeed(db: Tx, companyId: string, userId: string) {
  const [row] = await db
    .select(getTableColumns(calendarFeeds))
    .from(calendarFeeds)
    .leftJoin(companyMembers, membership)
    .where(
      and(
        eq(calendarFeeds.companyId, companyId),
        eq(calendarFeeds.userId, userId),
        notBeforeJoining,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The feed with this token (see notBeforeJoining). */
export async function findFeedByHash(db: Tx, tokenHash: string): Promise<FeedRow | null> {
  const [row] = await db
    .select(getTableColumns(calendarFeeds))
    .from(calendarFeeds)
    .leftJoin(companyMembers, membership)
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), notBeforeJoining))
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

import { and, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { NOTIFICATIONS_KEPT } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { notificationSettings, notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Adds a notification (once per `dedupeKey`) and keeps the member's newest
 * `NOTIFICATIONS_KEPT` in the company; answers its id, or null when it existed.
 */
export async function insertNotification(
  tx: Tx,
  row: Pick<
    NotificationRow,
    'companyId' | 'userId' | 'kind' | 'jobId' | 'title' | 'body' | 'dedupeKey'
  > &
    Partial<Pick<NotificationRow, 'invoiceId'>>,
): Promise<string | null> {
  const [r] = await tx
    .insert(notifications)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!r) return null;
  const mine = and(
    eq(notifications.companyId, row.companyId),
    eq(notifications.userId, row.userId),
  );
  const kept = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.seq))
    .limit(NOTIFICATIONS_KEPT);
  await tx.delete(notifications).where(and(mine, notInArray(notifications.id, kept)));
  return r.id;
}

/** A member's notifications of `kinds` in a company, newest first. */
export async function listNotifications(
  db: Tx,
  companyId: string,
  userId: string,
  kinds: string[],
) {
  if (kinds.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        inArray(notifications.kind, kinds),
      ),
    )
    .orderBy(desc(notifications.seq))
    .limit(NOTIFICATIONS_KEPT);
}

/** How many of a member's notifications of `kinds` are unread. */
export async function unreadCount(db: Tx, companyId: string, userId: string, kinds: string[]) {
  if (kinds.length === 0) return 0;
  const [r] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        inArray(notifications.kind, kinds),
        isNull(notifications.readAt),
      ),
    );
  return r?.n ?? 0;
}

/** Which of `ids` are the member's notifications of `kinds` in the company. */
export async function ownedIds(
  db: Tx,
  companyId: string,
  userId: string,
  kinds: string[],
  ids: string[],
) {
  if (kinds.length === 0 || ids.length === 0) return [];
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        inArray(notifications.kind, kinds),
        inArray(notifications.id, ids),
      ),
    );
  return rows.map((r) => r.id);
}

/** Marks the member's notifications (`ids`, or all of `kinds`) read. */
export async function markRead(
  db: Tx,
  companyId: string,
  userId: string,
  kinds: string[],
  ids: string[] | null,
) {
  if (kinds.length === 0) return;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        inArray(notifications.kind, kinds),
        isNull(notifications.readAt),
        ...(ids ? [inArray(notifications.id, ids)] : []),
      ),
    );
}

/** One notification's recipient and kind (for the push). */
export async function findNotification(db: Tx, companyId: string, id: string) {
  const [r] = await db
    .select({ userId: notifications.userId, kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.companyId, companyId), eq(notifications.id, id)))
    .limit(1);
  return r ?? null;
}

/** The user's e-mail choices per kind (absent kinds: not chosen). */
export async function emailChoices(db: Tx, userId: string): Promise<Record<string, boolean>> {
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.kind, r.email]));
}

export async function saveEmailChoice(db: Tx, userId: string, kind: string, email: boolean) {
  await db
    .insert(notificationSettings)
    .values({ userId, kind, email })
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { email },
    });
}

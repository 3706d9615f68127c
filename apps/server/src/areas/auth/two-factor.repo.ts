import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { backupCodes, securityEvents, users } from '../../db/schema/index.js';

/** The auth area writes a user's second factor, backup codes and security events. */

export async function setPendingSecret(db: Tx, userId: string, sealed: string): Promise<void> {
  await db.update(users).set({ totpPending: sealed }).where(eq(users.id, userId));
}

/** Turns the pending secret on, its first code's step taken. */
export async function enableSecret(
  tx: Tx,
  userId: string,
  sealed: string,
  step: number,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpSecret: sealed, totpPending: null, totpEnabledAt: sql`now()`, totpLastStep: step })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function clearSecret(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpPending: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
}

/**
 * Takes a code's step: only past the last one taken, in one conditional
 * update, so of two sign-ins with one code at once exactly one gets in.
 */
export async function takeStep(db: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function replaceBackupCodes(tx: Tx, userId: string, hashes: string[]): Promise<void> {
  await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await tx.insert(backupCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a backup code once: one conditional update, so it is never taken twice. */
export async function useBackupCode(db: Tx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(backupCodes.userId, userId),
        eq(backupCodes.codeHash, codeHash),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ id: backupCodes.id });
  return rows.length > 0;
}

export async function backupCodesLeft(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.n ?? 0;
}

export async function addSecurityEvent(
  db: Tx,
  v: { userId: string; kind: string; ip: string; byUserId?: string | null },
): Promise<void> {
  // The clock's time, not the transaction's, and the list's ties broken by `seq`: two events
  // of one change (a backup code used to make new ones) keep their order in the list.
  await db
    .insert(securityEvents)
    .values({ ...v, byUserId: v.byUserId ?? null, createdAt: sql`clock_timestamp()` });
}

export async function recentSecurityEvents(db: Tx, userId: string, limit = 20) {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.seq))
    .limit(limit);
}

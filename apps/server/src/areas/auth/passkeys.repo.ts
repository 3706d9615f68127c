import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { passkeyChallenges, passkeys, users } from '../../db/schema/index.js';

/** The auth area writes a user's passkeys and the passwordless sign-ins' challenges. */

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function listPasskeys(db: Tx, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** Holds the user's row for the caller's transaction: their passkeys are counted and added one at a time. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countPasskeys(db: Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findPasskeyByCredential(
  db: Tx,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

/** Adds a passkey; null when its credential is registered already (to anyone). */
export async function insertPasskey(
  db: Tx,
  v: Pick<
    typeof passkeys.$inferInsert,
    'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'
  >,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .insert(passkeys)
    .values(v)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row ?? null;
}

/** Renames one of the user's passkeys; null when the user has no such passkey. */
export async function renamePasskey(
  db: Tx,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(db: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** A super's reset of the second factor takes every passkey of the user. */
export async function deleteAllPasskeys(db: Tx, userId: string): Promise<number> {
  const rows = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return rows.length;
}

/**
 * Records a use: the new counter only past the stored one (both 0 for an
 * authenticator that keeps none), in one conditional update, so of two
 * assertions with one counter at once only one is taken.
 */
export async function takeCounter(db: Tx, id: string, counter: number): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, id),
        or(lt(passkeys.counter, counter), and(eq(passkeys.counter, 0), sql`${counter} = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** A passwordless sign-in's challenge; expired ones are dropped on the way. */
export async function insertChallenge(db: Tx, challengeHash: string, expiresAt: Date) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  await db.insert(passkeyChallenges).values({ challengeHash, expiresAt });
}

/** Uses a passwordless challenge once: true the first time, while it is live. */
export async function consumeChallenge(db: Tx, challengeHash: string): Promise<boolean> {
  const rows = await db
    .update(passkeyChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passkeyChallenges.challengeHash, challengeHash),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ h: passkeyChallenges.challengeHash });
  return rows.length > 0;
}

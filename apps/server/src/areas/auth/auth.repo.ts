import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { errorLogs, userTokens, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose =
  | 'activate'
  | 'reset'
  | 'login'
  | 'email'
  | 'second-factor'
  | 'passkey-register'
  | 'passkey-confirm';

export async function findUserByUsername(db: Tx, username: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return u ?? null;
}

export async function findUserById(db: Tx, id: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

/**
 * The oldest account whose owner proved this e-mail address (addresses are not
 * unique). Only Apple sign-in looks accounts up by address (DECISIONS §2).
 */
export async function findProvedUserByEmail(db: Tx, email: string): Promise<UserRow | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.emailProved, true)))
    .orderBy(users.createdAt)
    .limit(1);
  return u ?? null;
}

export async function findUserByAppleSub(db: Tx, sub: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.appleSub, sub)).limit(1);
  return u ?? null;
}

export async function insertUser(db: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [u] = await db.insert(users).values(values).returning();
  if (!u) throw new Error('insert returned nothing');
  return u;
}

/** Insert unless the username is taken; null when it is. */
export async function insertUserIfFree(
  db: Tx,
  values: typeof users.$inferInsert,
): Promise<UserRow | null> {
  const [u] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.username })
    .returning();
  return u ?? null;
}

export async function updateUser(
  db: Tx,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<UserRow | null> {
  const [u] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return u ?? null;
}

export async function insertUserToken(
  db: Tx,
  v: {
    tokenHash: string;
    userId: string;
    purpose: TokenPurpose;
    expiresAt: Date;
    email?: string | null;
  },
): Promise<void> {
  await db.insert(userTokens).values(v);
}

/** Use a single-use token: answers its user id (and address) once, and never again. */
export async function consumeUserTokenRow(
  db: Tx,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; email: string | null } | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId, email: userTokens.email });
  return row ?? null;
}

export async function consumeUserToken(
  db: Tx,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | null> {
  return (await consumeUserTokenRow(db, tokenHash, purpose))?.userId ?? null;
}

/** The new address waiting for its confirmation link, if any. */
export async function findPendingEmail(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: userTokens.email })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, 'email'),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(userTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** Peek at a token's owner without using it up. */
export async function findLiveUserToken(
  db: Tx,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** Invalidate every unused token of a purpose for a user (after a reset, older reset links die). */
export async function expireUserTokens(
  db: Tx,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}

export async function insertErrorLog(db: Tx, v: typeof errorLogs.$inferInsert): Promise<void> {
  await db.insert(errorLogs).values(v);
}

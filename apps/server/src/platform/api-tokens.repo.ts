import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { GroupRights } from '@fieldbook/core';
import type { Tx } from '../db/client.js';
import { apiTokens, users } from '../db/schema/index.js';

/** What a request's API token resolves to (platform/api-tokens.ts). */
export interface ApiTokenRow {
  id: string;
  companyId: string;
  userId: string;
  username: string;
  active: boolean;
  rights: GroupRights;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Tokens are looked up by their hash only: the token is what scopes them. */
export async function findApiToken(db: Tx, tokenHash: string): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      companyId: apiTokens.companyId,
      userId: apiTokens.userId,
      username: users.username,
      active: users.active,
      rights: apiTokens.rights,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function touchApiToken(db: Tx, id: string, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}

export interface NewApiToken {
  companyId: string;
  userId: string;
  name: string;
  tokenHash: string;
  prefix: string;
  rights: GroupRights;
  expiresAt: Date | null;
}

export async function insertApiToken(db: Tx, t: NewApiToken): Promise<{ id: string }> {
  const [row] = await db.insert(apiTokens).values(t).returning({ id: apiTokens.id });
  return row!;
}

const live = (now: Date) =>
  and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)));

/** The company's working tokens (of one user, or of every member), oldest first. */
export async function listApiTokens(
  db: Tx,
  companyId: string,
  userId: string | null,
  now = new Date(),
) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      rights: apiTokens.rights,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: apiTokens.userId,
      userName: sql<string>`trim(${users.name} || ' ' || ${users.surname})`,
      username: users.username,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.companyId, companyId),
        userId ? eq(apiTokens.userId, userId) : undefined,
        live(now),
      ),
    )
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
}

/** How many working tokens the user holds in the company. */
export async function countLiveApiTokens(
  db: Tx,
  companyId: string,
  userId: string,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.userId, userId), live(now)));
  return row?.n ?? 0;
}

/**
 * Revoke one working token of the company (of this user, unless `anyMember`);
 * answers its hash and owner, or null when there is no such working token.
 */
export async function revokeApiToken(
  db: Tx,
  companyId: string,
  id: string,
  userId: string | null,
): Promise<{ tokenHash: string; userId: string; name: string } | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiTokens.id, id),
        eq(apiTokens.companyId, companyId),
        userId ? eq(apiTokens.userId, userId) : undefined,
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ tokenHash: apiTokens.tokenHash, userId: apiTokens.userId, name: apiTokens.name });
  return row ?? null;
}

/** Serialise creates of one member's tokens (the cap counts what is there). */
export async function lockMemberTokens(tx: Tx, companyId: string, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`api-tokens:${companyId}:${userId}`}))`,
  );
}

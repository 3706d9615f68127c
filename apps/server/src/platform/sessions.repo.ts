import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { GroupRights } from '@fieldbook/core';
import type { Tx } from '../db/client.js';
import { hotRead } from '../db/hot-read.js';
import {
  companies,
  companyGroups,
  companyMembers,
  passkeys,
  sessions,
  users,
} from '../db/schema/index.js';

export interface SessionRow {
  userId: string;
  username: string;
  rank: string | null;
  active: boolean;
  lastUsedAt: Date;
  revokedAt: Date | null;
}

// A hot read (db/hot-read.ts): each request whose session is not cached.
const findSessionQuery = hotRead('session_by_token', (db, statement) =>
  db
    .select({
      userId: sessions.userId,
      username: users.username,
      rank: users.rank,
      active: users.active,
      lastUsedAt: sessions.lastUsedAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(statement),
);

/** Sessions are looked up by token hash only: the token is what scopes them. */
export async function findSession(db: Tx, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await findSessionQuery(db).execute({ tokenHash });
  return row ?? null;
}

export async function touchSession(db: Tx, tokenHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.tokenHash, tokenHash));
}

export async function insertSession(
  db: Tx,
  userId: string,
  tokenHash: string,
  clientId: string | null,
) {
  await db.insert(sessions).values({ userId, tokenHash, clientId });
}

export async function revokeSession(db: Tx, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Tx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export interface MemberRow {
  ownerId: string;
  disabled: boolean;
  rights: GroupRights | null;
  /** The company asks for a second factor and the member has none (docs/auth.md). */
  needsTwoFactor: boolean;
}

/** Whether the user of the row has a second factor, TOTP or a passkey: the one definition (docs/auth.md). */
const secondFactorOn = (): SQL<boolean> =>
  sql<boolean>`(${users.totpEnabledAt} is not null or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`;

/** Whether the user has a second factor (what a company's rule asks of its members). */
export async function userHasSecondFactor(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: secondFactorOn() })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.on === true;
}

// A hot read (db/hot-read.ts): each request whose membership is not cached.
const findMemberQuery = hotRead('member_access', (db, statement) =>
  db
    .select({
      ownerId: companies.userId,
      disabled: companyMembers.disabled,
      rights: companyGroups.rights,
      needsTwoFactor: sql<boolean>`(${companies.requireTwoFactor} and not ${secondFactorOn()})`,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(companyGroups, eq(companyGroups.id, companyMembers.groupId))
    .where(
      and(
        eq(companyMembers.companyId, sql.placeholder('companyId')),
        eq(companyMembers.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare(statement),
);

/** The caller's membership of a company, or null when they are not a member. */
export async function findMember(
  db: Tx,
  companyId: string,
  userId: string,
): Promise<MemberRow | null> {
  const [row] = await findMemberQuery(db).execute({ companyId, userId });
  return row ?? null;
}

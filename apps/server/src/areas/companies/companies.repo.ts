import { and, asc, eq, sql } from 'drizzle-orm';
import type { GroupRights } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { hotRead } from '../../db/hot-read.js';
import {
  companies,
  companyGroups,
  companyMembers,
  passkeys,
  users,
} from '../../db/schema/index.js';
export type { StoredPayfast, StoredSmtp } from '../../db/schema/index.js';

export type CompanyRow = typeof companies.$inferSelect;
export type GroupRow = typeof companyGroups.$inferSelect;

export async function listCompaniesOfUser(db: Tx, userId: string) {
  return db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      logo: companies.logo,
      ownerId: companies.userId,
      requireTwoFactor: companies.requireTwoFactor,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.disabled, false)))
    .orderBy(asc(companies.companyName));
}

export async function getCompany(db: Tx, companyId: string): Promise<CompanyRow | null> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return c ?? null;
}

export async function insertCompany(db: Tx, v: typeof companies.$inferInsert): Promise<CompanyRow> {
  const [c] = await db.insert(companies).values(v).returning();
  if (!c) throw new Error('insert returned nothing');
  return c;
}

export async function updateCompany(
  db: Tx,
  companyId: string,
  patch: Partial<typeof companies.$inferInsert>,
) {
  await db.update(companies).set(patch).where(eq(companies.id, companyId));
}

export async function listMembers(db: Tx, companyId: string) {
  return db
    .select({
      userId: companyMembers.userId,
      groupId: companyMembers.groupId,
      disabled: companyMembers.disabled,
      name: users.name,
      surname: users.surname,
      email: users.email,
      // A second factor: TOTP on, or a passkey (docs/auth.md).
      twoFactor: sql<boolean>`(${users.totpEnabledAt} is not null or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(users.name), asc(users.surname));
}

export async function findMembership(db: Tx, companyId: string, userId: string) {
  const [m] = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return m ?? null;
}

export async function addMember(db: Tx, companyId: string, userId: string, groupId: string | null) {
  await db.insert(companyMembers).values({ companyId, userId, groupId }).onConflictDoNothing();
}

export async function updateMember(
  db: Tx,
  companyId: string,
  userId: string,
  patch: { groupId?: string | null; disabled?: boolean },
): Promise<boolean> {
  // Nothing to change (an empty save): Drizzle refuses an empty SET, so only look.
  if (patch.groupId === undefined && patch.disabled === undefined)
    return (await findMembership(db, companyId, userId)) !== null;
  const rows = await db
    .update(companyMembers)
    .set(patch)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .returning({ userId: companyMembers.userId });
  return rows.length > 0;
}

/**
 * Take a member out of a company, never its owner (the caller checked);
 * answers whether there was such a member.
 */
export async function deleteMember(db: Tx, companyId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .returning({ userId: companyMembers.userId });
  return rows.length > 0;
}

// A hot read (db/hot-read.ts): every authenticated GET of the groups.
const listGroupsQuery = hotRead('company_groups_list', (db, statement) =>
  db
    .select()
    .from(companyGroups)
    .where(eq(companyGroups.companyId, sql.placeholder('companyId')))
    .orderBy(asc(companyGroups.name))
    .prepare(statement),
);

export async function listGroups(db: Tx, companyId: string): Promise<GroupRow[]> {
  return listGroupsQuery(db).execute({ companyId });
}

export async function findGroup(
  db: Tx,
  companyId: string,
  groupId: string,
): Promise<GroupRow | null> {
  const [g] = await db
    .select()
    .from(companyGroups)
    .where(and(eq(companyGroups.companyId, companyId), eq(companyGroups.id, groupId)))
    .limit(1);
  return g ?? null;
}

export async function insertGroup(
  db: Tx,
  companyId: string,
  name: string,
  rights: GroupRights,
): Promise<string> {
  const [g] = await db
    .insert(companyGroups)
    .values({ companyId, name, rights })
    .returning({ id: companyGroups.id });
  if (!g) throw new Error('insert returned nothing');
  return g.id;
}

export async function updateGroup(
  db: Tx,
  companyId: string,
  groupId: string,
  name: string,
  rights: GroupRights,
) {
  const rows = await db
    .update(companyGroups)
    .set({ name, rights })
    .where(and(eq(companyGroups.companyId, companyId), eq(companyGroups.id, groupId)))
    .returning({ id: companyGroups.id });
  return rows.length > 0;
}

export async function deleteGroup(db: Tx, companyId: string, groupId: string): Promise<boolean> {
  const rows = await db
    .delete(companyGroups)
    .where(and(eq(companyGroups.companyId, companyId), eq(companyGroups.id, groupId)))
    .returning({ id: companyGroups.id });
  return rows.length > 0;
}

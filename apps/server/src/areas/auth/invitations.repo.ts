import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { GroupRights } from '@fieldbook/core';
import { companies, companyGroups, invitations, users } from '../../db/schema/index.js';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Tx, v: typeof invitations.$inferInsert): Promise<void> {
  await db.insert(invitations).values(v);
}

/** A live invitation with its company's name and who sent it. */
export async function findLiveInvitation(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({
      companyId: invitations.companyId,
      companyName: companies.companyName,
      email: invitations.email,
      name: invitations.name,
      surname: invitations.surname,
      inviterName: users.name,
      inviterSurname: users.surname,
      inviterUsername: users.username,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Use an invitation once: answers it to the first caller only. */
export async function consumeInvitation(
  db: Tx,
  tokenHash: string,
  userId: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ usedAt: new Date(), usedBy: userId })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Withdraw the invitations a member sent that are still unused (they were disabled or removed). */
export async function withdrawUnusedInvitations(
  db: Tx,
  companyId: string,
  inviterId: string,
): Promise<void> {
  await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.invitedBy, inviterId),
        isNull(invitations.usedAt),
      ),
    );
}

export async function companyName(db: Tx, companyId: string): Promise<string> {
  const [c] = await db
    .select({ name: companies.companyName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return c?.name ?? '';
}

/** The rights of the group an invitation puts its user in (null: no group, or it is gone). */
export async function groupRights(db: Tx, groupId: string | null): Promise<GroupRights | null> {
  if (!groupId) return null;
  const [g] = await db
    .select({ rights: companyGroups.rights })
    .from(companyGroups)
    .where(eq(companyGroups.id, groupId))
    .limit(1);
  return g?.rights ?? null;
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, companyMembers, invitations } from '../../db/schema/index.js';

/**
 * Take a member out of a company, never its owner, with the invitations they
 * sent that are still unused; answers whether a member was removed.
 */
export async function removeMember(
  db: Tx,
  companyId: string,
  userId: string,
): Promise<'removed' | 'owner' | 'none'> {
  const [c] = await db
    .select({ ownerId: companies.userId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (c?.ownerId === userId) return 'owner';
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
      .returning({ userId: companyMembers.userId });
    if (!rows.length) return 'none';
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.companyId, companyId),
          eq(invitations.invitedBy, userId),
          isNull(invitations.usedAt),
        ),
      );
    return 'removed';
  });
}

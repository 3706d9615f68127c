import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { portalLinks } from '../../db/schema/index.js';

/**
 * The portal-links area writes `portal_links` alone (docs/portal.md, "Links"):
 * a link is made, replaced, revoked, used and renewed here.
 */

export type PortalLinkRow = typeof portalLinks.$inferSelect;

export async function insertLink(
  tx: Tx,
  v: {
    companyId: string;
    clientId: string;
    tokenHash: string;
    /** The token sealed with the server's key, so a mail can carry the link again. */
    sealedToken: string | null;
    madeForMail: boolean;
    expiresAt: Date;
    createdBy: string | null;
  },
): Promise<PortalLinkRow> {
  const [row] = await tx.insert(portalLinks).values(v).returning();
  return row!;
}

/** Revokes the client's links that still work (a new link replaces them); answers their ids. */
export async function revokeLinks(tx: Tx, companyId: string, clientId: string): Promise<string[]> {
  const rows = await tx
    .update(portalLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(portalLinks.companyId, companyId),
        eq(portalLinks.clientId, clientId),
        isNull(portalLinks.revokedAt),
      ),
    )
    .returning({ id: portalLinks.id });
  return rows.map((r) => r.id);
}

/**
 * Undoes a link made for an e-mail that could not be sent: the new link is
 * removed (nobody ever had it) and the ones it replaced work again.
 */
export async function undoLink(tx: Tx, made: string, replaced: string[]): Promise<void> {
  await tx.delete(portalLinks).where(eq(portalLinks.id, made));
  if (replaced.length > 0)
    await tx.update(portalLinks).set({ revokedAt: null }).where(inArray(portalLinks.id, replaced));
}

/** Holds the client's links for the transaction (two mails at once share one link). */
export async function lockClientLinks(tx: Tx, companyId: string, clientId: string) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`portal-link:${companyId}:${clientId}`}, 0))`,
  );
}

/** The client's newest link. */
export async function latestLink(db: Tx, companyId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(portalLinks)
    .where(and(eq(portalLinks.companyId, companyId), eq(portalLinks.clientId, clientId)))
    .orderBy(desc(portalLinks.createdAt))
    .limit(1);
  return row ?? null;
}

/** The link of a token's hash (the token itself is never stored). */
export async function findByHash(db: Tx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(portalLinks)
    .where(eq(portalLinks.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function touchLink(db: Tx, id: string): Promise<void> {
  await db
    .update(portalLinks)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(portalLinks.id, id));
}

/** How many links the client asked for themselves since `since` (a fresh link by e-mail). */
export async function selfMadeSince(db: Tx, companyId: string, clientId: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portalLinks)
    .where(
      and(
        eq(portalLinks.companyId, companyId),
        eq(portalLinks.clientId, clientId),
        isNull(portalLinks.createdBy),
        eq(portalLinks.madeForMail, false),
        gte(portalLinks.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Retires one link that still works (a renewal's old link); answers whether it did. */
export async function retireLink(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(portalLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(portalLinks.id, id), isNull(portalLinks.revokedAt)))
    .returning({ id: portalLinks.id });
  return rows.length > 0;
}

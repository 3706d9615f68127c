import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  appointmentTypes,
  appointments,
  companyMembers,
  creditNotes,
  invoices,
  portalLinks,
  users,
} from '../../db/schema/index.js';

/**
 * The portal area writes `portal_links` alone; it reads what one client of one
 * company may see (docs/portal.md). Every read names both ids.
 */

export type PortalLinkRow = typeof portalLinks.$inferSelect;

export async function insertLink(
  tx: Tx,
  v: {
    companyId: string;
    clientId: string;
    tokenHash: string;
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
        gte(portalLinks.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** The client's invoices and quotes, newest first, as the portal lists them. */
export async function clientDocuments(db: Tx, companyId: string, clientId: string) {
  return (
    db
      .select({
        id: invoices.id,
        isQuote: invoices.isQuote,
        invoiceNumber: invoices.invoiceNumber,
        quoteNumber: invoices.quoteNumber,
        invoiceDate: invoices.invoiceDate,
        dueDate: invoices.dueDate,
        total: invoices.total,
        amountPaid: invoices.amountPaid,
        amountCredited: invoices.amountCredited,
        paid: invoices.paid,
        deposit: invoices.deposit,
        descriptions: invoices.descriptions,
        discount: invoices.discount,
        tax: invoices.tax,
        response: sql<{
          kind: 'accepted' | 'declined' | 'changes';
          at: string;
          name: string;
        } | null>`case when ${invoices.clientResponse} is null then null else jsonb_build_object('kind', ${invoices.clientResponse}->>'kind', 'at', ${invoices.clientResponse}->>'at', 'name', ${invoices.clientResponse}->>'name') end`,
        publicKey: invoices.publicKey,
      })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.entityId, clientId)))
      // Every one: what the client owes is the sum of all their open invoices.
      .orderBy(desc(invoices.invoiceDate), desc(invoices.createdAt))
  );
}

/** The client's credit notes, newest first. */
export async function clientCreditNotes(db: Tx, companyId: string, clientId: string) {
  return db
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      noteDate: creditNotes.noteDate,
      reason: creditNotes.reason,
      total: creditNotes.total,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(creditNotes)
    .innerJoin(
      invoices,
      and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.companyId, creditNotes.companyId)),
    )
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.entityId, clientId)))
    .orderBy(desc(creditNotes.noteDate), desc(creditNotes.number))
    .limit(200);
}

/** Whether the credit note is the client's. */
export async function isClientCreditNote(db: Tx, companyId: string, clientId: string, id: string) {
  const [row] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.companyId, companyId),
        eq(creditNotes.entityId, clientId),
        eq(creditNotes.id, id),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * The client's scheduled jobs still to come (or under way), soonest first:
 * only their number, type, times, address and technicians (never their
 * fields, notes, lines or costs).
 */
export async function upcomingJobs(db: Tx, companyId: string, clientId: string, now: Date) {
  return db
    .select({
      number: appointments.appointmentNumber,
      type: appointmentTypes.name,
      start: appointments.startDate,
      end: appointments.endDate,
      allDay: appointments.isAllDayEvent,
      address: appointments.address,
      assigned: appointments.assignedUsers,
    })
    .from(appointments)
    .innerJoin(
      appointmentTypes,
      and(
        eq(appointmentTypes.id, appointments.appointmentTypeId),
        eq(appointmentTypes.companyId, appointments.companyId),
      ),
    )
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.entityId, clientId),
        eq(appointments.active, true),
        eq(appointments.hasSchedule, true),
        gte(appointments.endDate, now),
      ),
    )
    .orderBy(asc(appointments.startDate))
    .limit(50);
}

/** Staff names by id, for the technicians of the client's jobs. */
export async function userNames(db: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.name} ${r.surname}`.trim()]));
}

/** The company's active members with their e-mail address (who may be told of a client's answer). */
export async function activeMembers(db: Tx, companyId: string) {
  return db
    .select({ userId: companyMembers.userId, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.disabled, false)));
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

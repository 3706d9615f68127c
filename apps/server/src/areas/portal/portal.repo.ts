import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  appointmentTypes,
  appointments,
  companyMembers,
  creditNotes,
  invoices,
  users,
} from '../../db/schema/index.js';

/**
 * What one client of one company may see in the portal (docs/portal.md).
 * Every read names both ids. The links themselves are the portal-links area's.
 */

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

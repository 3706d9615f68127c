import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clients, creditNotes, invoices } from '../../db/schema/index.js';

/**
 * The period queries of the accounting exports (docs/exports.md): invoices,
 * never quotes, dated in [from, to]. Every function takes the company id.
 */
const periodInvoices = (companyId: string, from: string, to: string) =>
  and(
    eq(invoices.companyId, companyId),
    eq(invoices.isQuote, false),
    between(invoices.invoiceDate, from, to),
  );

/** The period's invoices with their client, oldest first (as a ledger reads). */
export async function invoicesForExport(db: Tx, companyId: string, from: string, to: string) {
  return db
    .select({
      id: invoices.id,
      entityId: invoices.entityId,
      invoiceNumber: invoices.invoiceNumber,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      to: invoices.to,
      toEmail: invoices.toEmail,
      descriptions: invoices.descriptions,
      discount: invoices.discount,
      tax: invoices.tax,
      clientName: clients.name,
      clientSurname: clients.surname,
      clientEmail: clients.email,
    })
    .from(invoices)
    .leftJoin(
      clients,
      and(eq(clients.id, invoices.entityId), eq(clients.companyId, invoices.companyId)),
    )
    .where(periodInvoices(companyId, from, to))
    .orderBy(invoices.invoiceDate, invoices.invoiceNumber, invoices.id);
}

/** The credit notes dated in the period, with the invoice they correct and its client, oldest first. */
export async function creditNotesForExport(db: Tx, companyId: string, from: string, to: string) {
  return db
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      noteDate: creditNotes.noteDate,
      lines: creditNotes.lines,
      total: creditNotes.total,
      tax1: creditNotes.tax1,
      tax2: creditNotes.tax2,
      entityId: invoices.entityId,
      invoiceNumber: invoices.invoiceNumber,
      to: invoices.to,
      toEmail: invoices.toEmail,
      descriptions: invoices.descriptions,
      discount: invoices.discount,
      tax: invoices.tax,
      clientName: clients.name,
      clientSurname: clients.surname,
      clientEmail: clients.email,
    })
    .from(creditNotes)
    .innerJoin(
      invoices,
      and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.companyId, creditNotes.companyId)),
    )
    .leftJoin(
      clients,
      and(eq(clients.id, invoices.entityId), eq(clients.companyId, invoices.companyId)),
    )
    .where(and(eq(creditNotes.companyId, companyId), between(creditNotes.noteDate, from, to)))
    .orderBy(creditNotes.noteDate, creditNotes.number, creditNotes.id);
}

/** Marks the given invoices resolved to the accounting package (those not resolved yet). */
export async function resolveInvoices(db: Tx, companyId: string, ids: string[]): Promise<number> {
  let count = 0;
  // Chunks keep the parameter list under the driver's limit on a long period.
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .update(invoices)
      .set({ resolvedAt: sql`now()` })
      .where(
        and(
          eq(invoices.companyId, companyId),
          inArray(invoices.id, ids.slice(i, i + 5000)),
          isNull(invoices.resolvedAt),
        ),
      )
      .returning({ id: invoices.id });
    count += rows.length;
  }
  return count;
}

/**
 * The Process call: the period's unpaid invoices, locked, and marked resolved.
 * Answers them; the caller pays their balances.
 */
export async function resolveUnpaidOfPeriod(
  db: Tx,
  companyId: string,
  p: { from: string; to: string },
) {
  const rows = await db
    .select({
      id: invoices.id,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
    })
    .from(invoices)
    .where(and(periodInvoices(companyId, p.from, p.to), eq(invoices.paid, false)))
    .for('update');
  await resolveInvoices(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows;
}

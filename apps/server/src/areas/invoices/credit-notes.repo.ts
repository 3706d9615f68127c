import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { creditNotes, invoices } from '../../db/schema/index.js';

/** The invoices area writes credit notes (docs/payments.md); never updated or deleted. */

/** A credited line as stored. */
export type CreditNoteLine = (typeof creditNotes.$inferInsert)['lines'][number];

export type CreditNoteValues = Omit<
  typeof creditNotes.$inferInsert,
  'id' | 'companyId' | 'createdAt'
>;

export async function insertCreditNote(tx: Tx, companyId: string, v: CreditNoteValues) {
  const [row] = await tx
    .insert(creditNotes)
    .values({ ...v, companyId })
    .returning({ id: creditNotes.id });
  return row!.id;
}

const columns = {
  id: creditNotes.id,
  number: creditNotes.number,
  invoiceId: creditNotes.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
  entityId: creditNotes.entityId,
  noteDate: creditNotes.noteDate,
  reason: creditNotes.reason,
  lines: creditNotes.lines,
  total: creditNotes.total,
  tax1: creditNotes.tax1,
  tax2: creditNotes.tax2,
  applied: creditNotes.applied,
  excess: creditNotes.excess,
  createdAt: creditNotes.createdAt,
};

const withInvoice = and(
  eq(invoices.id, creditNotes.invoiceId),
  eq(invoices.companyId, creditNotes.companyId),
);

/** An invoice's credit notes, oldest first. */
export async function creditNotesOfInvoice(tx: Tx, companyId: string, invoiceId: string) {
  return tx
    .select(columns)
    .from(creditNotes)
    .innerJoin(invoices, withInvoice)
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.invoiceId, invoiceId)))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.number));
}

export type CreditNoteRow = Awaited<ReturnType<typeof creditNotesOfInvoice>>[number];

export async function findCreditNote(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(creditNotes)
    .innerJoin(invoices, withInvoice)
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.id, id)))
    .limit(1);
  return row ?? null;
}

/** What the invoice's notes credited in all (their totals). */
export async function creditedTotal(tx: Tx, companyId: string, invoiceId: string) {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${creditNotes.total}), 0)::text` })
    .from(creditNotes)
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.invoiceId, invoiceId)));
  return row?.sum ?? '0';
}

/** One more note on the invoice: what it took off the balance, and the count. */
export async function addCredit(tx: Tx, companyId: string, invoiceId: string, applied: string) {
  await tx
    .update(invoices)
    .set({
      amountCredited: sql`${invoices.amountCredited} + ${applied}::numeric`,
      creditNotes: sql`${invoices.creditNotes} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));
}

/**
 * Marks the note printed; answers whether this is its first print (the
 * original). One conditional UPDATE, so of two prints at once one is the
 * original and the other a copy.
 */
export async function markPrinted(tx: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(creditNotes)
    .set({ printedAt: new Date() })
    .where(
      and(
        eq(creditNotes.companyId, companyId),
        eq(creditNotes.id, id),
        sql`${creditNotes.printedAt} is null`,
      ),
    )
    .returning({ id: creditNotes.id });
  return rows.length > 0;
}

/** The date of the invoice a note corrects. */
export async function invoiceDateOf(tx: Tx, companyId: string, invoiceId: string) {
  const [row] = await tx
    .select({ date: invoices.invoiceDate, to: invoices.to })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row ?? null;
}

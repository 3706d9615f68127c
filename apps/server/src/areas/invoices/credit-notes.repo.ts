import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  clients,
  creditNoteRefunds,
  creditNotes,
  invoices,
  payments,
} from '../../db/schema/index.js';

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
  /** As the invoice addresses the client, else the client's own name. */
  clientName: sql<string>`coalesce(nullif(trim(${invoices.to}), ''), (
    select trim(c.name || ' ' || c.surname) from ${clients} c
    where c.company_id = ${creditNotes.companyId} and c.id = ${creditNotes.entityId}
  ), '')`,
  /** Its refunds, oldest first (few per note: read with it). */
  refunds: sql<RefundJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', r.id, 'amount', r.amount::text, 'date', r.refund_date::text,
      'method', r.method, 'reference', r.reference, 'createdAt', r.created_at,
      'paymentId', r.payment_id, 'invoiceId', p.invoice_id, 'invoiceNumber', pi.invoice_number
    ) order by r.created_at, r.id)
    from ${creditNoteRefunds} r
    left join ${payments} p on p.id = r.payment_id and p.company_id = r.company_id
    left join ${invoices} pi on pi.id = p.invoice_id and pi.company_id = r.company_id
    where r.company_id = ${creditNotes.companyId} and r.credit_note_id = ${creditNotes.id}
  ), '[]'::json)`,
  createdAt: creditNotes.createdAt,
};

/** A refund as the note's row carries it. */
export interface RefundJson {
  id: string;
  amount: string;
  date: string;
  method: string;
  reference: string;
  createdAt: string;
  /** Kept for the client: the payment it made, and that payment's invoice. */
  paymentId: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
}

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

/** The company's notes dated within [from, to] (either end open), newest first, at most `limit`. */
export async function listCreditNotes(
  tx: Tx,
  companyId: string,
  p: { from?: string; to?: string; limit: number },
) {
  return tx
    .select(columns)
    .from(creditNotes)
    .innerJoin(invoices, withInvoice)
    .where(
      and(
        eq(creditNotes.companyId, companyId),
        p.from ? gte(creditNotes.noteDate, p.from) : undefined,
        p.to ? lte(creditNotes.noteDate, p.to) : undefined,
      ),
    )
    .orderBy(desc(creditNotes.noteDate), desc(creditNotes.number))
    .limit(p.limit);
}

export async function findCreditNote(
  tx: Tx,
  companyId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
) {
  const q = tx
    .select(columns)
    .from(creditNotes)
    .innerJoin(invoices, withInvoice)
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update', { of: creditNotes }) : await q;
  return row ?? null;
}

/** The client's invoices with something left to pay, oldest first (at most 100). */
export async function openInvoicesOf(tx: Tx, companyId: string, clientId: string) {
  return tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceDate: invoices.invoiceDate,
      balance: sql<string>`(${invoices.total} - ${invoices.amountPaid} - ${invoices.amountCredited})::text`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.entityId, clientId),
        eq(invoices.isQuote, false),
        sql`${invoices.total} - ${invoices.amountPaid} - ${invoices.amountCredited} > 0`,
      ),
    )
    .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber))
    .limit(100);
}

/** What all the refunds of an invoice's notes paid back or kept (for the cap of what is owed). */
export async function refundedOfInvoice(tx: Tx, companyId: string, invoiceId: string) {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${creditNoteRefunds.amount}), 0)::text` })
    .from(creditNoteRefunds)
    .innerJoin(
      creditNotes,
      and(
        eq(creditNotes.id, creditNoteRefunds.creditNoteId),
        eq(creditNotes.companyId, creditNoteRefunds.companyId),
      ),
    )
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.invoiceId, invoiceId)));
  return row?.sum ?? '0';
}

/** Records money paid back out of a note; answers the refund's id. */
export async function insertRefund(
  tx: Tx,
  companyId: string,
  v: Omit<typeof creditNoteRefunds.$inferInsert, 'id' | 'companyId' | 'createdAt'>,
) {
  const [row] = await tx
    .insert(creditNoteRefunds)
    .values({ ...v, companyId })
    .returning({ id: creditNoteRefunds.id });
  return row!.id;
}

/** Removes one refund of the note; answers whether it was there. */
export async function deleteRefund(tx: Tx, companyId: string, noteId: string, id: string) {
  const rows = await tx
    .delete(creditNoteRefunds)
    .where(
      and(
        eq(creditNoteRefunds.companyId, companyId),
        eq(creditNoteRefunds.creditNoteId, noteId),
        eq(creditNoteRefunds.id, id),
      ),
    )
    .returning({ id: creditNoteRefunds.id });
  return rows.length > 0;
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

/** The date, addressee and e-mail of the invoice a note corrects. */
export async function invoiceDateOf(tx: Tx, companyId: string, invoiceId: string) {
  const [row] = await tx
    .select({ date: invoices.invoiceDate, to: invoices.to, toEmail: invoices.toEmail })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row ?? null;
}

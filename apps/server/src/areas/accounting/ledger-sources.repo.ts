import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { accountItems, creditNotes, expenses, invoices } from '../../db/schema/index.js';

/** Reads of the ledger's sources (invoices, expenses): for the backfill and the VAT summary. */

const noItems = (
  kind: 'invoice' | 'expense' | 'credit',
  id: typeof invoices.id | typeof expenses.id | typeof creditNotes.id,
) =>
  sql`NOT EXISTS (SELECT 1 FROM ${accountItems} WHERE ${accountItems.sourceKind} = ${kind} AND ${accountItems.sourceId} = ${id})`;

/** The next page (by id, after `after`) of invoices, not quotes, with lines but no items. */
export async function invoicesWithoutItems(db: Tx, after: string, limit: number) {
  return db
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      isQuote: invoices.isQuote,
      invoiceDate: invoices.invoiceDate,
      invoiceNumber: invoices.invoiceNumber,
      descriptions: invoices.descriptions,
      discount: invoices.discount,
      tax: invoices.tax,
    })
    .from(invoices)
    .where(
      and(
        gt(invoices.id, after),
        eq(invoices.isQuote, false),
        sql`jsonb_array_length(${invoices.descriptions}) > 0`,
        noItems('invoice', invoices.id),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(limit);
}

/**
 * The page's invoices of one company again, locked (FOR UPDATE) inside the
 * backfill's transaction: one deleted or rewritten since the page was read
 * is skipped or built from what is stored now (a save waits for the lock).
 */
export async function lockInvoicesWithoutItems(tx: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      isQuote: invoices.isQuote,
      invoiceDate: invoices.invoiceDate,
      invoiceNumber: invoices.invoiceNumber,
      descriptions: invoices.descriptions,
      discount: invoices.discount,
      tax: invoices.tax,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        inArray(invoices.id, ids),
        eq(invoices.isQuote, false),
        noItems('invoice', invoices.id),
      ),
    )
    .orderBy(asc(invoices.id))
    .for('update');
}

/** As {@link lockInvoicesWithoutItems}, for expenses. */
export async function lockExpensesWithoutItems(tx: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: expenses.id,
      companyId: expenses.companyId,
      expenseDate: expenses.expenseDate,
      expenseNumber: expenses.expenseNumber,
      description: expenses.description,
      price: expenses.price,
      ledgerAccountId: expenses.ledgerAccountId,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.companyId, companyId),
        inArray(expenses.id, ids),
        noItems('expense', expenses.id),
      ),
    )
    .orderBy(asc(expenses.id))
    .for('update');
}

/** The next page (by id, after `after`) of expenses without an item. */
export async function expensesWithoutItems(db: Tx, after: string, limit: number) {
  return db
    .select({
      id: expenses.id,
      companyId: expenses.companyId,
      expenseDate: expenses.expenseDate,
      expenseNumber: expenses.expenseNumber,
      description: expenses.description,
      price: expenses.price,
      ledgerAccountId: expenses.ledgerAccountId,
    })
    .from(expenses)
    .where(and(gt(expenses.id, after), noItems('expense', expenses.id)))
    .orderBy(asc(expenses.id))
    .limit(limit);
}

/** The tax parts of the period's invoices (not quotes), for the VAT summary. */
export async function invoicesForVat(db: Tx, companyId: string, from: string, to: string) {
  return db
    .select({ descriptions: invoices.descriptions, discount: invoices.discount, tax: invoices.tax })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.isQuote, false),
        between(invoices.invoiceDate, from, to),
      ),
    );
}

/** What the backfill makes a credit note's items from: the note and its invoice's lines. */
const creditForItems = {
  id: creditNotes.id,
  companyId: creditNotes.companyId,
  noteDate: creditNotes.noteDate,
  number: creditNotes.number,
  lines: creditNotes.lines,
  total: creditNotes.total,
  tax1: creditNotes.tax1,
  tax2: creditNotes.tax2,
  invoiceId: invoices.id,
  descriptions: invoices.descriptions,
  discount: invoices.discount,
  tax: invoices.tax,
};
const withInvoice = and(
  eq(invoices.id, creditNotes.invoiceId),
  eq(invoices.companyId, creditNotes.companyId),
);

/** The next page (by id, after `after`) of credit notes without items (issued before the ledger counted them). */
export async function creditNotesWithoutItems(db: Tx, after: string, limit: number) {
  return db
    .select(creditForItems)
    .from(creditNotes)
    .innerJoin(invoices, withInvoice)
    .where(and(gt(creditNotes.id, after), noItems('credit', creditNotes.id)))
    .orderBy(asc(creditNotes.id))
    .limit(limit);
}

/**
 * The page's credit notes of one company again, still without items, with
 * their invoices locked (FOR UPDATE, as a note's issue and an invoice's save
 * lock it): the lines read are the ones stored now.
 */
export async function lockCreditNotesWithoutItems(tx: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select(creditForItems)
    .from(creditNotes)
    .innerJoin(invoices, withInvoice)
    .where(
      and(
        eq(creditNotes.companyId, companyId),
        inArray(creditNotes.id, ids),
        noItems('credit', creditNotes.id),
      ),
    )
    .orderBy(asc(creditNotes.id))
    .for('update', { of: invoices });
}

/** The credit notes dated in the period, with the tax settings of the invoices they correct. */
export async function creditNotesForVat(db: Tx, companyId: string, from: string, to: string) {
  return db
    .select({
      total: creditNotes.total,
      tax1: creditNotes.tax1,
      tax2: creditNotes.tax2,
      tax: invoices.tax,
    })
    .from(creditNotes)
    .innerJoin(
      invoices,
      and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.companyId, creditNotes.companyId)),
    )
    .where(and(eq(creditNotes.companyId, companyId), between(creditNotes.noteDate, from, to)));
}

/**
 * Locks an item's source row (FOR UPDATE), as its writer does first: a move
 * then queues behind a save of the same document instead of deadlocking.
 * Answers whether the source is still there.
 */
export async function lockSource(
  tx: Tx,
  companyId: string,
  kind: 'invoice' | 'expense',
  id: string,
): Promise<boolean> {
  const t = kind === 'invoice' ? invoices : expenses;
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)))
    .for('update');
  return rows.length > 0;
}

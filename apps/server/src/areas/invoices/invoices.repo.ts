import { and, asc, between, desc, eq, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  appointments,
  clients,
  creditNotes,
  expenses,
  invoices,
  numberCounters,
  payments,
} from '../../db/schema/index.js';

export type InvoiceRow = typeof invoices.$inferSelect;
/** What a save writes; the company comes separately. */
export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'companyId'>;
export type NumberedKind = 'invoice' | 'quote' | 'expense' | 'job' | 'credit';

export async function findInvoice(
  db: Tx,
  companyId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<InvoiceRow | null> {
  const q = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** One invoice with its client's name, for `GET /invoices/{id}`. */
export async function findInvoiceWithClient(db: Tx, companyId: string, id: string) {
  const [row] = await db
    .select({ invoice: invoices, clientName: clients.name, clientSurname: clients.surname })
    .from(invoices)
    .leftJoin(
      clients,
      and(eq(clients.id, invoices.entityId), eq(clients.companyId, invoices.companyId)),
    )
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertInvoice(db: Tx, companyId: string, v: InvoiceValues): Promise<string> {
  const [row] = await db
    .insert(invoices)
    .values({ ...v, companyId })
    .returning({ id: invoices.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateInvoice(db: Tx, companyId: string, id: string, v: InvoiceValues) {
  await db
    .update(invoices)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

/**
 * Writes an account item's account back on its invoice line, so the next save
 * of the invoice keeps the choice (the line's `ledgerAccountId`).
 */
export async function setLineLedgerAccount(
  db: Tx,
  companyId: string,
  id: string,
  lineIndex: number,
  accountId: string,
) {
  const path = `{${Math.trunc(lineIndex)},ledgerAccountId}`;
  await db
    .update(invoices)
    .set({
      descriptions: sql`jsonb_set(${invoices.descriptions}, ${path}::text[], ${JSON.stringify(accountId)}::jsonb)`,
    })
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.id, id),
        sql`jsonb_array_length(${invoices.descriptions}) > ${Math.trunc(lineIndex)}`,
      ),
    );
}

/** Drops an account that is being deleted from every invoice line that names it. */
export async function clearLinesLedgerAccount(db: Tx, companyId: string, accountId: string) {
  // Compared in lower case: lines saved before ids were normalised may hold capitals.
  const id = accountId.toLowerCase();
  await db
    .update(invoices)
    .set({
      descriptions: sql`(SELECT coalesce(jsonb_agg(CASE WHEN lower(l.e->>'ledgerAccountId') = ${id} THEN l.e - 'ledgerAccountId' ELSE l.e END ORDER BY l.n), '[]'::jsonb) FROM jsonb_array_elements(${invoices.descriptions}) WITH ORDINALITY AS l(e, n))`,
    })
    .where(
      and(
        eq(invoices.companyId, companyId),
        sql`jsonb_typeof(${invoices.descriptions}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(${invoices.descriptions}) AS l(e) WHERE lower(l.e->>'ledgerAccountId') = ${id})`,
      ),
    );
}

/** Deletes and answers the deleted invoice's client (undefined when there was no such invoice). */
export async function deleteInvoice(db: Tx, companyId: string, id: string) {
  const [row] = await db
    .delete(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .returning({ entityId: invoices.entityId });
  return row;
}

/** The invoices list of a period: one query on invoices_company_date_idx, no lines. */
/**
 * The rows of the invoices list of a period as one JSON text (`TInvoiceRow[]`,
 * newest first). This is the list's presenter, written in SQL: the database
 * builds the JSON, so a month of thousands of rows costs Node no row decoding,
 * no decimal conversion and no stringify (half the time on PGlite, see
 * docs/performance.md). Amounts are exact `numeric` values written as JSON
 * numbers; `balance` is total − amountPaid. Keep in step with `ZInvoiceRow`
 * (the list test checks every key against it).
 */
export async function listInvoicesJson(
  db: Tx,
  companyId: string,
  from: string,
  to: string,
): Promise<string> {
  const i = invoices;
  const row = sql`json_build_object(
    '_id', ${i.id}, 'invoiceNumber', ${i.invoiceNumber}, 'quoteNumber', ${i.quoteNumber},
    'isQuote', ${i.isQuote}, 'invoiceDate', ${i.invoiceDate}, 'dueDate', ${i.dueDate},
    'entityId', ${i.entityId}, 'to', ${i.to}, 'toEmail', ${i.toEmail},
    'client', case when ${clients.id} is null then null
      else json_build_object('name', ${clients.name}, 'surname', ${clients.surname}) end,
    'paid', ${i.paid}, 'amountPaid', ${i.amountPaid}, 'datePaid', ${i.datePaid},
    'methodPaid', ${i.methodPaid},
    'sent', to_char(${i.sent} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'queuedForSending', ${i.queuedForSending}, 'queuedForSendingError', ${i.queuedForSendingError},
    'balance', ${i.total} - ${i.amountPaid} - ${i.amountCredited}, 'total', ${i.total},
    'emailCount', jsonb_array_length(${i.emails}),
    'resolvedAt', to_char(${i.resolvedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  const [r] = await db
    .select({
      json: sql<string>`coalesce(json_agg(${row} order by ${i.invoiceDate} desc, ${i.createdAt} desc, ${i.id} desc), '[]')::text`,
    })
    .from(i)
    .leftJoin(clients, and(eq(clients.id, i.entityId), eq(clients.companyId, i.companyId)))
    .where(and(eq(i.companyId, companyId), between(i.invoiceDate, from, to)));
  return r?.json ?? '[]';
}

const paidInvoice = sql`${invoices.paid} and not ${invoices.isQuote}`;
const unpaidInvoice = sql`not ${invoices.paid} and not ${invoices.isQuote}`;

/** The list's boxes for a period, summed in SQL (numeric sums come back as strings). */
export async function summarize(db: Tx, companyId: string, from: string, to: string) {
  const [row] = await db
    .select({
      // Every payment on the period's invoices, part payments included (DECISIONS §16).
      paid: sql<string>`coalesce(sum(${invoices.amountPaid}) filter (where not ${invoices.isQuote}), 0)`,
      // Every invoice's balance, paid or not, as the clients' outstanding counts it.
      outstanding: sql<string>`coalesce(sum(${invoices.total} - ${invoices.amountPaid} - ${invoices.amountCredited}) filter (where not ${invoices.isQuote}), 0)`,
      quotes: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.isQuote}), 0)`,
      all: sql<number>`count(*)::int`,
      paidCount: sql<number>`(count(*) filter (where ${paidInvoice}))::int`,
      unpaidCount: sql<number>`(count(*) filter (where ${unpaidInvoice}))::int`,
      quoteCount: sql<number>`(count(*) filter (where ${invoices.isQuote}))::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), between(invoices.invoiceDate, from, to)));
  return row!;
}

/**
 * Amounts paid per payment method on a period's invoices, each payment under
 * its own method (part payments too); no method counts as 'Other'.
 */
export async function paidByMethod(db: Tx, companyId: string, from: string, to: string) {
  const method = sql<string>`coalesce(nullif(${payments.method}, ''), 'Other')`;
  const total = sql<string>`sum(${payments.amount})`;
  return db
    .select({ method, total })
    .from(payments)
    .innerJoin(
      invoices,
      and(eq(invoices.id, payments.invoiceId), eq(invoices.companyId, payments.companyId)),
    )
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(invoices.isQuote, false),
        between(invoices.invoiceDate, from, to),
      ),
    )
    .groupBy(method)
    .orderBy(desc(total), asc(method));
}

/**
 * The next value of a number counter. The upsert takes the counter row's lock
 * until the transaction ends, so concurrent saves queue here and never share a
 * value.
 */
export async function nextCounter(db: Tx, companyId: string, kind: NumberedKind, scope: string) {
  const [row] = await db
    .insert(numberCounters)
    .values({ companyId, kind, scope, value: 1 })
    .onConflictDoUpdate({
      target: [numberCounters.companyId, numberCounters.kind, numberCounters.scope],
      set: { value: sql`number_counters.value + 1` },
    })
    .returning({ value: numberCounters.value });
  return row!.value;
}

/** Moves a counter forward to at least `value` (past numbers that are already taken). */
export async function raiseCounter(
  db: Tx,
  companyId: string,
  kind: NumberedKind,
  scope: string,
  value: number,
) {
  await db
    .update(numberCounters)
    .set({ value: sql`greatest(${numberCounters.value}, ${value})` })
    .where(
      and(
        eq(numberCounters.companyId, companyId),
        eq(numberCounters.kind, kind),
        eq(numberCounters.scope, scope),
      ),
    );
}

const numberColumn = (kind: NumberedKind) =>
  kind === 'invoice'
    ? { table: invoices, column: invoices.invoiceNumber, company: invoices.companyId }
    : kind === 'quote'
      ? { table: invoices, column: invoices.quoteNumber, company: invoices.companyId }
      : kind === 'expense'
        ? { table: expenses, column: expenses.expenseNumber, company: expenses.companyId }
        : kind === 'credit'
          ? { table: creditNotes, column: creditNotes.number, company: creditNotes.companyId }
          : {
              table: appointments,
              column: appointments.appointmentNumber,
              company: appointments.companyId,
            };

export async function isNumberTaken(
  db: Tx,
  companyId: string,
  kind: NumberedKind,
  value: string,
): Promise<boolean> {
  const c = numberColumn(kind);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(c.table)
    .where(and(eq(c.company, companyId), eq(c.column, value)))
    .limit(1);
  return !!row;
}

/** The numbers of a kind that start with `prefix` (letters and digits only). */
export async function numbersStartingWith(
  db: Tx,
  companyId: string,
  kind: NumberedKind,
  prefix: string,
): Promise<string[]> {
  const c = numberColumn(kind);
  const rows = await db
    .select({ value: c.column })
    .from(c.table)
    .where(and(eq(c.company, companyId), like(c.column, `${prefix}%`)));
  return rows.map((r) => r.value).filter((v): v is string => v !== null);
}

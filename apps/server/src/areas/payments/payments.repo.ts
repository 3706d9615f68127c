import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { creditNoteRefunds, invoices, payments, users } from '../../db/schema/index.js';

// The payments area alone writes the payments table; it reads invoices to
// decide what a payment pays, and the invoices area applies it
// (docs/architecture.md).

/** The invoice a notification pays, locked until the payment is recorded. */
export async function lockInvoice(db: Tx, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      entityId: invoices.entityId,
      isQuote: invoices.isQuote,
      invoiceNumber: invoices.invoiceNumber,
      quoteNumber: invoices.quoteNumber,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      deposit: invoices.deposit,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * Records a PayFast payment once: answers the new row's id, or null when this
 * PayFast payment id was recorded before (the unique index decides, so two
 * deliveries of one notification at the same moment still count once).
 */
export async function insertPaymentOnce(
  db: Tx,
  companyId: string,
  v: {
    invoiceId: string | null;
    /** `payfast`, or `payfast-sandbox` for a company in sandbox mode. */
    provider: string;
    providerPaymentId: string;
    reference: string;
    amount: string;
    status: string;
    payload: Record<string, string>;
    datePaid: string;
    method: string;
    /** Why it was paid, when more than the invoice: 'Deposit on quote Q00001'. */
    note?: string;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(payments)
    .values({ ...v, companyId })
    .onConflictDoNothing({
      target: [payments.companyId, payments.provider, payments.providerPaymentId],
    })
    .returning({ id: payments.id });
  return row?.id ?? null;
}

/** The payment a payment incident names (PayFast notifications are recorded before the incident). */
export async function getPayment(db: Tx, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: payments.id,
      amount: payments.amount,
      invoiceId: payments.invoiceId,
      reference: payments.reference,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.id, id)))
    .limit(1);
  return row ?? null;
}

/** An invoice (not a quote) of the client, locked, when `id` names one. */
export async function lockInvoiceOfClient(db: Tx, companyId: string, clientId: string, id: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      paid: invoices.paid,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      datePaid: invoices.datePaid,
      methodPaid: invoices.methodPaid,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.entityId, clientId),
        eq(invoices.id, id),
        eq(invoices.isQuote, false),
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The client's unpaid invoices (not quotes), oldest first, locked for the payment. */
export async function lockOpenInvoicesOfClient(db: Tx, companyId: string, clientId: string) {
  return db
    .select({
      id: invoices.id,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.entityId, clientId),
        eq(invoices.isQuote, false),
        eq(invoices.paid, false),
      ),
    )
    .orderBy(asc(invoices.invoiceDate), asc(invoices.createdAt))
    .for('update');
}

export async function linkPayment(db: Tx, companyId: string, paymentId: string, invoiceId: string) {
  await db
    .update(payments)
    .set({ invoiceId })
    .where(and(eq(payments.companyId, companyId), eq(payments.id, paymentId)));
}

/** The provider of a payment recorded by hand (by a person, a save or Process). */
export const BY_HAND = 'manual';

const online = (companyId: string, id: string) =>
  and(
    eq(payments.companyId, companyId),
    eq(payments.invoiceId, id),
    ne(payments.provider, BY_HAND),
  );

/** What online payments (PayFast) have paid on an invoice: they cannot be undone by an edit. */
export async function onlinePaymentsTotal(db: Tx, companyId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(online(companyId, id));
  return row?.sum ?? '0';
}

/**
 * A payment by hand that keeps a credit note's credit for the invoice (a
 * refund of the note names it: docs/payments.md "Refunds"). The invoices area
 * writes those refunds; a save's single payment leaves such payments alone.
 */
const keepsCredit = sql`exists (select 1 from ${creditNoteRefunds} r where r.payment_id = ${payments.id})`;

/** What kept credit notes' credit paid of the invoice. */
export async function keptCreditTotal(db: Tx, companyId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.invoiceId, id), keepsCredit));
  return row?.sum ?? '0';
}

/** Whether an online payment (PayFast) names the invoice; such an invoice is never deleted. */
export async function hasOnlinePayments(db: Tx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(online(companyId, id))
    .limit(1);
  return !!row;
}

/** An invoice's payments, oldest first (by the day paid, then as recorded). */
export async function invoicePayments(db: Tx, companyId: string, invoiceId: string) {
  return db
    .select({
      id: payments.id,
      amount: payments.amount,
      datePaid: sql<string>`coalesce(${payments.datePaid}, (${payments.createdAt})::date)::text`,
      method: payments.method,
      reference: payments.reference,
      note: payments.note,
      provider: payments.provider,
      recordedBy: payments.recordedBy,
      /** Who recorded it: name and surname, else the username. */
      recordedByName: sql<
        string | null
      >`nullif(trim(${users.name} || ' ' || ${users.surname}), '')`,
      recordedByUsername: users.username,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(and(eq(payments.companyId, companyId), eq(payments.invoiceId, invoiceId)))
    .orderBy(asc(payments.datePaid), asc(payments.createdAt), asc(payments.id));
}

export type InvoicePaymentRow = Awaited<ReturnType<typeof invoicePayments>>[number];

/** A payment by hand on the invoice. */
export async function insertHandPayment(
  db: Tx,
  companyId: string,
  invoiceId: string,
  v: {
    amount: string;
    datePaid: string;
    method: string;
    reference: string;
    note: string;
    recordedBy: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({
      ...v,
      companyId,
      invoiceId,
      provider: BY_HAND,
      providerPaymentId: crypto.randomUUID(),
      status: 'COMPLETE',
      payload: {},
    })
    .returning({ id: payments.id });
  return row!.id;
}

/** Removes payments by hand of the invoice: one (`paymentId`) or all; answers how many went. */
export async function deleteHandPayments(
  db: Tx,
  companyId: string,
  invoiceId: string,
  paymentId?: string,
  /** Leave the payments that keep a credit note's credit (a save's single payment). */
  keepCredits = false,
): Promise<number> {
  const rows = await db
    .delete(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.invoiceId, invoiceId),
        eq(payments.provider, BY_HAND),
        ...(paymentId ? [eq(payments.id, paymentId)] : []),
        ...(keepCredits ? [sql`not ${keepsCredit}`] : []),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}

/** The payments of several invoices, for deriving their paid state. */
export async function paymentsOfInvoices(db: Tx, companyId: string, invoiceIds: string[]) {
  const out: {
    invoiceId: string;
    amount: string;
    datePaid: string;
    method: string;
    online: boolean;
  }[] = [];
  // Chunks keep the parameter list under the driver's limit on a long period.
  for (let i = 0; i < invoiceIds.length; i += 5000) {
    const rows = await db
      .select({
        invoiceId: payments.invoiceId,
        amount: payments.amount,
        datePaid: sql<string>`coalesce(${payments.datePaid}, (${payments.createdAt})::date)::text`,
        method: payments.method,
        online: sql<boolean>`${payments.provider} <> ${BY_HAND}`,
      })
      .from(payments)
      .where(
        and(
          eq(payments.companyId, companyId),
          inArray(payments.invoiceId, invoiceIds.slice(i, i + 5000)),
        ),
      )
      .orderBy(asc(payments.datePaid), asc(payments.createdAt), asc(payments.id));
    for (const r of rows) if (r.invoiceId) out.push({ ...r, invoiceId: r.invoiceId });
  }
  return out;
}

/** Payments by hand of several invoices at once (Process pays their balances). */
export async function insertHandPayments(
  db: Tx,
  companyId: string,
  rows: { invoiceId: string; amount: string; datePaid: string; method: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(payments).values(
      rows.slice(i, i + 1000).map((r) => ({
        ...r,
        companyId,
        provider: BY_HAND,
        providerPaymentId: crypto.randomUUID(),
        status: 'COMPLETE',
        payload: {},
      })),
    );
  }
}

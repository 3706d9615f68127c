import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { invoices, payments } from '../../db/schema/index.js';

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
      total: invoices.total,
      amountPaid: invoices.amountPaid,
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
      paid: invoices.paid,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
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

/** What online payments (PayFast) have paid on an invoice: they cannot be undone by an edit. */
export async function onlinePaymentsTotal(db: Tx, companyId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.invoiceId, id)));
  return row?.sum ?? '0';
}

/** Whether an online payment (PayFast) names the invoice; such an invoice is never deleted. */
export async function hasOnlinePayments(db: Tx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.invoiceId, id)))
    .limit(1);
  return !!row;
}

import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, invoices, payments } from '../../db/schema/index.js';

/**
 * Companies whose PayFast merchant id is `merchantId`. Deliberately not
 * scoped to a company: a notification that does not name its company
 * (custom_str1) can only be traced through the merchant it was paid to.
 */
export async function unsafeCompanyIdsByMerchant(db: Tx, merchantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.payfast}->>'merchantId' = ${merchantId}`)
    .limit(2);
  return rows.map((r) => r.id);
}

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

/** Adds a payment to the invoice and marks it paid. */
export async function addPayment(
  db: Tx,
  companyId: string,
  id: string,
  p: { amount: string; datePaid: string; method: string },
) {
  await db
    .update(invoices)
    .set({
      paid: true,
      amountPaid: sql`${invoices.amountPaid} + ${p.amount}::numeric`,
      datePaid: p.datePaid,
      methodPaid: p.method,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

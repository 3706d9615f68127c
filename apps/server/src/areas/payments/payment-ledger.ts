import {
  amountText,
  dec,
  formatMoney,
  invoiceBalance,
  paymentProblem,
  paymentsSum,
  todayIn,
  toYmd,
  type TPaymentSave,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField, notFound } from '../../platform/errors.js';
import * as repo from './payments.repo.js';

/**
 * The payments of an invoice (DECISIONS §16, docs/payments.md): any number,
 * by hand or online; never more than the balance. The payments area writes
 * the rows; the invoices area derives the invoice's paid flag, amount, date
 * and method from them (`paidSummary` in core).
 */

export type { InvoicePaymentRow } from './payments.repo.js';

/** An invoice's payments, oldest first. */
export function paymentsOfInvoice(tx: Tx, companyId: string, invoiceId: string) {
  return repo.invoicePayments(tx, companyId, invoiceId);
}

/** Whether a payment came online (PayFast): it is never removed or replaced. */
export const isOnline = (p: { provider: string }) => p.provider !== repo.BY_HAND;

/**
 * Records a payment by hand on an invoice the caller has locked: refused (400
 * naming `amount`) above the balance or at nothing; dated today (company zone)
 * when no date is given.
 */
export async function addHandPayment(
  tx: Tx,
  company: { id: string; timeZone: string },
  invoice: { id: string; total: string; credited?: string },
  input: TPaymentSave,
  userId: string | null,
): Promise<string> {
  const rows = await repo.invoicePayments(tx, company.id, invoice.id);
  const balance = invoiceBalance(invoice.total, paymentsSum(rows), invoice.credited ?? 0);
  const problem = paymentProblem(input.amount, balance);
  if (problem) throw badField('amount', problem);
  const datePaid = input.datePaid
    ? toYmd(input.datePaid, company.timeZone)
    : todayIn(company.timeZone);
  if (!datePaid) throw badField('datePaid', 'must be a date (YYYY-MM-DD)');
  return repo.insertHandPayment(tx, company.id, invoice.id, {
    amount: amountText(input.amount),
    datePaid,
    method: input.method ?? '',
    reference: input.reference ?? '',
    note: input.note ?? '',
    recordedBy: userId,
  });
}

/** Removes a payment by hand (404 when the invoice has no such payment; 400 for an online one). */
export async function removeHandPayment(
  tx: Tx,
  companyId: string,
  invoiceId: string,
  paymentId: string,
): Promise<void> {
  const rows = await repo.invoicePayments(tx, companyId, invoiceId);
  const row = isUuid(paymentId) ? rows.find((r) => r.id === paymentId.toLowerCase()) : undefined;
  if (!row) throw notFound('Payment not found');
  if (isOnline(row))
    throw badField('paymentId', 'was paid online through PayFast, so it cannot be removed');
  await repo.deleteHandPayments(tx, companyId, invoiceId, row.id);
}

/**
 * The specification's single payment (DECISIONS §16), as a save or Process
 * gives it: the payments by hand are replaced by one payment of what the
 * online payments leave of `amount` (none when `amount` is 0). Online payments
 * stay: an amount below them is refused.
 */
export async function setSinglePayment(
  tx: Tx,
  companyId: string,
  invoiceId: string,
  target: { amount: number; datePaid: string | null; method: string },
  userId: string | null,
): Promise<void> {
  const online = await repo.onlinePaymentsTotal(tx, companyId, invoiceId);
  if (dec(target.amount).lt(dec(online)))
    throw badField(
      'paid',
      `has ${formatMoney(online)} paid online through PayFast, which stays: reload the invoice to see it`,
    );
  // A credit note's credit kept for the invoice stays too: taking it off is the note's refund.
  const kept = await repo.keptCreditTotal(tx, companyId, invoiceId);
  if (dec(target.amount).lt(dec(online).plus(dec(kept))))
    throw badField(
      'paid',
      `has ${formatMoney(kept)} paid by a credit note's credit, which stays: take it off in the note's refunds`,
    );
  await repo.deleteHandPayments(tx, companyId, invoiceId, undefined, true);
  const rest = dec(target.amount).minus(dec(online)).minus(dec(kept));
  if (rest.lte(0) || !target.datePaid) return;
  await repo.insertHandPayment(tx, companyId, invoiceId, {
    amount: amountText(rest),
    datePaid: target.datePaid,
    method: target.method,
    reference: '',
    note: '',
    recordedBy: userId,
  });
}

/** The payments of several invoices, for deriving their paid state. */
export const paymentsOfInvoices = repo.paymentsOfInvoices;

/**
 * Process (docs/exports.md): each invoice's open balance paid by hand on
 * `datePaid` by `method`, in one statement per thousand invoices.
 */
export async function payBalances(
  tx: Tx,
  companyId: string,
  rows: { id: string; total: string; amountPaid: string; amountCredited: string }[],
  datePaid: string,
  method: string,
): Promise<void> {
  const open = rows.flatMap((r) => {
    const balance = invoiceBalance(r.total, r.amountPaid, r.amountCredited);
    return balance > 0 ? [{ invoiceId: r.id, amount: amountText(balance), datePaid, method }] : [];
  });
  await repo.insertHandPayments(tx, companyId, open);
}

/** The payments by hand of an invoice being deleted go with it. */
export async function removeHandPayments(tx: Tx, companyId: string, invoiceId: string) {
  await repo.deleteHandPayments(tx, companyId, invoiceId);
}

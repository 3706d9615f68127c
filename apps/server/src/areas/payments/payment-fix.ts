import { dec, formatMoney, invoiceBalance, paymentSettles, toAmount } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import { setSinglePayment } from './payment-ledger.js';
import * as repo from './payments.repo.js';

/** The invoice whose payments changed: the invoices area derives its paid state again. */
export interface PaymentToApply {
  invoiceId: string;
}

/**
 * Fixing a payment incident (DECISIONS §6): the payment that could not be
 * applied is given to the chosen client.
 * - When its reference is an invoice of that client: an unpaid one it settles
 *   is paid with it; one already paid (say, marked by hand) gets the payment
 *   in place of the payments by hand, as the same money.
 * - Otherwise it settles the client's oldest unpaid invoice whose balance it
 *   pays within a cent, dated the day the payment arrived.
 * A payment is never split over invoices or left as a part payment: with no
 * such invoice the fix is refused, so the owner can add the invoice it was
 * for and fix again. The payment is linked here; answers the invoice whose
 * payments changed, if any, for the invoices area to derive its paid state
 * again (payments never write invoices or clients).
 */
export async function assignPayment(
  tx: Tx,
  company: { id: string; timeZone: string },
  paymentId: string | null,
  clientId: string,
): Promise<PaymentToApply | null> {
  const payment = paymentId ? await repo.getPayment(tx, company.id, paymentId) : null;
  // Nothing recorded to apply (or applied already): the incident just closes.
  if (!payment || payment.invoiceId) return null;
  const settles = (i: { total: string; amountPaid: string; amountCredited: string }) =>
    paymentSettles(payment.amount, invoiceBalance(i.total, i.amountPaid, i.amountCredited));
  const named = isUuid(payment.reference)
    ? await repo.lockInvoiceOfClient(tx, company.id, clientId, payment.reference.toLowerCase())
    : null;
  if (named?.paid) {
    // The same money as the payments by hand: the online payment takes their place. More
    // than was paid by hand is not the same money, and would overpay the invoice.
    const before = await repo.onlinePaymentsTotal(tx, company.id, named.id);
    const byHand = dec(named.amountPaid).minus(dec(before));
    if (dec(payment.amount).minus(byHand).gt(dec('0.01')))
      throw badField(
        'newValue',
        `has invoice ${named.invoiceNumber ?? ''} paid already, and ${formatMoney(payment.amount)} is more than was paid on it by hand: refund the payment instead`,
      );
    await repo.linkPayment(tx, company.id, payment.id, named.id);
    const online = await repo.onlinePaymentsTotal(tx, company.id, named.id);
    await setSinglePayment(
      tx,
      company.id,
      named.id,
      {
        amount: Math.max(toAmount(named.amountPaid), toAmount(online)),
        datePaid: named.datePaid,
        method: named.methodPaid,
      },
      null,
    );
    return { invoiceId: named.id };
  }
  const invoice =
    named && settles(named)
      ? named
      : (await repo.lockOpenInvoicesOfClient(tx, company.id, clientId)).find(settles);
  if (!invoice)
    throw badField(
      'newValue',
      `has no unpaid invoice of ${formatMoney(payment.amount)}: add the invoice this payment is for, then fix again`,
    );
  await repo.linkPayment(tx, company.id, payment.id, invoice.id);
  return { invoiceId: invoice.id };
}

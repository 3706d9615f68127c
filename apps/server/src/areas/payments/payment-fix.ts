import { balanceOf, formatMoney, paymentSettles, ymdOfInstant } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import { PAYFAST_METHOD } from './payment-apply.js';
import * as repo from './payments.repo.js';

/** A payment the invoices area is to add to invoice `invoiceId`. */
export interface PaymentToApply {
  invoiceId: string;
  amount: string;
  /** YYYY-MM-DD */
  datePaid: string;
  method: string;
}

/**
 * Fixing a payment incident (DECISIONS §6): the payment that could not be
 * applied is given to the chosen client.
 * - When its reference is an invoice of that client: an unpaid one it settles
 *   is paid with it; one already paid (say, marked by hand) only gets the
 *   payment linked, as the same money.
 * - Otherwise it settles the client's oldest unpaid invoice whose balance it
 *   pays within a cent, dated the day the payment arrived.
 * A payment is never split over invoices or left as a part payment: with no
 * such invoice the fix is refused, so the owner can add the invoice it was
 * for and fix again. The payment is linked here; answers the payment the
 * invoices area applies to the invoice it settles, if any (payments never
 * write invoices or clients).
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
  const settles = (i: { total: string; amountPaid: string }) =>
    paymentSettles(payment.amount, balanceOf(i.total, i.amountPaid));
  const named = isUuid(payment.reference)
    ? await repo.lockInvoiceOfClient(tx, company.id, clientId, payment.reference.toLowerCase())
    : null;
  if (named?.paid) {
    await repo.linkPayment(tx, company.id, payment.id, named.id);
    return null;
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
  return {
    invoiceId: invoice.id,
    amount: payment.amount,
    datePaid: ymdOfInstant(payment.createdAt, company.timeZone),
    method: PAYFAST_METHOD,
  };
}

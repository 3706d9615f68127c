import { balanceOf, formatMoney, paymentSettles, ymdOfInstant } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { badField } from '../../platform/errors.js';
import { recomputeOutstanding } from '../clients/clients.repo.js';
import { addPayment } from '../public/payfast.repo.js';
import { PAYFAST_METHOD } from '../public/payfast.service.js';
import * as repo from './incidents.repo.js';

/**
 * Fixing a payment incident (DECISIONS §6): the payment that matched no
 * invoice is given to the chosen client, and settles that client's oldest
 * unpaid invoice whose balance it pays within a cent, dated the day the
 * payment arrived. A payment is never split over invoices or left as a part
 * payment: with no such invoice the fix is refused, so the owner can add the
 * invoice it was for and fix again. Answers the invoice paid, if any.
 */
export async function assignPayment(
  tx: Tx,
  company: { id: string; timeZone: string },
  paymentId: string | null,
  clientId: string,
): Promise<string | null> {
  const payment = paymentId ? await repo.getPayment(tx, company.id, paymentId) : null;
  // Nothing recorded to apply (or applied already): the incident just closes.
  if (!payment || payment.invoiceId) return null;
  const open = await repo.lockOpenInvoicesOfClient(tx, company.id, clientId);
  const invoice = open.find((i) =>
    paymentSettles(payment.amount, balanceOf(i.total, i.amountPaid)),
  );
  if (!invoice)
    throw badField(
      'newValue',
      `has no unpaid invoice of ${formatMoney(payment.amount)}: add the invoice this payment is for, then fix again`,
    );
  await addPayment(tx, company.id, invoice.id, {
    amount: payment.amount,
    datePaid: ymdOfInstant(payment.createdAt, company.timeZone),
    method: PAYFAST_METHOD,
  });
  await repo.linkPayment(tx, company.id, payment.id, invoice.id);
  await recomputeOutstanding(tx, company.id, [clientId]);
  return invoice.id;
}

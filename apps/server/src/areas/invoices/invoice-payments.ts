import {
  amountText,
  dec,
  invoiceBalance,
  paidSummary,
  paymentStatus,
  toAmount,
} from '@fieldbook/core';
import type { TInvoicePayments, TPaymentSave } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { recomputeOutstanding } from '../clients/index.js';
import {
  addHandPayment,
  isOnline,
  paymentsOfInvoice,
  paymentsOfInvoices,
  removeHandPayment,
} from '../payments/index.js';
import * as repo from './invoices.repo.js';
import { paidStatesOf, setPaidState } from './invoice-payments.repo.js';
import { emitWebhook } from '../webhooks/index.js';

/**
 * An invoice's payments as the invoices area keeps them (DECISIONS §16,
 * docs/payments.md): the payments area writes the payment rows; this module
 * derives the invoice's paid flag, amount, date and method from them with
 * core's `paidSummary`, so every writer of a payment (a person, a save,
 * PayFast, an incident's fix, Process) leaves the invoice the same way.
 */

/**
 * Derives the paid state of the invoices from their payments, writes it where
 * it changed, and recomputes the outstanding of their clients.
 */
export async function settleInvoices(tx: Tx, companyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await paidStatesOf(tx, companyId, ids);
  const payments = await paymentsOfInvoices(tx, companyId, ids);
  const clients = new Set<string>();
  for (const inv of rows) {
    const s = paidSummary(
      inv.total,
      payments.filter((p) => p.invoiceId === inv.id),
      inv.amountCredited,
    );
    const same =
      s.paid === inv.paid &&
      dec(s.amountPaid).eq(dec(inv.amountPaid)) &&
      s.datePaid === inv.datePaid &&
      s.methodPaid === inv.methodPaid;
    if (same) continue;
    await setPaidState(tx, companyId, inv.id, { ...s, amountPaid: amountText(s.amountPaid) });
    if (inv.entityId) clients.add(inv.entityId);
    // Paid in full, or a payment more that leaves a balance (a quote's deposit is neither).
    const more = dec(s.amountPaid).gt(dec(inv.amountPaid));
    const event =
      s.paid && !inv.paid ? 'invoice.paid' : !s.paid && more ? 'invoice.part_paid' : null;
    if (event && !inv.isQuote)
      await emitWebhook(tx, companyId, event, {
        invoiceId: inv.id,
        invoiceNumber: inv.invoiceNumber,
        clientId: inv.entityId,
        total: toAmount(inv.total),
        amountPaid: toAmount(s.amountPaid),
        balance: invoiceBalance(inv.total, s.amountPaid, inv.amountCredited),
        datePaid: s.datePaid,
        method: s.methodPaid,
      });
  }
  if (clients.size > 0) await recomputeOutstanding(tx, companyId, [...clients]);
}

/**
 * The invoice or quote the payment calls name, locked; 404 otherwise. A quote
 * takes payments too: its deposit, by hand or online (docs/payments.md).
 */
async function lockInvoice(tx: Tx, companyId: string, id: string) {
  const inv = isUuid(id)
    ? await repo.findInvoice(tx, companyId, id.toLowerCase(), { forUpdate: true })
    : null;
  if (!inv) throw notFound('Invoice not found');
  return inv;
}

/** `GET /invoices/:id/payments`: the payments, with who recorded them, and the balance. */
export async function invoicePayments(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<TInvoicePayments> {
  const inv = isUuid(id) ? await repo.findInvoice(tx, companyId, id.toLowerCase()) : null;
  if (!inv) throw notFound('Invoice not found');
  const rows = await paymentsOfInvoice(tx, companyId, inv.id);
  const amountPaid = toAmount(rows.reduce((s, r) => s.plus(dec(r.amount)), dec(0)));
  return {
    payments: rows.map((r) => ({
      _id: r.id,
      amount: toAmount(r.amount),
      datePaid: r.datePaid,
      method: r.method,
      reference: r.reference,
      note: r.note,
      online: isOnline(r),
      recordedBy: r.recordedByName ?? r.recordedByUsername ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: toAmount(inv.total),
    amountPaid,
    balance: invoiceBalance(inv.total, amountPaid, inv.amountCredited),
    // Paid as the invoice says (an online payment within a cent settles it), else by the balance.
    status: inv.paid ? 'Paid' : paymentStatus(inv.total, amountPaid, inv.amountCredited),
  };
}

/** `POST /invoices/:id/payments`: a payment by hand, at most the balance. */
export async function recordHandPayment(
  tx: Tx,
  company: { id: string; timeZone: string },
  id: string,
  input: TPaymentSave,
  userId: string,
): Promise<void> {
  const inv = await lockInvoice(tx, company.id, id);
  await addHandPayment(tx, company, { ...inv, credited: inv.amountCredited }, input, userId);
  await settleInvoices(tx, company.id, [inv.id]);
}

/** `POST /invoices/:id/payments/:paymentId/delete`: a payment by hand taken off. */
export async function removePayment(
  tx: Tx,
  companyId: string,
  id: string,
  paymentId: string,
): Promise<void> {
  const inv = await lockInvoice(tx, companyId, id);
  await removeHandPayment(tx, companyId, inv.id, paymentId);
  await settleInvoices(tx, companyId, [inv.id]);
}

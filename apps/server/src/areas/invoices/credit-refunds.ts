import {
  addAmounts,
  amountText,
  formatMoney,
  invoiceBalance,
  refundProblem,
  subAmounts,
  todayIn,
  toAmount,
  toYmd,
  type TCreditNoteApply,
  type TCreditNoteRefundSave,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField, notFound } from '../../platform/errors.js';
import { addHandPayment, removeHandPayment } from '../payments/index.js';
import * as notes from './credit-notes.repo.js';
import { settleInvoices } from './invoice-payments.js';
import * as repo from './invoices.repo.js';

/**
 * Refunds (docs/payments.md "Refunds"): what a credit note took above its
 * invoice's balance (its excess) is owed to the client, until it is paid back
 * (a refund) or kept for a later invoice of theirs (a refund that names the
 * payment it made there). They never pass the excess together: each is
 * checked under the note's row lock, so two at once cannot either. A refund
 * is a record of cash, not a tax document: one recorded by mistake may be
 * removed. The note, its VAT and the income statement do not change; the
 * client's statement shows each refund as a debit.
 */

type Company = { id: string; timeZone: string };

/**
 * Locks the note, then reads it again: the read that waited for the lock saw
 * the refunds as they were when it started (READ COMMITTED takes a snapshot
 * per statement, and a refund does not change the note's own row), so the
 * refunds committed meanwhile are read by a statement of their own.
 */
async function lockNote(tx: Tx, companyId: string, id: string) {
  const locked = isUuid(id)
    ? await notes.findCreditNote(tx, companyId, id.toLowerCase(), { forUpdate: true })
    : null;
  const note = locked && (await notes.findCreditNote(tx, companyId, locked.id));
  if (!note) throw notFound('Credit note not found');
  return note;
}

/**
 * The day of a refund: today when absent; not before the note's own date (or
 * `notBefore`, a later invoice's date), not after today (400 on `date`).
 */
function dayOf(
  company: Company,
  note: { noteDate: string },
  input?: string,
  notBefore?: { date: string; what: string },
): string {
  const today = todayIn(company.timeZone);
  const date = input ? toYmd(input, company.timeZone) : today;
  if (!date) throw badField('date', 'must be a date (YYYY-MM-DD)');
  if (date < note.noteDate)
    throw badField('date', `must not be before the note's date, ${note.noteDate}`);
  if (notBefore && date < notBefore.date)
    throw badField('date', `must not be before ${notBefore.what}, ${notBefore.date}`);
  if (date > today) throw badField('date', 'must not be after today');
  return date;
}

const refundedOf = (note: notes.CreditNoteRow) => addAmounts(...note.refunds.map((r) => r.amount));

/**
 * What the note may still pay back or keep, and its invoice, locked (after
 * the note: the order every path takes). At most its excess less its
 * refunds, and never more than the client truly paid above what the invoice
 * still asks, over all its notes (a payment taken off the invoice after the
 * note was issued leaves less to give back). Answers the invoice too: its
 * client now is the note's client.
 */
async function owedOf(tx: Tx, companyId: string, note: notes.CreditNoteRow) {
  const inv = await repo.findInvoice(tx, companyId, note.invoiceId, { forUpdate: true });
  if (!inv) throw notFound('Credit note not found');
  const over = subAmounts(
    addAmounts(inv.amountPaid, await notes.creditedTotal(tx, companyId, inv.id)),
    addAmounts(inv.total, await notes.refundedOfInvoice(tx, companyId, inv.id)),
  );
  const owed = Math.max(0, Math.min(subAmounts(note.excess, refundedOf(note)), over));
  // What refundProblem reads as the note's excess, so its words say what is still owed.
  return { inv, owed, excess: addAmounts(owed, refundedOf(note)) };
}

/** `POST /credit-notes/:id/refunds`: pays back part or all of what the note owes the client. */
export async function recordRefund(
  tx: Tx,
  company: Company,
  id: string,
  input: TCreditNoteRefundSave,
  userId: string,
): Promise<void> {
  const note = await lockNote(tx, company.id, id);
  const date = dayOf(company, note, input.date);
  const { excess } = await owedOf(tx, company.id, note);
  const problem = refundProblem(input.amount, excess, refundedOf(note));
  if (problem) throw badField('amount', problem);
  await notes.insertRefund(tx, company.id, {
    creditNoteId: note.id,
    amount: amountText(input.amount),
    refundDate: date,
    method: input.method ?? '',
    reference: input.reference ?? '',
    recordedBy: userId,
  });
}

/**
 * `POST /credit-notes/:id/apply`: what the note owes the client kept for a
 * later invoice of the same client, as a payment of it (method "Credit
 * note", the note's number its reference) beside a refund of the note that
 * names that payment. At most what is owed and the invoice's balance; all of
 * that when no amount is given. The note is locked first, then the invoice
 * (no other path locks them the other way round).
 */
export async function applyToInvoice(
  tx: Tx,
  company: Company,
  id: string,
  input: TCreditNoteApply,
  userId: string,
): Promise<void> {
  const note = await lockNote(tx, company.id, id);
  // Both invoices locked in the order of their ids: two notes kept crosswise at once (one's
  // invoice the other's target) never wait on each other in a circle.
  const asked = isUuid(input.invoiceId) ? input.invoiceId.toLowerCase() : null;
  for (const invoiceId of [note.invoiceId, ...(asked ? [asked] : [])].sort())
    await repo.findInvoice(tx, company.id, invoiceId, { forUpdate: true });
  const { inv, owed, excess } = await owedOf(tx, company.id, note);
  const target =
    isUuid(input.invoiceId) && input.invoiceId.toLowerCase() !== inv.id
      ? await repo.findInvoice(tx, company.id, input.invoiceId.toLowerCase(), { forUpdate: true })
      : null;
  // The client the note's invoice has now (it may have been moved to another client).
  if (!target || target.isQuote || !inv.entityId || target.entityId !== inv.entityId)
    throw badField('invoiceId', "is not an invoice of the note's client");
  const number = target.invoiceNumber ?? '';
  const date = dayOf(company, note, input.date, {
    date: target.invoiceDate,
    what: `the date of invoice ${number}`,
  });
  const balance = toAmount(invoiceBalance(target.total, target.amountPaid, target.amountCredited));
  if (balance <= 0) throw badField('invoiceId', `Invoice ${number} has nothing left to pay`);
  const amount = input.amount ?? Math.min(owed, balance);
  const problem = refundProblem(amount, excess, refundedOf(note));
  if (problem) throw badField('amount', problem);
  if (amount > balance)
    throw badField(
      'amount',
      `must not be more than the balance of ${formatMoney(balance)} of invoice ${number}`,
    );
  const paymentId = await addHandPayment(
    tx,
    company,
    { id: target.id, total: target.total, credited: target.amountCredited },
    {
      amount,
      datePaid: date,
      method: 'Credit note',
      reference: note.number,
      note: `Kept for the client from credit note ${note.number}`,
    },
    userId,
  );
  await notes.insertRefund(tx, company.id, {
    creditNoteId: note.id,
    amount: amountText(amount),
    refundDate: date,
    method: 'Credit',
    reference: number,
    paymentId,
    recordedBy: userId,
  });
  await settleInvoices(tx, company.id, [target.id]);
}

/**
 * `POST /credit-notes/:id/refunds/:refundId/delete`: a refund recorded by
 * mistake taken off. One kept for a later invoice takes its payment off that
 * invoice (the refund goes with it: the foreign key's cascade), and the note
 * owes the client the amount again.
 */
export async function removeRefund(
  tx: Tx,
  companyId: string,
  id: string,
  refundId: string,
): Promise<void> {
  const note = await lockNote(tx, companyId, id);
  const refund = isUuid(refundId)
    ? note.refunds.find((r) => r.id === refundId.toLowerCase())
    : undefined;
  if (!refund) throw notFound('Refund not found');
  if (refund.paymentId && refund.invoiceId) {
    // The later invoice locked before its payment goes (note, then invoice, as apply does),
    // so a payment of it at the same moment is not lost in its settling.
    await repo.findInvoice(tx, companyId, refund.invoiceId, { forUpdate: true });
    await removeHandPayment(tx, companyId, refund.invoiceId, refund.paymentId);
    await settleInvoices(tx, companyId, [refund.invoiceId]);
  } else if (!(await notes.deleteRefund(tx, companyId, note.id, refund.id))) {
    throw notFound('Refund not found');
  }
}

import {
  addAmounts,
  amountText,
  refundProblem,
  todayIn,
  toYmd,
  type TCreditNoteRefundSave,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField, notFound } from '../../platform/errors.js';
import * as notes from './credit-notes.repo.js';

/**
 * Refunds (docs/payments.md "Refunds"): money paid back to the client out of
 * a credit note's excess, what the note took above the invoice's balance.
 * They never pass it together: each is checked under the note's row lock, so
 * two at once cannot either. A refund is a record of cash, not a tax
 * document: one recorded by mistake may be removed. The note itself, its
 * VAT and the income statement do not change; the client's statement shows
 * each refund as a debit.
 */

async function lockNote(tx: Tx, companyId: string, id: string) {
  const note = isUuid(id)
    ? await notes.findCreditNote(tx, companyId, id.toLowerCase(), { forUpdate: true })
    : null;
  if (!note) throw notFound('Credit note not found');
  return note;
}

/** `POST /credit-notes/:id/refunds`: pays back part or all of what the note owes the client. */
export async function recordRefund(
  tx: Tx,
  company: { id: string; timeZone: string },
  id: string,
  input: TCreditNoteRefundSave,
  userId: string,
): Promise<void> {
  const note = await lockNote(tx, company.id, id);
  const date = input.date ? toYmd(input.date, company.timeZone) : todayIn(company.timeZone);
  if (!date) throw badField('date', 'must be a date (YYYY-MM-DD)');
  if (date < note.noteDate)
    throw badField('date', `must not be before the note's date, ${note.noteDate}`);
  const refunded = addAmounts(...note.refunds.map((r) => r.amount));
  const problem = refundProblem(input.amount, note.excess, refunded);
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

/** `POST /credit-notes/:id/refunds/:refundId/delete`: a refund recorded by mistake taken off. */
export async function removeRefund(
  tx: Tx,
  companyId: string,
  id: string,
  refundId: string,
): Promise<void> {
  const note = await lockNote(tx, companyId, id);
  if (
    !isUuid(refundId) ||
    !(await notes.deleteRefund(tx, companyId, note.id, refundId.toLowerCase()))
  )
    throw notFound('Refund not found');
}

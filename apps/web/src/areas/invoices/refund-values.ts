import {
  ZCreditNoteRefundSave,
  parseAmount,
  subAmounts,
  type TCreditNote,
  type TCreditNoteRefundSave,
} from '@fieldbook/core';
import { contractErrors } from '../../ui/contract-errors';

/** The Record refund form as typed (docs/payments.md "Refunds"). */
export interface RefundValues {
  amount: number | string;
  date: string | null;
  method: string;
  reference: string;
}

/** What the note still owes the client: its excess less what was paid back. */
export const stillOwed = (note: Pick<TCreditNote, 'excess' | 'refunded'>) =>
  Math.max(0, subAmounts(note.excess, note.refunded));

/** A new refund: all that is still owed, today, no method. */
export const newRefundValues = (owed: number, today: string): RefundValues => ({
  amount: owed,
  date: today,
  method: '',
  reference: '',
});

/** The body of POST /credit-notes/:id/refunds: a typed amount read as core reads it. */
export function refundToSave(v: RefundValues): TCreditNoteRefundSave {
  const amount = typeof v.amount === 'number' ? v.amount : (parseAmount(v.amount) ?? NaN);
  return {
    amount,
    ...(v.date ? { date: v.date } : {}),
    method: v.method,
    reference: v.reference.trim(),
  };
}

const LABELS = { amount: 'Amount', date: 'Refund Date', reference: 'Reference' };

/** The form's errors under the server's own contract, and what is owed, which it may not pass. */
export function refundErrors(v: RefundValues, owed: number): Record<string, string> {
  const body = refundToSave(v);
  if (Number.isNaN(body.amount)) return { amount: 'Amount must be a number' };
  const errors = contractErrors(ZCreditNoteRefundSave, body, LABELS);
  if (!errors.amount && body.amount <= 0) errors.amount = 'Amount must be more than R0.00';
  else if (!errors.amount && body.amount > owed)
    errors.amount = 'Amount must not be more than what the note still owes the client';
  return errors;
}

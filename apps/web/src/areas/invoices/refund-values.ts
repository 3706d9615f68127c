import {
  ZCreditNoteRefundSave,
  formatMoney,
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
  return {
    amount: typedAmount(v.amount),
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

/** The Keep for an invoice form as typed: the invoice chosen and the amount. */
export interface KeepValues {
  invoiceId: string | null;
  amount: number | string;
}

/** The amount typed, read as core reads it (NaN when it is not one). */
export const typedAmount = (a: number | string) =>
  typeof a === 'number' ? a : (parseAmount(a) ?? NaN);

/**
 * The Keep for an invoice form's errors: an invoice of the list is chosen, and
 * the amount is more than nil, at most what the note owes and the invoice's balance.
 */
export function keepErrors(
  v: KeepValues,
  owed: number,
  invoices: readonly { _id: string; balance: number }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const picked = invoices.find((i) => i._id === v.invoiceId);
  if (!picked) errors.invoiceId = 'Choose an invoice';
  const n = typedAmount(v.amount);
  if (Number.isNaN(n)) errors.amount = 'Amount must be a number';
  else if (n <= 0) errors.amount = 'Amount must be more than R0.00';
  else if (n > owed)
    errors.amount = 'Amount must not be more than what the note still owes the client';
  else if (picked && n > picked.balance)
    errors.amount = `Amount must not be more than the invoice's balance of ${formatMoney(picked.balance)}`;
  return errors;
}

import { ZPaymentSave, parseAmount, type TPaymentSave } from '@fieldbook/core';
import { contractErrors } from '../../ui/contract-errors';

/** The Record payment form as typed (DECISIONS §16, docs/payments.md). */
export interface PaymentValues {
  amount: number | string;
  datePaid: string | null;
  method: string;
  reference: string;
  note: string;
}

/** A new payment: the open balance, today, no method. */
export const newPaymentValues = (balance: number, today: string): PaymentValues => ({
  amount: balance,
  datePaid: today,
  method: '',
  reference: '',
  note: '',
});

/** The body of POST /invoices/:id/payments: a typed amount read as core reads it. */
export function paymentToSave(v: PaymentValues): TPaymentSave {
  const amount = typeof v.amount === 'number' ? v.amount : (parseAmount(v.amount) ?? NaN);
  return {
    amount,
    ...(v.datePaid ? { datePaid: v.datePaid } : {}),
    method: v.method,
    reference: v.reference.trim(),
    note: v.note.trim(),
  };
}

const LABELS = { amount: 'Amount', datePaid: 'Payment Date', reference: 'Reference', note: 'Note' };

/** The form's errors under the server's own contract, and the balance it may not pass. */
export function paymentErrors(v: PaymentValues, balance: number): Record<string, string> {
  const body = paymentToSave(v);
  if (Number.isNaN(body.amount)) return { amount: 'Amount must be a number' };
  const errors = contractErrors(ZPaymentSave, body, LABELS);
  if (!errors.amount && body.amount <= 0) errors.amount = 'Amount must be more than R0.00';
  else if (!errors.amount && body.amount > balance)
    errors.amount = `Amount must not be more than the balance`;
  return errors;
}

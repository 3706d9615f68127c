import {
  creditForAmount,
  creditForLines,
  creditProblem,
  parseAmount,
  type CreditValue,
  type TCreditNoteSave,
  type TInvoice,
} from '@fieldbook/core';

/** The Issue credit note form as typed (docs/payments.md, "Credit notes"). */
export interface CreditNoteValues {
  kind: 'lines' | 'amount';
  /** Places of the invoice's lines ticked, from 0. */
  lines: number[];
  amount: number | string;
  reason: string;
  date: string | null;
}

export const newCreditNoteValues = (today: string): CreditNoteValues => ({
  kind: 'lines',
  lines: [],
  amount: '',
  reason: '',
  date: today,
});

type Invoice = Pick<TInvoice, 'descriptions' | 'discount' | 'tax' | 'totals'>;

const amountOf = (v: number | string) =>
  typeof v === 'number' ? v : (parseAmount(v) ?? Number.NaN);

/** What the note would credit, by core's own rules (the server's), or null while incomplete. */
export function creditPreview(v: CreditNoteValues, invoice: Invoice): CreditValue | null {
  if (v.kind === 'lines') {
    if (v.lines.length === 0) return null;
    const lines = v.lines.map((i) => invoice.descriptions[i]).filter((l) => !!l);
    return creditForLines(
      lines.map((l) => ({
        qty: l.qty,
        price: l.price ?? 0,
        hasTax: l.hasTax,
        hasSecondTax: l.hasSecondTax,
      })),
      {
        descriptions: invoice.descriptions.map((l) => ({
          qty: l.qty,
          price: l.price ?? 0,
          hasTax: l.hasTax,
          hasSecondTax: l.hasSecondTax,
        })),
        discount: invoice.discount,
        tax: invoice.tax,
      },
    );
  }
  const amount = amountOf(v.amount);
  return Number.isFinite(amount) ? creditForAmount(amount, invoice.totals) : null;
}

/** The body of POST .../credit-notes. */
export function creditNoteToSave(v: CreditNoteValues): TCreditNoteSave {
  return {
    ...(v.kind === 'lines'
      ? { lines: [...v.lines].sort((a, b) => a - b) }
      : { amount: amountOf(v.amount) }),
    reason: v.reason.trim(),
    ...(v.date ? { date: v.date } : {}),
  };
}

/** The form's errors before it is sent: what the server would refuse, in its words. */
export function creditNoteErrors(
  v: CreditNoteValues,
  invoice: Invoice & { amountCredited?: number },
  creditedSoFar: number,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.reason.trim()) errors.reason = 'Reason is required';
  const value = creditPreview(v, invoice);
  const field = v.kind === 'lines' ? 'lines' : 'amount';
  if (v.kind === 'lines' && v.lines.length === 0) errors.lines = 'Pick at least one line';
  else if (v.kind === 'amount' && !value) errors.amount = 'Amount must be a number';
  else if (value) {
    const problem = creditProblem(value.total, invoice.totals.total, creditedSoFar);
    if (problem) errors[field] = `${v.kind === 'lines' ? 'Lines' : 'Amount'} ${problem}`;
  }
  return errors;
}

import { describe, expect, it } from 'vitest';
import { computeTotals, type TInvoice } from '@fieldbook/core';
import { VAT15 } from '../../test/fixtures';
import {
  creditNoteErrors,
  creditNoteToSave,
  creditPreview,
  newCreditNoteValues,
} from './credit-note-values';

// 2 × R100 and R50, VAT 15 % exclusive: R287.50 (as the server's credit-notes test).
const descriptions = [
  { description: 'Geyser valve', qty: 2, price: 100, hasTax: true },
  { description: 'Call-out', qty: 1, price: 50, hasTax: true },
] as TInvoice['descriptions'];
const discount = { hasDiscount: false, discountType: 'Percentage', discountValue: 0 } as const;
const invoice = {
  descriptions,
  discount,
  tax: VAT15,
  totals: computeTotals({ descriptions, discount, tax: VAT15 }),
};

describe('the Issue credit note form', () => {
  it('previews a line with its VAT, as the server works it', () => {
    const v = { ...newCreditNoteValues('2026-11-28'), lines: [0] };
    expect(creditPreview(v, invoice)).toEqual({ total: 230, tax1: 30, tax2: 0 });
    expect(creditPreview({ ...v, lines: [] }, invoice)).toBeNull();
  });

  it('previews an amount with the VAT in proportion', () => {
    const v = { ...newCreditNoteValues('2026-11-28'), kind: 'amount' as const, amount: '57,50' };
    expect(creditPreview(v, invoice)).toEqual({ total: 57.5, tax1: 7.5, tax2: 0 });
  });

  it('sends the lines in order, or the amount, with the trimmed reason', () => {
    const v = { ...newCreditNoteValues('2026-11-28'), lines: [1, 0], reason: ' Returned ' };
    expect(creditNoteToSave(v)).toEqual({ lines: [0, 1], reason: 'Returned', date: '2026-11-28' });
    expect(creditNoteToSave({ ...v, kind: 'amount', amount: 'R10', date: null })).toEqual({
      amount: 10,
      reason: 'Returned',
    });
  });

  it('asks for a reason, a line or an amount, and no more than the invoice carries', () => {
    const v = newCreditNoteValues('2026-11-28');
    expect(creditNoteErrors(v, invoice, 0)).toEqual({
      reason: 'Reason is required',
      lines: 'Pick at least one line',
    });
    const amount = { ...v, kind: 'amount' as const, reason: 'x' };
    expect(creditNoteErrors({ ...amount, amount: 'ten' }, invoice, 0)).toEqual({
      amount: 'Amount must be a number',
    });
    expect(creditNoteErrors({ ...amount, amount: 87.51 }, invoice, 200)).toEqual({
      amount: 'Amount must not be more than the R87.50 the invoice still carries',
    });
    expect(creditNoteErrors({ ...amount, amount: 87.5 }, invoice, 200)).toEqual({});
  });
});

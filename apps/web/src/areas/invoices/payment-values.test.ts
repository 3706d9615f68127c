import { describe, expect, it } from 'vitest';
import { newPaymentValues, paymentErrors, paymentToSave } from './payment-values';

describe('the Record payment form', () => {
  it('starts at the open balance, dated today', () => {
    expect(newPaymentValues(700, '2026-11-28')).toEqual({
      amount: 700,
      datePaid: '2026-11-28',
      method: '',
      reference: '',
      note: '',
    });
  });

  it('sends a typed amount as core reads it, and trims the text', () => {
    expect(
      paymentToSave({
        amount: 'R1 234,50',
        datePaid: '2026-11-03',
        method: 'EFT',
        reference: ' DEP-1 ',
        note: '',
      }),
    ).toEqual({
      amount: 1234.5,
      datePaid: '2026-11-03',
      method: 'EFT',
      reference: 'DEP-1',
      note: '',
    });
    expect(paymentToSave({ ...newPaymentValues(5, ''), datePaid: null })).not.toHaveProperty(
      'datePaid',
    );
  });

  it('refuses nothing, too much, more than two decimals and a bad amount', () => {
    const v = newPaymentValues(100, '2026-11-28');
    expect(paymentErrors(v, 100)).toEqual({});
    expect(paymentErrors({ ...v, amount: 0 }, 100)).toEqual({
      amount: 'Amount must be more than R0.00',
    });
    expect(paymentErrors({ ...v, amount: 100.01 }, 100)).toEqual({
      amount: 'Amount must not be more than the balance',
    });
    expect(paymentErrors({ ...v, amount: 1.005 }, 100).amount).toMatch(/2 decimals/);
    expect(paymentErrors({ ...v, amount: 'ten' }, 100)).toEqual({
      amount: 'Amount must be a number',
    });
  });
});

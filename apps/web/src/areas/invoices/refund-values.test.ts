import { describe, expect, it } from 'vitest';
import {
  keepErrors,
  newRefundValues,
  refundErrors,
  refundToSave,
  stillOwed,
} from './refund-values';

describe('the Record refund form', () => {
  it('owes the excess less what was paid back, never below nil', () => {
    expect(stillOwed({ excess: 172.5, refunded: 100 })).toBe(72.5);
    expect(stillOwed({ excess: 0.3, refunded: 0.1 })).toBe(0.2);
    expect(stillOwed({ excess: 10, refunded: 12 })).toBe(0);
  });

  it('starts at what is owed, dated today', () => {
    expect(newRefundValues(72.5, '2026-11-29')).toEqual({
      amount: 72.5,
      date: '2026-11-29',
      method: '',
      reference: '',
    });
  });

  it('sends a typed amount as core reads it, and trims the reference', () => {
    expect(
      refundToSave({ amount: 'R1 234,50', date: '2026-11-03', method: 'EFT', reference: ' R-1 ' }),
    ).toEqual({ amount: 1234.5, date: '2026-11-03', method: 'EFT', reference: 'R-1' });
    expect(refundToSave({ amount: 5, date: null, method: '', reference: '' })).toEqual({
      amount: 5,
      method: '',
      reference: '',
    });
  });

  it('refuses nothing, text, and more than is owed', () => {
    const v = newRefundValues(72.5, '2026-11-29');
    expect(refundErrors(v, 72.5)).toEqual({});
    expect(refundErrors({ ...v, amount: 0 }, 72.5)).toEqual({
      amount: 'Amount must be more than R0.00',
    });
    expect(refundErrors({ ...v, amount: 'lots' }, 72.5)).toEqual({
      amount: 'Amount must be a number',
    });
    expect(refundErrors({ ...v, amount: 72.51 }, 72.5)).toEqual({
      amount: 'Amount must not be more than what the note still owes the client',
    });
    expect(refundErrors({ ...v, reference: 'x'.repeat(101) }, 72.5).reference).toMatch(/Reference/);
  });
});

describe('the Keep for an invoice form', () => {
  const open = [
    { _id: 'a', balance: 100 },
    { _id: 'b', balance: 500 },
  ];

  it('takes an invoice of the list and an amount within both what is owed and its balance', () => {
    expect(keepErrors({ invoiceId: 'b', amount: 72.5 }, 72.5, open)).toEqual({});
    expect(keepErrors({ invoiceId: 'a', amount: 'R100,00' }, 172.5, open)).toEqual({});
  });

  it('names what is wrong', () => {
    expect(keepErrors({ invoiceId: null, amount: 10 }, 72.5, open)).toEqual({
      invoiceId: 'Choose an invoice',
    });
    expect(keepErrors({ invoiceId: 'zz', amount: 0 }, 72.5, open)).toEqual({
      invoiceId: 'Choose an invoice',
      amount: 'Amount must be more than R0.00',
    });
    expect(keepErrors({ invoiceId: 'b', amount: 'lots' }, 72.5, open).amount).toBe(
      'Amount must be a number',
    );
    expect(keepErrors({ invoiceId: 'b', amount: 80 }, 72.5, open).amount).toBe(
      'Amount must not be more than what the note still owes the client',
    );
    expect(keepErrors({ invoiceId: 'a', amount: 150 }, 172.5, open).amount).toBe(
      "Amount must not be more than the invoice's balance of R100.00",
    );
  });
});

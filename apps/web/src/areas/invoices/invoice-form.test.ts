import { describe, expect, it } from 'vitest';
import type { TInvoice } from '@fieldbook/core';
import { VAT15 } from '../../test/fixtures';
import {
  depositToSave,
  emptyLine,
  invoiceToValues,
  newInvoiceValues,
  num,
  paymentChange,
  valuesToSave,
  valuesTotals,
} from './invoice-form';

describe('the invoice form state', () => {
  it('reads a number input: empty or not a number is null', () => {
    expect(num('12.5')).toBe(12.5);
    expect(num(3)).toBe(3);
    expect(num('')).toBeNull();
    expect(num('  ')).toBeNull();
    expect(num('abc')).toBeNull();
    expect(num(NaN)).toBeNull();
    expect(num(null)).toBeNull();
  });

  it('dates a new invoice today, due in 7 days, with the company tax and no lines', () => {
    const v = newInvoiceValues(true, '2026-02-25', VAT15);
    expect(v).toMatchObject({ isQuote: true, invoiceDate: '2026-02-25', dueDate: '2026-03-04' });
    expect(v.tax).toEqual(VAT15);
    expect(v.tax).not.toBe(VAT15);
    expect(v.descriptions).toEqual([]);
  });

  it('gives every line its own React key', () => {
    expect(emptyLine().key).not.toBe(emptyLine().key);
  });

  it('totals the lines with the tax, an empty price counting as nothing', () => {
    const v = newInvoiceValues(false, '2026-01-01', VAT15);
    v.descriptions = [emptyLine({ qty: 2, price: '50' }), emptyLine({ price: '' })];
    v.discount = { ...v.discount, hasDiscount: false };
    const t = valuesTotals(v);
    expect(t.total).toBe(115);
  });

  it('sends an empty price as missing, and no paid fields for a new unpaid invoice', () => {
    const v = newInvoiceValues(false, '2026-01-01', VAT15);
    v.descriptions = [emptyLine({ description: 'Call-out', price: '' })];
    v.amountPaid = '' as unknown as number;
    const body = valuesToSave(v, undefined);
    expect(body.descriptions[0]!.price).toBeNull();
    expect(body).not.toHaveProperty('paid');
    expect(body).not.toHaveProperty('amountPaid');
    expect(body).not.toHaveProperty('_id');
    expect(body.recurringType).toBe('');
    expect(body.invoiceTemplateId).toBeNull();
  });

  it("keeps the loaded invoice's id, job and the extra fields the form does not show", () => {
    const loaded = {
      ...newInvoiceValues(false, '2026-01-01', VAT15),
      _id: 'i1',
      appointmentId: 'a1',
      invoiceTemplateId: 'tpl',
      custom: { po: 'PO-1', count: 3 },
      descriptions: [],
      recurringType: '',
    } as unknown as TInvoice;
    const v = invoiceToValues(loaded);
    expect(v.custom).toEqual({ po: 'PO-1' });
    expect(v.recurringType).toBe('month');
    v.custom.po = 'PO-2';
    const body = valuesToSave(v, loaded);
    expect(body).toMatchObject({ _id: 'i1', appointmentId: 'a1', invoiceTemplateId: 'tpl' });
    expect(body.custom).toEqual({ po: 'PO-2', count: 3 });
  });
});

describe('paymentChange', () => {
  const loaded = { paid: false, amountPaid: 300, datePaid: '2026-11-03', methodPaid: 'EFT' };
  it('sends nothing when the paid state is as loaded (part payments stay)', () => {
    expect(paymentChange({ ...loaded }, loaded)).toEqual({});
  });
  it('sends the whole paid state when the Pay modal changed it', () => {
    const asked = { paid: true, amountPaid: 1000, datePaid: '2026-11-28', methodPaid: 'Cash' };
    expect(paymentChange(asked, loaded)).toEqual(asked);
    expect(paymentChange({ ...loaded, amountPaid: '' as unknown as number }, loaded)).toEqual({
      ...loaded,
      amountPaid: 0,
    });
  });
  it('sends a new invoice marked paid, and nothing for a new unpaid one', () => {
    const unpaid = { paid: false, amountPaid: 0, datePaid: null, methodPaid: '' };
    expect(paymentChange(unpaid, undefined)).toEqual({});
    expect(paymentChange({ ...unpaid, paid: true, amountPaid: 5 }, undefined)).toMatchObject({
      paid: true,
      amountPaid: 5,
    });
  });
});

describe('valuesToSave and a payment recorded while the form is open', () => {
  it('compares the paid fields with what the form was loaded from, not the latest fetch', () => {
    const loadedThen = {
      ...newInvoiceValues(false, '2026-01-01', VAT15),
      _id: 'i1',
      appointmentId: null,
      descriptions: [],
    } as unknown as TInvoice;
    const v = invoiceToValues(loadedThen);
    const baseline = {
      paid: v.paid,
      amountPaid: v.amountPaid,
      datePaid: v.datePaid,
      methodPaid: v.methodPaid,
    };
    // Another tab recorded R300 since: the refetched invoice says so, the form does not.
    const fetchedNow = {
      ...loadedThen,
      amountPaid: 300,
      datePaid: '2026-01-05',
      methodPaid: 'EFT',
    };
    const body = valuesToSave(v, fetchedNow, baseline);
    expect(body).not.toHaveProperty('paid');
    expect(body).not.toHaveProperty('amountPaid');
    // Without the baseline the stale state would be posted, replacing the payment.
    expect(valuesToSave(v, fetchedNow)).toMatchObject({ paid: false, amountPaid: 0 });
  });

  it("sends a quote's deposit, null when off; an invoice sends none", () => {
    const q = newInvoiceValues(true, '2026-01-01', VAT15);
    expect(q.deposit.hasDeposit).toBe(false);
    expect(valuesToSave(q, undefined).deposit).toBeNull();
    q.deposit = { hasDeposit: true, type: 'Amount', value: '250' };
    expect(valuesToSave(q, undefined).deposit).toEqual({ type: 'Amount', value: 250 });
    const inv = newInvoiceValues(false, '2026-01-01', VAT15);
    inv.deposit = { hasDeposit: true, type: 'Percentage', value: 30 };
    expect('deposit' in valuesToSave(inv, undefined)).toBe(false);
    // An empty value goes as missing, so the server names the field.
    expect(depositToSave({ hasDeposit: true, type: 'Percentage', value: '' })).toEqual({
      type: 'Percentage',
      value: null,
    });
  });

  it("loads a saved quote's deposit into the switch and fields", () => {
    const saved = (deposit: TInvoice['deposit']) =>
      ({
        ...newInvoiceValues(true, '2026-01-01', VAT15),
        _id: 'q1',
        custom: {},
        descriptions: [],
        deposit,
      }) as unknown as TInvoice;
    expect(invoiceToValues(saved({ type: 'Percentage', value: 40 })).deposit).toEqual({
      hasDeposit: true,
      type: 'Percentage',
      value: 40,
    });
    expect(invoiceToValues(saved(null)).deposit.hasDeposit).toBe(false);
  });
});

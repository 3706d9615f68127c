import { describe, expect, it } from 'vitest';
import type { TRecurringItem } from '@fieldbook/core';
import { VAT15 } from '../../test/fixtures';
import { emptyLine } from '../invoices/invoice-form';
import {
  itemToExpenseValues,
  itemToInvoiceValues,
  newRuleValues,
  previewRule,
  ruleOfValues,
  typeParam,
  valuesToSave,
} from './recurring-values';

describe('the recurring form state', () => {
  it('reads the type in the address, invoices when missing or unknown', () => {
    expect(typeParam('calender')).toBe('calender');
    expect(typeParam('expenses')).toBe('expenses');
    expect(typeParam('nope')).toBe('invoices');
    expect(typeParam(null)).toBe('invoices');
  });

  it('starts monthly from today on its day, forever', () => {
    const v = newRuleValues('2026-03-17');
    expect(ruleOfValues(v)).toEqual({
      startDate: '2026-03-17',
      recurringType: 'month',
      separationCount: 0,
      dayOfWeek: null,
      dayOfMonth: 17,
      monthOfYear: null,
      weekOfMonth: null,
      maxOccurrences: null,
      endDate: null,
    });
  });

  it('keeps only the fields the frequency uses', () => {
    const v = { ...newRuleValues('2026-03-17'), recurringType: 'year' as const, every: '2' };
    const nth = ruleOfValues({ ...v, monthMode: 'nth', weekOfMonth: '3', dayOfWeek: '2' });
    expect(nth).toMatchObject({ separationCount: 1, monthOfYear: 3, weekOfMonth: 3 });
    expect(nth).toMatchObject({ dayOfWeek: 2, dayOfMonth: null });
    const weekly = ruleOfValues({ ...v, recurringType: 'week', ends: 'count', maxOccurrences: 4 });
    expect(weekly).toMatchObject({ dayOfMonth: null, monthOfYear: null, maxOccurrences: 4 });
  });

  it('previews only a rule the rule functions can read', () => {
    const v = newRuleValues('2026-03-17');
    expect(previewRule(v)).not.toBeNull();
    expect(previewRule({ ...v, startDate: '' })).toBeNull();
    expect(previewRule({ ...v, every: 101 })).toBeNull();
    expect(previewRule({ ...v, ends: 'count', maxOccurrences: '' })).toBeNull();
    expect(previewRule({ ...v, ends: 'date', endDate: null })).toBeNull();
  });

  it('sends Include Statement only with Send on creation, and no back date when off', () => {
    const r = { ...newRuleValues('2026-03-17'), includeStatment: true, backdateAmount: 5 };
    const inv = itemToInvoiceValues(undefined, '2026-03-17', VAT15);
    inv.descriptions = [emptyLine({ description: 'Service', price: '100' })];
    const body = valuesToSave('invoices', r, inv, itemToExpenseValues(undefined), undefined);
    expect(body).toMatchObject({ includeStatment: false, backdate: false, backdateAmount: 0 });
    expect(body.descriptions?.[0]).toMatchObject({ description: 'Service', price: 100 });
    const sending = valuesToSave(
      'invoices',
      { ...r, sendOnCreation: true },
      inv,
      itemToExpenseValues(undefined),
      undefined,
    );
    expect(sending.includeStatment).toBe(true);
  });

  it("reads an expense's comma decimal and drops a method when unpaid", () => {
    const exp = { ...itemToExpenseValues(undefined), price: '12,50', methodPaid: 'cash' };
    const inv = itemToInvoiceValues(undefined, '2026-03-17', VAT15);
    const body = valuesToSave('expenses', newRuleValues('2026-03-17'), inv, exp, undefined);
    expect(body).toMatchObject({ price: 12.5, methodPaid: '', warrantyValidDate: null });
  });

  it("assigns a job's user and leaves the time out of an all-day job", () => {
    const r = { ...newRuleValues('2026-03-17'), userId: 'u1', allDay: true, durationMinutes: '' };
    const inv = itemToInvoiceValues(undefined, '2026-03-17', VAT15);
    const item = { _id: 'r1' } as TRecurringItem;
    const body = valuesToSave('calender', r, inv, itemToExpenseValues(undefined), item);
    expect(body).toMatchObject({ _id: 'r1', assignedUsers: ['u1'], startTime: null });
    expect(body.durationMinutes).toBe(60);
  });
});

import { describe, expect, it } from 'vitest';
import type { TLedgerAccount, TLedgerType } from './contracts/ledger.js';
import { isIncomeType } from './contracts/ledger.js';
import { layoutIncomeStatement, monthHeading, monthsBetween } from './ledger-statement.js';

const acc = (_id: string, type: TLedgerType, name: string, account = '', isDefault = false) =>
  ({ _id, type, income: isIncomeType(type), name, account, isDefault }) satisfies TLedgerAccount;

const accounts = [
  acc('gen', 'indirectCost', 'General expenses', '5000', true),
  acc('oth', 'otherIncome', 'Interest', '1500'),
  acc('mat', 'directCost', 'Materials', '4000'),
  acc('sal', 'revenue', 'Sales', '1000', true),
  acc('svc', 'revenue', 'Services', '1100'),
];

const e = (ledgerAccountId: string, income: boolean, total: number) => ({
  ledgerAccountId,
  income,
  total,
});

describe('monthsBetween', () => {
  it('lists each month of a financial year, across the new year', () => {
    const m = monthsBetween('2026-03-01', '2027-02-28');
    expect(m).toHaveLength(12);
    expect(m[0]).toBe('2026-03');
    expect(m[9]).toBe('2026-12');
    expect(m[10]).toBe('2027-01');
    expect(m[11]).toBe('2027-02');
  });
  it('gives one month for a day or a month', () => {
    expect(monthsBetween('2026-11-25', '2026-11-25')).toEqual(['2026-11']);
    expect(monthsBetween('2026-11-01', '2026-11-30')).toEqual(['2026-11']);
  });
  it('gives nothing for a reversed or broken range', () => {
    expect(monthsBetween('2026-12-01', '2026-11-30')).toEqual([]);
    expect(monthsBetween('nonsense', '2026-11-30')).toEqual([]);
    expect(monthsBetween('2026-13-01', '2026-11-30')).toEqual([]);
  });
});

describe('layoutIncomeStatement', () => {
  const statement = {
    '2026-03': [e('sal', true, 100.1), e('mat', false, 30.05), e('gen', false, 10)],
    '2026-04': [e('svc', true, 200.2), e('oth', true, 5), e('sal', true, 0.2)],
  };
  const layout = layoutIncomeStatement(accounts, statement, ['2026-03', '2026-04', '2026-05']);
  const byKey = (k: string) => layout.rows.find((r) => r.key === k)!;

  it('has a column per month of the period, empty months too, oldest first', () => {
    expect(layout.months).toEqual(['2026-03', '2026-04', '2026-05']);
  });

  it('groups Income (revenue, other income) then Costs (direct, indirect), then the profits', () => {
    expect(layout.rows.map((r) => `${r.kind}:${r.label}`)).toEqual([
      'heading:Income',
      'account:Sales',
      'account:Services',
      'account:Interest',
      'subtotal:Total income',
      'heading:Costs',
      'account:Materials',
      'account:General expenses',
      'subtotal:Total costs',
      'profit:Gross profit',
      'profit:Net profit',
    ]);
  });

  it('puts each amount in its month and sums rows in decimals', () => {
    expect(byKey('sal').cells).toEqual([100.1, 0.2, 0]);
    expect(byKey('sal').total).toBe(100.3);
    expect(byKey('svc').cells).toEqual([0, 200.2, 0]);
    expect(byKey('totalIncome').cells).toEqual([100.1, 205.4, 0]);
    expect(byKey('totalIncome').total).toBe(305.5);
    expect(byKey('totalCosts').cells).toEqual([40.05, 0, 0]);
    expect(byKey('totalCosts').total).toBe(40.05);
  });

  it('gross profit is revenue less direct costs; net profit is income less costs', () => {
    // Revenue 100.3 + 200.2 = 300.5; other income 5 is not in gross profit.
    expect(byKey('grossProfit').cells).toEqual([70.05, 200.4, 0]);
    expect(byKey('grossProfit').total).toBe(270.45);
    expect(byKey('netProfit').cells).toEqual([60.05, 205.4, 0]);
    expect(byKey('netProfit').total).toBe(265.45);
  });

  it('a loss is negative', () => {
    const l = layoutIncomeStatement(accounts, { '2026-03': [e('gen', false, 50)] });
    expect(l.rows.find((r) => r.key === 'netProfit')!.total).toBe(-50);
    expect(l.rows.find((r) => r.key === 'grossProfit')!.total).toBe(0);
  });

  it('account rows carry what their cells open: id, income flag, type and code', () => {
    expect(byKey('mat').account).toEqual({
      _id: 'mat',
      income: false,
      type: 'directCost',
      code: '4000',
    });
    expect(byKey('income').cells).toEqual([]);
    expect(byKey('income').account).toBeUndefined();
  });

  it('keeps an amount whose account is unknown in its side and the totals', () => {
    const l = layoutIncomeStatement(accounts, {
      '2026-03': [e('gone', true, 12), e('gone2', false, 3)],
    });
    const unknown = l.rows.filter((r) => r.label === 'Unknown account');
    expect(unknown.map((r) => [r.account?.income, r.total])).toEqual([
      [true, 12],
      [false, 3],
    ]);
    const labels = l.rows.map((r) => r.label);
    expect(labels.indexOf('Unknown account')).toBeLessThan(labels.indexOf('Total income'));
    expect(labels.lastIndexOf('Unknown account')).toBeGreaterThan(labels.indexOf('Costs'));
    expect(l.rows.find((r) => r.key === 'netProfit')!.total).toBe(9);
  });

  it('takes the months from the statement when no period months are given, ignoring bad keys', () => {
    const l = layoutIncomeStatement(accounts, {
      '2026-05': [e('sal', true, 1)],
      '2026-04': [],
      junk: [e('sal', true, 99)],
    });
    expect(l.months).toEqual(['2026-04', '2026-05']);
    expect(l.rows.find((r) => r.key === 'sal')!.total).toBe(1);
  });

  it('with no accounts and nothing, still has the subtotal and profit rows at zero', () => {
    const l = layoutIncomeStatement([], {}, ['2026-03']);
    expect(l.rows.filter((r) => r.kind !== 'heading').map((r) => [r.key, r.cells])).toEqual([
      ['totalIncome', [0]],
      ['totalCosts', [0]],
      ['grossProfit', [0]],
      ['netProfit', [0]],
    ]);
  });
});

describe('monthHeading', () => {
  it('names the month', () => {
    expect(monthHeading('2026-03')).toBe('Mar 2026');
    expect(monthHeading('2027-12')).toBe('Dec 2027');
    expect(monthHeading('bad')).toBe('bad');
  });
});

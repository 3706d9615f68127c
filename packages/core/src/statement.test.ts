import { describe, expect, it } from 'vitest';
import { buildStatement, naturalCompare, type StatementInvoice } from './statement.js';

const inv = (
  _id: string,
  invoiceNumber: string,
  invoiceDate: string,
  total: number,
  amountPaid = 0,
  datePaid: string | null = null,
): StatementInvoice => ({ _id, invoiceNumber, invoiceDate, total, amountPaid, datePaid });

const zeroAging = { current: 0, d30: 0, d60: 0, d90: 0, d120: 0 };

describe('buildStatement', () => {
  // Given out of order on purpose.
  const invoices: StatementInvoice[] = [
    { ...inv('a', 'INV00010', '2026-11-20', 100), description: 'Callout fee' },
    inv('b', 'INV00009', '2026-10-15', 250.5, 100.25, '2026-11-20'),
    inv('f', 'INV00004', '2026-09-15', 60, 20, null),
    inv('c', 'INV00002', '2026-08-01', 80, 80, '2026-08-10'),
    inv('e', 'INV00001', '2026-07-01', 0.2),
    inv('d', 'INV00003', '2026-08-20', 0.1),
  ];
  const s = buildStatement(invoices, '2026-11-30');

  it('lists debits and credits oldest first with a rolling balance', () => {
    const rows = s.lineItems.map((l) => [
      l.invoiceDate,
      l.debit_credit,
      l.invoiceNumber,
      l.total,
      l.rolling,
    ]);
    expect(rows).toEqual([
      ['2026-07-01', 'debit', 'INV00001', 0.2, 0.2],
      ['2026-08-01', 'debit', 'INV00002', 80, 80.2],
      ['2026-08-10', 'credit', 'INV00002', 80, 0.2],
      ['2026-08-20', 'debit', 'INV00003', 0.1, 0.3],
      ['2026-09-15', 'debit', 'INV00004', 60, 60.3],
      ['2026-09-15', 'credit', 'INV00004', 20, 40.3], // datePaid null: on the invoice date
      ['2026-10-15', 'debit', 'INV00009', 250.5, 290.8],
      ['2026-11-20', 'debit', 'INV00010', 100, 390.8],
      ['2026-11-20', 'credit', 'INV00009', 100.25, 290.55],
    ]);
    expect(s.total).toBe(290.55);
  });

  it('describes lines and keeps the invoice id on both', () => {
    expect(s.lineItems[0]).toEqual({
      _id: 'e',
      invoiceDate: '2026-07-01',
      invoiceNumber: 'INV00001',
      description: 'Invoice INV00001',
      debit_credit: 'debit',
      total: 0.2,
      rolling: 0.2,
    });
    expect(s.lineItems[2]).toMatchObject({ _id: 'c', description: 'Payment INV00002' });
    expect(s.lineItems[7]).toMatchObject({ _id: 'a', description: 'Callout fee' });
  });

  it('ages the open balances', () => {
    // ages on 2026-11-30: a 10, b 46, f 76, d 102, e 152 days; c is paid.
    expect(s.aging).toEqual({ current: 100, d30: 150.25, d60: 40, d90: 0.1, d120: 0.2 });
    const sum = Object.values(s.aging).reduce((x, y) => x + Math.round(y * 100), 0);
    expect(sum).toBe(Math.round(s.total * 100));
  });

  it('puts each age at the bucket boundaries in the right bucket', () => {
    const ages: [string, number][] = [
      ['2026-12-02', 1], // 29 days
      ['2026-12-01', 2], // 30
      ['2026-11-02', 4], // 59
      ['2026-11-01', 8], // 60
      ['2026-10-03', 16], // 89
      ['2026-10-02', 32], // 90
      ['2026-09-03', 64], // 119
      ['2026-09-02', 128], // 120
      ['2027-01-05', 256], // dated after asOf
    ];
    const st = buildStatement(
      ages.map(([date, total], i) => inv(`x${i}`, `INV${i}`, date, total)),
      '2026-12-31',
    );
    expect(st.aging).toEqual({ current: 257, d30: 6, d60: 24, d90: 96, d120: 128 });
    expect(st.total).toBe(511);
  });

  it('orders debits before credits on one date, then by invoice number as numbers', () => {
    const st = buildStatement(
      [inv('x', 'INV10', '2026-11-01', 10, 10), inv('y', 'INV9', '2026-11-01', 5)],
      '2026-11-02',
    );
    expect(st.lineItems.map((l) => [l.debit_credit, l.invoiceNumber, l.rolling])).toEqual([
      ['debit', 'INV9', 5],
      ['debit', 'INV10', 15],
      ['credit', 'INV10', 5],
    ]);
    expect(st.aging).toEqual({ ...zeroAging, current: 5 });
  });

  it('shows an overpayment as a negative balance, not aged', () => {
    const st = buildStatement(
      [inv('x', 'INV1', '2026-11-01', 100, 120, '2026-11-05')],
      '2026-11-30',
    );
    expect(st.total).toBe(-20);
    expect(st.lineItems.map((l) => l.rolling)).toEqual([100, -20]);
    expect(st.aging).toEqual(zeroAging);
  });

  it('ignores zero and negative payments', () => {
    const st = buildStatement(
      [
        inv('x', 'INV1', '2026-11-01', 100, 0, '2026-11-05'),
        inv('y', 'INV2', '2026-11-02', 50, -5),
      ],
      '2026-11-30',
    );
    expect(st.lineItems).toHaveLength(2);
    expect(st.total).toBe(150);
    expect(st.aging.current).toBe(150);
  });

  it('is empty without invoices', () => {
    expect(buildStatement([], '2026-11-30')).toEqual({ total: 0, lineItems: [], aging: zeroAging });
  });

  it('rejects dates that are not YYYY-MM-DD', () => {
    expect(() => buildStatement([], '30/11/2026')).toThrow(RangeError);
    expect(() => buildStatement([inv('x', 'I', '2026-02-30', 1)], '2026-11-30')).toThrow(
      RangeError,
    );
    expect(() =>
      buildStatement([inv('x', 'I', '2026-11-01', 1, 1, '2026-11-05T10:00:00Z')], '2026-11-30'),
    ).toThrow(RangeError);
  });
});

describe('naturalCompare', () => {
  it('compares digit runs as numbers', () => {
    expect(naturalCompare('INV9', 'INV10')).toBeLessThan(0);
    expect(naturalCompare('INV00009', 'INV00010')).toBeLessThan(0);
    expect(naturalCompare('INV99999', 'INV100000')).toBeLessThan(0);
    expect(naturalCompare('21112026-10', '21112026-9')).toBeGreaterThan(0);
    expect(naturalCompare('A', 'B')).toBeLessThan(0);
    expect(naturalCompare('INV1', 'INV1')).toBe(0);
    expect(naturalCompare('INV1', 'INV1A')).toBeLessThan(0);
    expect(naturalCompare('7', '007')).toBeLessThan(0);
  });
});

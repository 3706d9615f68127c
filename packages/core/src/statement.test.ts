import { beforeEach, describe, expect, it } from 'vitest';
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
  // Built inside each test: mutation testing switches a mutant on per test, not while collecting.
  let s: ReturnType<typeof buildStatement>;
  beforeEach(() => {
    s = buildStatement(invoices, '2026-11-30');
  });

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

  it('rejects dates that are not YYYY-MM-DD, naming the date', () => {
    expect(() => buildStatement([], '30/11/2026')).toThrow(
      new RangeError('asOf is not YYYY-MM-DD: 30/11/2026'),
    );
    expect(() => buildStatement([inv('x', 'I7', '2026-02-30', 1)], '2026-11-30')).toThrow(
      new RangeError('invoiceDate of invoice I7 is not YYYY-MM-DD: 2026-02-30'),
    );
    expect(() =>
      buildStatement([inv('x', 'I7', '2026-11-01', 1, 1, '2026-11-05T10:00:00Z')], '2026-11-30'),
    ).toThrow(new RangeError('datePaid of invoice I7 is not YYYY-MM-DD: 2026-11-05T10:00:00Z'));
  });

  it('describes a debit with a blank description by its invoice number', () => {
    const st = buildStatement(
      [{ ...inv('x', 'INV7', '2026-11-01', 10, 4), description: '   ' }],
      '2026-11-30',
    );
    expect(st.lineItems.map((l) => l.description)).toEqual(['Invoice INV7', 'Payment INV7']);
  });

  it('orders by date before kind and number, whatever order the invoices come in', () => {
    const a = inv('a', 'INV1', '2026-11-03', 10, 10, '2026-11-04');
    const b = inv('b', 'INV2', '2026-11-01', 20, 20, '2026-11-02');
    for (const list of [
      [a, b],
      [b, a],
    ]) {
      const st = buildStatement(list, '2026-11-30');
      expect(st.lineItems.map((l) => [l.invoiceDate, l.debit_credit, l.rolling])).toEqual([
        ['2026-11-01', 'debit', 20],
        ['2026-11-02', 'credit', 0],
        ['2026-11-03', 'debit', 10],
        ['2026-11-04', 'credit', 0],
      ]);
    }
  });

  it('puts a credit after a debit of the same date even when its number sorts first', () => {
    const paidEarly = inv('a', 'INV1', '2026-10-01', 5, 5, '2026-11-01');
    const later = inv('b', 'INV2', '2026-11-01', 7);
    for (const list of [
      [paidEarly, later],
      [later, paidEarly],
    ]) {
      const st = buildStatement(list, '2026-11-30');
      expect(st.lineItems.map((l) => [l.debit_credit, l.invoiceNumber, l.rolling])).toEqual([
        ['debit', 'INV1', 5],
        ['debit', 'INV2', 12],
        ['credit', 'INV1', 7],
      ]);
    }
  });

  it('orders lines that agree on date, kind and number by invoice id', () => {
    const same = (id: string, total: number) => inv(id, 'INV5', '2026-11-01', total);
    const orders = [
      [same('c', 3), same('a', 1), same('b', 2)],
      [same('a', 1), same('b', 2), same('c', 3)],
      [same('b', 2), same('c', 3), same('a', 1)],
    ];
    for (const list of orders) {
      const st = buildStatement(list, '2026-11-30');
      expect(st.lineItems.map((l) => [l._id, l.rolling])).toEqual([
        ['a', 1],
        ['b', 3],
        ['c', 6],
      ]);
    }
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

  it('compares runs of the same length digit by digit, both ways', () => {
    expect(naturalCompare('INV12', 'INV13')).toBeLessThan(0);
    expect(naturalCompare('INV13', 'INV12')).toBeGreaterThan(0);
    expect(naturalCompare('B', 'A')).toBeGreaterThan(0);
  });

  it('ignores leading zeros of both runs when comparing their values', () => {
    expect(naturalCompare('X100', 'X99')).toBeGreaterThan(0);
    expect(naturalCompare('X99', 'X100')).toBeLessThan(0);
    expect(naturalCompare('X8', 'X007')).toBeGreaterThan(0);
    expect(naturalCompare('X007', 'X8')).toBeLessThan(0);
  });

  it('compares a digit run with text as text', () => {
    // '1' sorts before 'A' as a character, whatever the run's length.
    expect(naturalCompare('10', 'A')).toBeLessThan(0);
    expect(naturalCompare('A', '10')).toBeGreaterThan(0);
  });

  it('puts the empty text first', () => {
    expect(naturalCompare('', 'A')).toBeLessThan(0);
    expect(naturalCompare('A', '')).toBeGreaterThan(0);
    expect(naturalCompare('', '')).toBe(0);
  });
});

describe('buildStatement with part payments and credit notes (DECISIONS §16)', () => {
  // R1,000.00 on 1 March: R300 deposit on 1 March, R200 on 10 April, a R115 credit note on 5 April.
  const invoice: StatementInvoice = {
    ...inv('p', 'INV00020', '2026-03-01', 1000),
    payments: [
      { amount: 200, datePaid: '2026-04-10' },
      { amount: '300.00', datePaid: '2026-03-01' },
    ],
    credits: [{ amount: 115, date: '2026-04-05', number: 'CN00001' }],
  };

  it('lists each payment and each credit note as its own credit line', () => {
    const s = buildStatement([invoice], '2026-04-30');
    expect(s.lineItems.map((l) => [l.invoiceDate, l.description, l.total, l.rolling])).toEqual([
      ['2026-03-01', 'Invoice INV00020', 1000, 1000],
      ['2026-03-01', 'Payment INV00020', 300, 700],
      ['2026-04-05', 'Credit note CN00001', 115, 585],
      ['2026-04-10', 'Payment INV00020', 200, 385],
    ]);
    expect(s.total).toBe(385);
  });

  it('ages what payments and credits leave open, and ignores amountPaid when payments are given', () => {
    // 59 days from 1 March to 29 April: the 30-59 bucket.
    const s = buildStatement(
      [{ ...invoice, amountPaid: 1000, datePaid: '2026-03-02' }],
      '2026-04-29',
    );
    expect(s.aging).toEqual({ ...zeroAging, d30: 385 });
  });

  it('lists a refund out of a note as a debit after the note, on its own date', () => {
    // R500.00 paid in full; a R172.50 note on 3 May owes the client all of it;
    // R100.00 paid back the same day and R72.50 kept on 9 May for INV00030 bring it to nil.
    const paidInFull: StatementInvoice = {
      ...inv('q', 'INV00021', '2026-05-01', 500),
      payments: [{ amount: 500, datePaid: '2026-05-02' }],
      credits: [
        {
          amount: '172.50',
          date: '2026-05-03',
          number: 'CN00002',
          refunds: [
            { amount: '72.50', date: '2026-05-09', toInvoice: 'INV00030' },
            { amount: 100, date: '2026-05-03' },
            { amount: 0, date: '2026-05-04' },
          ],
        },
      ],
    };
    const s = buildStatement([paidInFull], '2026-05-10');
    expect(
      s.lineItems.map((l) => [l.invoiceDate, l.description, l.debit_credit, l.total, l.rolling]),
    ).toEqual([
      ['2026-05-01', 'Invoice INV00021', 'debit', 500, 500],
      ['2026-05-02', 'Payment INV00021', 'credit', 500, 0],
      ['2026-05-03', 'Credit note CN00002', 'credit', 172.5, -172.5],
      ['2026-05-03', 'Refund CN00002', 'debit', 100, -72.5],
      ['2026-05-09', 'Credit note CN00002 to INV00030', 'debit', 72.5, 0],
    ]);
    expect(s.total).toBe(0);
    // Nothing of the invoice is open: nothing to age.
    expect(s.aging).toEqual(zeroAging);
  });

  it('refuses a refund whose date is not YYYY-MM-DD', () => {
    const bad: StatementInvoice = {
      ...inv('r', 'INV00022', '2026-05-01', 10),
      credits: [
        { amount: 10, date: '2026-05-01', number: 'CN9', refunds: [{ amount: 1, date: '9/5' }] },
      ],
    };
    expect(() => buildStatement([bad], '2026-05-10')).toThrow(/refund date of invoice INV00022/);
  });
});

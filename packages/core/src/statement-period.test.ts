import { describe, expect, it } from 'vitest';
import { buildStatement, type StatementInvoice } from './statement.js';
import { BROUGHT_FORWARD, statementForPeriod, type StatementPeriod } from './statement-period.js';

const AS_OF = '2026-04-30';

/**
 * Worked by hand, oldest first (date, kind, amount, rolling):
 *   2026-01-10 debit  INV1 1000.00  1000.00
 *   2026-01-20 credit INV1  400.00   600.00
 *   2026-02-01 debit  INV2  250.50   850.50
 *   2026-02-15 debit  INV3   99.99   950.49
 *   2026-03-05 credit INV3    0.49   950.00  (credit note CN1)
 *   2026-03-31 debit  INV4   10.01   960.01
 *   2026-04-02 credit INV4   10.01   950.00
 */
const invoices: StatementInvoice[] = [
  {
    _id: 'a',
    invoiceNumber: 'INV1',
    invoiceDate: '2026-01-10',
    total: 1000,
    amountPaid: 0,
    datePaid: null,
    payments: [{ amount: '400.00', datePaid: '2026-01-20' }],
  },
  {
    _id: 'b',
    invoiceNumber: 'INV2',
    invoiceDate: '2026-02-01',
    total: 250.5,
    amountPaid: 0,
    datePaid: null,
  },
  {
    _id: 'c',
    invoiceNumber: 'INV3',
    invoiceDate: '2026-02-15',
    total: 99.99,
    amountPaid: 0,
    datePaid: null,
    credits: [{ amount: '0.49', date: '2026-03-05', number: 'CN1' }],
  },
  {
    _id: 'd',
    invoiceNumber: 'INV4',
    invoiceDate: '2026-03-31',
    total: 10.01,
    amountPaid: 10.01,
    datePaid: '2026-04-02',
  },
];

/** A line as [date, kind, amount, rolling]. */
type Row = [string, 'debit' | 'credit', number, number];
const rows = (s: {
  lineItems: { invoiceDate: string; debit_credit: string; total: number; rolling: number }[];
}) => s.lineItems.map((l) => [l.invoiceDate, l.debit_credit, l.total, l.rolling]);

const L1: Row = ['2026-01-10', 'debit', 1000, 1000];
const L2: Row = ['2026-01-20', 'credit', 400, 600];
const L3: Row = ['2026-02-01', 'debit', 250.5, 850.5];
const L4: Row = ['2026-02-15', 'debit', 99.99, 950.49];
const L5: Row = ['2026-03-05', 'credit', 0.49, 950];
const L6: Row = ['2026-03-31', 'debit', 10.01, 960.01];
const L7: Row = ['2026-04-02', 'credit', 10.01, 950];
const bf = (date: string, kind: 'debit' | 'credit', amount: number, rolling: number): Row => [
  date,
  kind,
  amount,
  rolling,
];

describe('statementForPeriod', () => {
  const whole = { ...buildStatement(invoices, AS_OF), asOf: AS_OF };

  it('starts from the statement worked by hand', () => {
    expect(rows(whole)).toEqual([L1, L2, L3, L4, L5, L6, L7]);
    expect(whole.total).toBe(950);
  });

  const cases: [string, StatementPeriod, Row[], number][] = [
    [
      'a period from an invoice date to a credit note date, both included',
      { from: '2026-02-01', to: '2026-03-05' },
      [bf('2026-02-01', 'debit', 600, 600), L3, L4, L5],
      950,
    ],
    [
      'a period starting the day after a line, ending on a debit',
      { from: '2026-02-02', to: '2026-03-31' },
      [bf('2026-02-02', 'debit', 850.5, 850.5), L4, L5, L6],
      960.01,
    ],
    [
      'one day',
      { from: '2026-01-20', to: '2026-01-20' },
      [bf('2026-01-20', 'debit', 1000, 1000), L2],
      600,
    ],
    [
      'only from: everything after, closing at the last line',
      { from: '2026-03-06' },
      [bf('2026-03-06', 'debit', 950, 950), L6, L7],
      950,
    ],
    ['only to: everything up to it, no brought forward line', { to: '2026-01-31' }, [L1, L2], 600],
    ['only to, before every line', { to: '2026-01-09' }, [], 0],
    [
      'an empty period: the brought forward balance is the closing one',
      { from: '2026-03-06', to: '2026-03-30' },
      [bf('2026-03-06', 'debit', 950, 950)],
      950,
    ],
    [
      'a period before every line: brought forward R0.00 as a debit',
      { from: '2025-01-01', to: '2025-12-31' },
      [bf('2025-01-01', 'debit', 0, 0)],
      0,
    ],
    [
      'a period after every line',
      { from: '2026-05-01', to: '2026-05-31' },
      [bf('2026-05-01', 'debit', 950, 950)],
      950,
    ],
  ];

  it.each(cases)('%s', (_name, period, expected, total) => {
    const s = statementForPeriod(whole, period);
    expect(rows(s)).toEqual(expected);
    expect(s.total).toBe(total);
    expect(s.aging).toEqual(whole.aging);
    expect(s.asOf).toBe(AS_OF);
  });

  it('writes the brought forward line with no invoice, and keeps the lines as they were', () => {
    const s = statementForPeriod(whole, { from: '2026-02-01', to: '2026-02-01' });
    expect(s.lineItems).toEqual([
      {
        _id: '',
        invoiceDate: '2026-02-01',
        invoiceNumber: '',
        description: BROUGHT_FORWARD,
        debit_credit: 'debit',
        total: 600,
        rolling: 600,
      },
      whole.lineItems[2],
    ]);
    expect(BROUGHT_FORWARD).toBe('Balance brought forward');
  });

  it('answers the statement as it is without a period', () => {
    expect(statementForPeriod(whole, {})).toBe(whole);
    expect(statementForPeriod(whole, { from: undefined, to: undefined })).toBe(whole);
  });

  it('leaves the statement it is given alone', () => {
    const before = JSON.stringify(whole);
    statementForPeriod(whole, { from: '2026-02-01', to: '2026-02-28' });
    expect(JSON.stringify(whole)).toBe(before);
  });

  it('brings forward a balance in the client’s favour as a credit', () => {
    // 100.00 invoiced, 100.00 paid, then a credit note of 30.25 beyond the balance:
    // the client is owed 30.25 until the invoice of 50.10 (rolling 19.85).
    const s = buildStatement(
      [
        {
          _id: 'x',
          invoiceNumber: 'INV7',
          invoiceDate: '2026-01-05',
          total: 100,
          amountPaid: 100,
          datePaid: '2026-01-06',
          credits: [{ amount: 30.25, date: '2026-01-07', number: 'CN2' }],
        },
        {
          _id: 'y',
          invoiceNumber: 'INV8',
          invoiceDate: '2026-02-01',
          total: 50.1,
          amountPaid: 0,
          datePaid: null,
        },
      ],
      AS_OF,
    );
    const feb = statementForPeriod(s, { from: '2026-02-01' });
    expect(rows(feb)).toEqual([
      ['2026-02-01', 'credit', 30.25, -30.25],
      ['2026-02-01', 'debit', 50.1, 19.85],
    ]);
    expect(feb.total).toBe(19.85);
    const jan = statementForPeriod(s, { from: '2026-01-07', to: '2026-01-31' });
    expect(rows(jan)).toEqual([
      ['2026-01-07', 'debit', 0, 0],
      ['2026-01-07', 'credit', 30.25, -30.25],
    ]);
    expect(jan.total).toBe(-30.25);
  });

  it('adds in decimal: 0.10 and 0.20 bring forward 0.30, not 0.30000000000000004', () => {
    const s = buildStatement(
      [
        ['p', '2026-01-01', 0.1],
        ['q', '2026-01-02', 0.2],
        ['r', '2026-02-01', 0.05],
      ].map(([id, date, total]) => ({
        _id: id as string,
        invoiceNumber: `INV-${id as string}`,
        invoiceDate: date as string,
        total: total as number,
        amountPaid: 0,
        datePaid: null,
      })),
      AS_OF,
    );
    const feb = statementForPeriod(s, { from: '2026-02-01' });
    expect(feb.lineItems[0]).toMatchObject({ total: 0.3, rolling: 0.3 });
    expect(feb.total).toBe(0.35);
    expect(statementForPeriod(s, { to: '2026-01-31' }).total).toBe(0.3);
  });

  it('refuses a from after to, and dates not written YYYY-MM-DD', () => {
    expect(() => statementForPeriod(whole, { from: '2026-03-02', to: '2026-03-01' })).toThrow(
      new RangeError('from 2026-03-02 is after to 2026-03-01'),
    );
    expect(() => statementForPeriod(whole, { from: '2026-02-30' })).toThrow(
      new RangeError('from is not YYYY-MM-DD: 2026-02-30'),
    );
    expect(() => statementForPeriod(whole, { to: '2026-3-01' })).toThrow(
      new RangeError('to is not YYYY-MM-DD: 2026-3-01'),
    );
    expect(() => statementForPeriod(whole, { from: '' })).toThrow(RangeError);
  });
});

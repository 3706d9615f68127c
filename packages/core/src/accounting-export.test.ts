import { describe, expect, it } from 'vitest';
import {
  dmy,
  exportLineAmounts,
  sageDocumentsCsv,
  sageExpensesCsv,
  sageInvoicesCsv,
  xeroInvoicesCsv,
  XERO_INVOICE_COLUMNS,
  type ExportInvoice,
} from './accounting-export.js';
import { computeTotals } from './totals.js';
import { documentRevenue, shareByWeight } from './ledger.js';

const tax = (tV: number, inc1 = false) => ({
  hasTax: true,
  tV,
  inc1,
  duc1: false,
  hasSecondTax: false,
  t2V: 0,
  inc2: false,
  duc2: false,
});

const known: ExportInvoice = {
  number: 'INV-7',
  invoiceDate: '2026-03-01',
  dueDate: '2026-03-08',
  clientName: 'Acme, Ltd',
  clientReference: 'ACME01',
  email: 'a@acme.test',
  discount: { hasDiscount: true, discountType: 'Percentage', discountValue: 10 },
  tax: tax(15),
  descriptions: [
    { description: 'Labour', qty: 2, price: 100, accountCode: '1000' },
    { description: 'Parts', qty: 1, price: 33.33, accountCode: '2000', code: 'P1' },
  ],
};

const body = (csv: string) =>
  csv
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

describe('dmy', () => {
  it('writes DD/MM/YYYY', () => {
    expect(dmy('2026-03-01')).toBe('01/03/2026');
    expect(dmy('2026-12-31T10:00:00Z')).toBe('31/12/2026');
  });
});

describe('sageInvoicesCsv', () => {
  it('gives the known rows of a known invoice', () => {
    expect(body(sageInvoicesCsv([known]))).toEqual([
      'Type,Customer Reference,Date,Customer Name,Reference,Ledger Account,Details,Net,VAT Rate,VAT,Total',
      'SI,ACME01,01/03/2026,"Acme, Ltd",INV-7,1000,Labour,180.00,Standard,27.00,207.00',
      'SI,ACME01,01/03/2026,"Acme, Ltd",INV-7,2000,Parts,30.00,Standard,4.50,34.50',
    ]);
  });

  it('neutralises formula-looking text', () => {
    const evil: ExportInvoice = {
      ...known,
      clientName: '=HYPERLINK("http://x")',
      clientReference: '+cmd',
      descriptions: [{ description: '@SUM(A1)', price: 10, accountCode: '-1' }],
    };
    const [, row] = body(sageInvoicesCsv([evil]));
    expect(row).toBe(
      `SI,'+cmd,01/03/2026,"'=HYPERLINK(""http://x"")",INV-7,'-1,'@SUM(A1),9.00,Standard,1.35,10.35`,
    );
  });

  it('an untaxed line is zero-rated and gets no VAT', () => {
    const inv = {
      ...known,
      descriptions: [
        { description: 'a', price: 100, accountCode: '' },
        { description: 'b', price: 50, accountCode: '', hasTax: false },
      ],
    };
    const rows = body(sageInvoicesCsv([inv])).slice(1);
    expect(rows[1]).toContain(',Zero,0.00,');
  });
});

describe('exportLineAmounts', () => {
  const cases: [string, ExportInvoice][] = [
    ['known', known],
    [
      'three tenths',
      {
        ...known,
        discount: null,
        descriptions: [0, 1, 2].map(() => ({ description: 'x', price: 0.1, accountCode: '' })),
      },
    ],
    [
      'inclusive, amount discount, odd quantities',
      {
        ...known,
        tax: tax(15, true),
        discount: { hasDiscount: true, discountType: 'Amount', discountValue: 7.77 },
        descriptions: [
          { description: 'a', qty: 3, price: 19.99, accountCode: '' },
          { description: 'b', qty: 0.333, price: 12.01, accountCode: '' },
          { description: 'c', qty: 7, price: 1.07, accountCode: '', hasTax: false },
        ],
      },
    ],
  ];
  it.each(cases)('%s: lines add up to revenue, VAT and total to the cent', (_, inv) => {
    const a = exportLineAmounts(inv);
    const cents = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x * 100, 0));
    const t = computeTotals(inv);
    expect(cents(a.map((x) => x.net))).toBe(Math.round(documentRevenue(inv) * 100));
    expect(cents(a.map((x) => x.vat))).toBe(Math.round(t.tax1 * 100));
    expect(cents(a.map((x) => x.total))).toBe(Math.round(t.total * 100));
  });
});

describe('xeroInvoicesCsv', () => {
  it('writes Xero template columns, ZAR, the tax type and the invoice total', () => {
    const lines = body(xeroInvoicesCsv([known]));
    expect(lines[0]).toBe(XERO_INVOICE_COLUMNS.join(','));
    expect(lines[1]).toBe(
      '"Acme, Ltd",a@acme.test,,,,,,,,,INV-7,,01/03/2026,08/03/2026,241.50,,Labour,2,100.00,10,1000,Standard Rate Sales,27.00,,,,,ZAR,',
    );
    expect(lines[2]).toContain(',P1,Parts,1,33.33,10,2000,Standard Rate Sales,4.50,');
  });
});

describe('sageExpensesCsv', () => {
  it('writes a PI row per expense', () => {
    const lines = body(
      sageExpensesCsv([
        {
          number: 'E1',
          date: '2026-03-02',
          supplierName: 'Shop',
          supplierReference: 'S1',
          description: 'Fuel',
          accountCode: '5000',
          amount: 99.5,
        },
      ]),
    );
    expect(lines[1]).toBe('PI,S1,02/03/2026,Shop,E1,5000,Fuel,99.50,Zero,0.00,99.50');
  });
});

describe('sageDocumentsCsv', () => {
  it('writes the invoices SI rows, then the expenses PI rows, under the invoices header', () => {
    const fuel = {
      number: 'E1',
      date: '2026-03-02',
      supplierName: '=Shop',
      supplierReference: 'S1',
      description: 'Fuel',
      accountCode: '5000',
      amount: 99.5,
    };
    expect(body(sageDocumentsCsv([known], [fuel]))).toEqual([
      'Type,Customer Reference,Date,Customer Name,Reference,Ledger Account,Details,Net,VAT Rate,VAT,Total',
      'SI,ACME01,01/03/2026,"Acme, Ltd",INV-7,1000,Labour,180.00,Standard,27.00,207.00',
      'SI,ACME01,01/03/2026,"Acme, Ltd",INV-7,2000,Parts,30.00,Standard,4.50,34.50',
      "PI,S1,02/03/2026,'=Shop,E1,5000,Fuel,99.50,Zero,0.00,99.50",
    ]);
    expect(body(sageDocumentsCsv([], []))).toHaveLength(1);
  });
});

describe('shareByWeight', () => {
  it('shares to the cent by the largest remainder', () => {
    expect(shareByWeight(0.05, [1, 1, 1])).toEqual([0.02, 0.02, 0.01]);
    expect(shareByWeight(100, [1, 2])).toEqual([33.33, 66.67]);
    expect(shareByWeight(10, [0, 5])).toEqual([0, 10]);
  });
  it('shares nothing over weights that are all zero, and nothing over no weights', () => {
    expect(shareByWeight(5, [0, 0])).toEqual([0, 0]);
    expect(shareByWeight(5, [])).toEqual([]);
  });
  it('adds up on awkward weights', () => {
    const w = [0.01, 999999.99, 3.33, 3.33, 3.34];
    const s = shareByWeight(123.45, w);
    expect(Math.round(s.reduce((a, b) => a + b * 100, 0))).toBe(12345);
  });
});

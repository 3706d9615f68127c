import { describe, expect, it } from 'vitest';
import { XERO_INVOICE_COLUMNS, type ExportInvoice } from './accounting-export.js';
import {
  XERO_CREDIT_NOTE_COLUMNS,
  creditExportLines,
  sageCustomerCsv,
  xeroCreditNotesCsv,
  type ExportCreditNote,
} from './credit-export.js';
import { creditForAmount, creditForLines } from './credits.js';
import { computeTotals } from './totals.js';

/** Vectors worked by hand (docs/exports.md, "Credit notes"). */
const tax = (inc1 = false) => ({
  hasTax: true,
  tV: 15,
  inc1,
  duc1: false,
  hasSecondTax: false,
  t2V: 0,
  inc2: false,
  duc2: false,
});

/** Labour 2 × 100 (account 1100), parts 50 (1000), disposal 30 untaxed (1000); VAT 15 %. */
const invoice = (inc = false): ExportInvoice => ({
  number: 'INV00007',
  invoiceDate: '2026-03-01',
  dueDate: '2026-03-08',
  clientName: 'Acme, Ltd',
  clientReference: 'ACME01',
  email: 'a@acme.test',
  tax: tax(inc),
  descriptions: [
    { description: 'Labour', qty: 2, price: 100, accountCode: '1100' },
    { description: 'Parts', qty: 1, price: 50, accountCode: '1000', code: 'P1' },
    { description: 'Disposal', qty: 1, price: 30, hasTax: false, accountCode: '1000' },
  ],
});
const note = (inv: ExportInvoice, over: Partial<ExportCreditNote>): ExportCreditNote => ({
  number: 'CN00001',
  date: '2026-03-20',
  invoiceNumber: inv.number,
  clientName: inv.clientName,
  clientReference: inv.clientReference,
  email: inv.email,
  invoice: inv,
  credit: { total: 0, tax1: 0, tax2: 0 },
  lines: null,
  ...over,
});
const body = (csv: string) =>
  csv
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

describe('creditExportLines', () => {
  it('a credit of the labour line: R200 net, R30 VAT on account 1100', () => {
    const inv = invoice();
    const credit = creditForLines([inv.descriptions[0]!], inv);
    const rows = creditExportLines(note(inv, { credit, lines: [0] }));
    expect(rows.map((r) => [r.line.accountCode, r.net, r.vat, r.total, r.taxed])).toEqual([
      ['1100', 200, 30, 230, true],
    ]);
  });

  it('a credit of an amount: shared over every line, VAT on the taxed ones', () => {
    // Total 317.50 (VAT 37.50). R63.50 is a fifth: VAT 7.50; revenue 56 = 40 + 10 + 6,
    // VAT 7.50 over the taxed 40 and 10: 6.00 and 1.50.
    const inv = invoice();
    const credit = creditForAmount(63.5, computeTotals(inv));
    const rows = creditExportLines(note(inv, { credit }));
    expect(rows.map((r) => [r.line.description, r.net, r.vat, r.total])).toEqual([
      ['Labour', 40, 6, 46],
      ['Parts', 10, 1.5, 11.5],
      ['Disposal', 6, 0, 6],
    ]);
  });
});

describe('sageCustomerCsv', () => {
  it("writes the invoices' SI rows then the notes' SC rows, amounts positive", () => {
    const inv = invoice();
    const credit = creditForLines([inv.descriptions[0]!], inv);
    const lines = body(sageCustomerCsv([inv], [note(inv, { credit, lines: [0] })]));
    expect(lines[0]).toBe(
      'Type,Customer Reference,Date,Customer Name,Reference,Ledger Account,Details,Net,VAT Rate,VAT,Total',
    );
    expect(lines.slice(1).map((l) => l.slice(0, 3))).toEqual(['SI,', 'SI,', 'SI,', 'SC,']);
    expect(lines[4]).toBe(
      'SC,ACME01,20/03/2026,"Acme, Ltd",CN00001,1100,Labour,200.00,Standard,30.00,230.00',
    );
  });
});

describe('xeroCreditNotesCsv', () => {
  it("has Xero's credit-note columns", () => {
    expect(XERO_CREDIT_NOTE_COLUMNS).toHaveLength(XERO_INVOICE_COLUMNS.length - 1);
    expect(XERO_CREDIT_NOTE_COLUMNS.slice(10, 14)).toEqual([
      'CreditNoteNumber',
      'Reference',
      'CreditNoteDate',
      'Total',
    ]);
  });

  it('writes a row per part, the invoice as Reference, unit amounts as the invoice file does', () => {
    const inv = invoice();
    const credit = creditForAmount(63.5, computeTotals(inv));
    const rows = body(xeroCreditNotesCsv([note(inv, { credit })]));
    expect(rows).toHaveLength(4);
    expect(rows[1]).toBe(
      '"Acme, Ltd",a@acme.test,,,,,,,,,CN00001,INV00007,20/03/2026,63.50,,Labour,1,40.00,,1100,Standard Rate Sales,6.00,,,,,ZAR,',
    );
    expect(rows[3]).toContain(',Disposal,1,6.00,,1000,Zero Rated,0.00,');

    // Inclusive VAT: the unit amount carries the VAT, as the invoice file's prices do.
    const inc = invoice(true);
    const c2 = creditForLines([inc.descriptions[1]!], inc);
    const [, row] = body(xeroCreditNotesCsv([note(inc, { credit: c2, lines: [1] })]));
    expect(c2).toEqual({ total: 50, tax1: 6.52, tax2: 0 });
    expect(row).toContain(',50.00,P1,Parts,1,50.00,,1000,Standard Rate Sales,6.52,');
  });
});

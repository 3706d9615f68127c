import { toCsv, type CsvValue } from './csv.js';
import {
  SAGE_VAT_STANDARD,
  SAGE_VAT_ZERO,
  XERO_CURRENCY,
  XERO_INVOICE_COLUMNS,
  XERO_TAX_STANDARD,
  XERO_TAX_ZERO,
  SAGE_CSV,
  SAGE_INVOICE_COLUMNS,
  dmy,
  sageInvoiceRows,
  type ExportInvoice,
  type ExportLine,
  type LineAmounts,
} from './accounting-export.js';
import { creditLineAmounts, vatOfCredit } from './credit-ledger.js';
import type { CreditValue } from './credits.js';
import { shareByWeight } from './ledger.js';
import { dec, toAmount } from './money.js';
import type { TotalsDocument } from './totals.js';

/**
 * Credit notes in the accounting-package exports (docs/exports.md, "Credit
 * notes"): the same amounts as the ledger (core `creditLineAmounts`) and the
 * VAT summary (`vatOfCredit`), so the files, the income statement and the
 * VAT201 figures agree to the cent.
 */

export interface ExportCreditNote {
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The invoice it corrects. */
  invoiceNumber: string;
  clientName: string;
  clientReference: string;
  email: string;
  /** The invoice's lines (with their ledger codes for the note's parts), discount and tax. */
  invoice: TotalsDocument & { descriptions: ExportLine[] };
  credit: CreditValue;
  /** The places of the lines credited; null for a credit of an amount. */
  lines: number[] | null;
}

/** One row of a note: the invoice line it reduces and its Net, VAT and Total. */
export interface CreditExportLine extends LineAmounts {
  line: ExportLine;
}

/**
 * The note's rows: each invoice line's part of its revenue (Net; lines with no
 * part left out), its VAT shared over the taxed parts by their Net (over every
 * part when no taxed line has one), Total = Net + VAT. Net adds up to the
 * note's revenue, VAT to its VAT.
 */
export function creditExportLines(n: ExportCreditNote): CreditExportLine[] {
  const nets = creditLineAmounts(n.invoice, n.credit, n.lines ?? undefined);
  const vat = vatOfCredit(n.credit, n.invoice.tax);
  const taxed = n.invoice.descriptions.map((l) => l.hasTax !== false && vat !== 0);
  let weights = nets.map((x, i) => (taxed[i] ? x : 0));
  if (vat !== 0 && weights.every((w) => w === 0)) weights = nets;
  const vats = shareByWeight(vat, weights);
  return nets.flatMap((net, i) =>
    net === 0 && vats[i] === 0
      ? []
      : [
          {
            line: n.invoice.descriptions[i]!,
            net,
            vat: vats[i]!,
            total: toAmount(dec(net).plus(dec(vats[i]!))),
            taxed: vats[i] !== 0 || taxed[i]!,
          },
        ],
  );
}

/** Sage's customer file of a period: the invoices' 'SI' rows, then the credit notes' 'SC' rows. */
export function sageCustomerCsv(invoices: ExportInvoice[], notes: ExportCreditNote[]): string {
  return toCsv(
    SAGE_INVOICE_COLUMNS,
    [...sageInvoiceRows(invoices), ...sageCreditNoteRows(notes)],
    SAGE_CSV,
  );
}

/** Sage's sales-credit rows ('SC', amounts positive), one per invoice line the note reduces. */
export function sageCreditNoteRows(notes: ExportCreditNote[]): CsvValue[][] {
  return notes.flatMap((n) =>
    creditExportLines(n).map((a) => [
      'SC',
      n.clientReference,
      dmy(n.date),
      n.clientName,
      n.number,
      a.line.accountCode,
      a.line.description,
      a.net,
      a.taxed ? SAGE_VAT_STANDARD : SAGE_VAT_ZERO,
      a.vat,
      a.total,
    ]),
  );
}

/**
 * Xero's credit-note import template: the sales-invoice template with
 * CreditNoteNumber and CreditNoteDate for InvoiceNumber and InvoiceDate and no
 * DueDate; amounts positive (Xero books them as credits).
 */
export const XERO_CREDIT_NOTE_COLUMNS = XERO_INVOICE_COLUMNS.flatMap((c) =>
  c === 'InvoiceNumber'
    ? ['CreditNoteNumber']
    : c === 'InvoiceDate'
      ? ['CreditNoteDate']
      : c === 'DueDate'
        ? []
        : [c],
);

/**
 * Xero's credit-note file: a row per invoice line the note reduces, quantity 1
 * and its part as the unit amount (taxes in when the invoice's VAT is
 * inclusive, as the invoice file's prices are); Reference is the invoice.
 */
export function xeroCreditNotesCsv(notes: ExportCreditNote[]): string {
  const rows: CsvValue[][] = [];
  for (const n of notes) {
    const parts = creditExportLines(n);
    const total = toAmount(parts.reduce((s, a) => s.plus(dec(a.total)), dec(0)));
    const inclusive = n.invoice.tax.hasTax && n.invoice.tax.inc1 && !n.invoice.tax.duc1;
    for (const a of parts)
      rows.push([
        n.clientName,
        n.email,
        ...Array<CsvValue>(8).fill(''),
        n.number,
        n.invoiceNumber,
        dmy(n.date),
        total,
        a.line.code ?? '',
        a.line.description,
        1,
        inclusive ? a.total : a.net,
        null,
        a.line.accountCode,
        a.taxed ? XERO_TAX_STANDARD : XERO_TAX_ZERO,
        a.vat,
        '',
        '',
        '',
        '',
        XERO_CURRENCY,
        '',
      ]);
  }
  return toCsv(XERO_CREDIT_NOTE_COLUMNS, rows, {
    separator: ',',
    decimals: { 13: 2, 17: 2, 21: 2 },
  });
}

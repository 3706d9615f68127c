import { toCsv, type CsvValue } from './csv.js';
import { allocateLineAmounts, shareByWeight, vatOfDocument } from './ledger.js';
import { computeTotals, type TotalsDocument, type TotalsLine } from './totals.js';
import { dec, toAmount } from './money.js';

/**
 * Accounting-package exports (docs/exports.md): pure builders from a neutral
 * invoice shape to the CSV files Sage and Xero import. Amounts come from the
 * ledger's own allocation (allocateLineAmounts, shareByWeight), so the file,
 * the income statement and the VAT summary agree to the cent.
 */

/** One line of an exported invoice: what the totals need plus what the file shows. */
export interface ExportLine extends TotalsLine {
  description: string;
  /** The saved item's code, if any (Xero's InventoryItemCode). */
  code?: string;
  /** The code (`account`) of the line's ledger account. */
  accountCode: string;
}

export interface ExportInvoice extends TotalsDocument {
  number: string;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  dueDate: string;
  clientName: string;
  /** The client's reference in the accounting package (Sage's Customer Reference). */
  clientReference: string;
  email: string;
  descriptions: ExportLine[];
}

/** The Sage VAT Rate names written on each line. */
export const SAGE_VAT_STANDARD = 'Standard';
export const SAGE_VAT_ZERO = 'Zero';

/**
 * Xero's TaxType is the display name of one of the organisation's tax rates;
 * these are the names a South African Xero organisation's default rates carry
 * for sales (docs/exports.md). One constant each, to change in one place.
 */
export const XERO_TAX_STANDARD = 'Standard Rate Sales';
export const XERO_TAX_ZERO = 'Zero Rated';
export const XERO_CURRENCY = 'ZAR';

export const SAGE_INVOICE_COLUMNS = [
  'Type',
  'Customer Reference',
  'Date',
  'Customer Name',
  'Reference',
  'Ledger Account',
  'Details',
  'Net',
  'VAT Rate',
  'VAT',
  'Total',
];

export const SAGE_SUPPLIER_COLUMNS = [
  'Type',
  'Supplier Reference',
  'Date',
  'Supplier Name',
  'Reference',
  'Ledger Account',
  'Details',
  'Net',
  'VAT Rate',
  'VAT',
  'Total',
];

export const XERO_INVOICE_COLUMNS = [
  'ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'DueDate',
  'Total',
  'InventoryItemCode',
  'Description',
  'Quantity',
  'UnitAmount',
  'Discount',
  'AccountCode',
  'TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
];

/**
 * A client's or supplier's reference in the accounting package: they carry no
 * account code of their own, so the first 8 characters of their id, in capitals.
 */
export const partyReference = (id: string | null): string =>
  id ? id.slice(0, 8).toUpperCase() : '';

/** YYYY-MM-DD as DD/MM/YYYY (both packages read South African dates so). */
export function dmy(ymd: string): string {
  const [y, m, d] = ymd.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : ymd;
}

/** Each line's Net, VAT and Total: Net adds up to the revenue, VAT to the output VAT. */
export interface LineAmounts {
  net: number;
  vat: number;
  total: number;
  taxed: boolean;
}

/**
 * The lines' amounts: Net is the ledger's share of revenue; the invoice's
 * output VAT (tax 1 when it is VAT) is shared over the taxed lines in
 * proportion to their Net, by the largest remainder, so the VAT column adds
 * up to the invoice's VAT to the cent; Total = Net + VAT.
 */
export function exportLineAmounts(inv: TotalsDocument): LineAmounts[] {
  const nets = allocateLineAmounts(inv);
  const { outputVat } = vatOfDocument(inv);
  const taxed = inv.descriptions.map((l) => l.hasTax !== false && outputVat !== 0);
  const vats = shareByWeight(
    outputVat,
    nets.map((n, i) => (taxed[i] ? n : 0)),
  );
  return nets.map((net, i) => ({
    net,
    vat: vats[i]!,
    total: toAmount(dec(net).plus(dec(vats[i]!))),
    taxed: taxed[i]!,
  }));
}

const money2 = (cols: number[]) => Object.fromEntries(cols.map((c) => [c, 2]));

/** Sage's customer-invoice import: one 'SI' row per line. */
export function sageInvoicesCsv(invoices: ExportInvoice[]): string {
  return toCsv(SAGE_INVOICE_COLUMNS, sageInvoiceRows(invoices), SAGE_CSV);
}

/** The Sage files' options: commas, money to the cent in Net, VAT and Total. */
export const SAGE_CSV = { separator: ',', decimals: money2([7, 9, 10]) };

/** The 'SI' rows of the customer-invoice file. */
export function sageInvoiceRows(invoices: ExportInvoice[]): CsvValue[][] {
  const rows: CsvValue[][] = [];
  for (const inv of invoices) {
    const amounts = exportLineAmounts(inv);
    inv.descriptions.forEach((line, i) => {
      const a = amounts[i]!;
      rows.push([
        'SI',
        inv.clientReference,
        dmy(inv.invoiceDate),
        inv.clientName,
        inv.number,
        line.accountCode,
        line.description,
        a.net,
        a.taxed ? SAGE_VAT_STANDARD : SAGE_VAT_ZERO,
        a.vat,
        a.total,
      ]);
    });
  }
  return rows;
}

/**
 * The invoice's discount as Xero's per-line Discount (a percentage): the
 * percentage itself, or an amount as a share of the subtotal.
 */
function xeroDiscount(inv: ExportInvoice): number | null {
  const t = computeTotals(inv);
  if (t.discount === 0 || t.subtotal === 0) return null;
  const d = inv.discount!;
  const pct = d.discountType === 'Percentage' || d.discountType === 'percent';
  // A percentage is passed on as given unless it was clamped to the subtotal.
  if (pct && t.discount < t.subtotal) return Number(d.discountValue);
  return Number(dec(t.discount).times(100).div(dec(t.subtotal)).toFixed(4));
}

/** Xero's sales-invoice import template: one row per line. */
export function xeroInvoicesCsv(invoices: ExportInvoice[]): string {
  const rows: CsvValue[][] = [];
  for (const inv of invoices) {
    const amounts = exportLineAmounts(inv);
    const total = amounts.reduce((s, a) => s.plus(dec(a.total)), dec(0));
    const discount = xeroDiscount(inv);
    inv.descriptions.forEach((line, i) => {
      const a = amounts[i]!;
      rows.push([
        inv.clientName,
        inv.email,
        ...Array<CsvValue>(8).fill(''),
        inv.number,
        '',
        dmy(inv.invoiceDate),
        dmy(inv.dueDate),
        toAmount(total),
        line.code ?? '',
        line.description,
        line.qty === null || line.qty === undefined || line.qty === '' ? 1 : Number(line.qty),
        Number(line.price),
        discount,
        line.accountCode,
        a.taxed ? XERO_TAX_STANDARD : XERO_TAX_ZERO,
        a.vat,
        '',
        '',
        '',
        '',
        XERO_CURRENCY,
        '',
      ]);
    });
  }
  return toCsv(XERO_INVOICE_COLUMNS, rows, {
    separator: ',',
    decimals: money2([14, 18, 22]),
  });
}

/** An expense as the supplier-invoice export takes it (expenses carry no VAT split). */
export interface ExportExpense {
  number: string;
  date: string;
  supplierName: string;
  supplierReference: string;
  description: string;
  accountCode: string;
  amount: number;
}

/** Sage's supplier-invoice import: one 'PI' row per expense, no VAT (docs/exports.md). */
export function sageExpensesCsv(expenses: ExportExpense[]): string {
  return toCsv(SAGE_SUPPLIER_COLUMNS, sageExpenseRows(expenses), SAGE_CSV);
}

function sageExpenseRows(expenses: ExportExpense[]): CsvValue[][] {
  return expenses.map((e) => [
    'PI',
    e.supplierReference,
    dmy(e.date),
    e.supplierName,
    e.number,
    e.accountCode,
    e.description,
    e.amount,
    SAGE_VAT_ZERO,
    0,
    e.amount,
  ]);
}

/**
 * Sales and purchase documents in one Sage file (the recurring list's `all`):
 * the customer-invoice header, the 'SI' rows of the invoices, then the 'PI'
 * rows of the expenses. Both imports have the same eleven columns in the same
 * places, so the Type column tells them apart (docs/exports.md).
 */
export function sageDocumentsCsv(invoices: ExportInvoice[], expenses: ExportExpense[]): string {
  return toCsv(
    SAGE_INVOICE_COLUMNS,
    [...sageInvoiceRows(invoices), ...sageExpenseRows(expenses)],
    SAGE_CSV,
  );
}

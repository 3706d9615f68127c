import type { Totals, TotalsTax } from './totals.js';

/** The tax settings a document's totals rows are labelled from. */
export interface TaxRowSettings extends TotalsTax {
  /** The first tax's name ('VAT'); blank reads 'Tax'. */
  tD: string;
  /** The second tax's name; blank reads 'Tax'. */
  t2D: string;
}

/** One tax row of a document's totals: its label and the amount it shows. */
export interface TaxRow {
  label: string;
  /** The tax amount, negative for a deductible tax (it is subtracted). */
  amount: number;
}

/**
 * A tax's row in the totals, the same on the screen and on every document:
 * "VAT 15%", "VAT 15% incl." or "VAT 15% (deducted)" with the amount
 * negative. Deductible wins over inclusive, as in {@link computeTotals}.
 */
export function taxRow(
  name: string,
  rate: number,
  inc: boolean,
  duc: boolean,
  amount: number,
): TaxRow {
  const kind = duc ? ' (deducted)' : inc ? ' incl.' : '';
  return { label: `${name || 'Tax'} ${rate}%${kind}`, amount: duc ? 0 - amount : amount };
}

/** The two tax rows of a document's totals; null for a tax the document does not charge. */
export function taxRows(
  tax: TaxRowSettings,
  totals: Pick<Totals, 'tax1' | 'tax2'>,
): { tax1: TaxRow | null; tax2: TaxRow | null } {
  return {
    tax1: tax.hasTax ? taxRow(tax.tD, tax.tV, tax.inc1, tax.duc1, totals.tax1) : null,
    tax2: tax.hasSecondTax ? taxRow(tax.t2D, tax.t2V, tax.inc2, tax.duc2, totals.tax2) : null,
  };
}

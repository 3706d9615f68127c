import { dec, toAmount } from './money.js';
import { allocateLineAmounts, shareByWeight } from './ledger.js';
import type { CreditValue } from './credits.js';
import type { TotalsDocument, TotalsTax } from './totals.js';

/**
 * What a credit note (DECISIONS §16, docs/payments.md) takes out of the
 * ledger: the revenue it reduces, shared over the invoice's lines as the
 * invoice's own items are, and the VAT it gives back. One implementation for
 * the income statement, the VAT summary and the exports.
 */

type Mode = 'deductible' | 'inclusive' | 'exclusive';
const modeOf = (duc: boolean, inc: boolean): Mode =>
  duc ? 'deductible' : inc ? 'inclusive' : 'exclusive';

/**
 * The revenue a credit note reduces: its total less the taxes the client pays
 * in it (exclusive or inclusive), plus the deductible taxes withheld from it.
 * For a note of the whole invoice this is the invoice's own revenue.
 */
export function creditRevenue(credit: CreditValue, tax: TotalsTax): number {
  let r = dec(credit.total);
  const apply = (on: boolean, mode: Mode, amount: number) => {
    if (!on) return;
    r = mode === 'deductible' ? r.plus(dec(amount)) : r.minus(dec(amount));
  };
  apply(tax.hasTax, modeOf(tax.duc1, tax.inc1), credit.tax1);
  apply(tax.hasSecondTax, modeOf(tax.duc2, tax.inc2), credit.tax2);
  return toAmount(r);
}

/**
 * Each invoice line's part of the revenue a credit note reduces (positive;
 * the ledger books them negative), in the order of the invoice's lines: the
 * note's revenue shared in proportion to the lines' own items, over the lines
 * credited (`lines`, their places) or all of them for a credit of an amount.
 * The parts add up to {@link creditRevenue} to the cent; lines whose items are
 * all nothing share it equally.
 */
export function creditLineAmounts(
  invoice: TotalsDocument,
  credit: CreditValue,
  lines?: readonly number[],
): number[] {
  const n = invoice.descriptions.length;
  if (n === 0) return [];
  const picked = new Set(lines ?? [...Array(n).keys()]);
  const own = allocateLineAmounts(invoice);
  let weights = own.map((a, i) => (picked.has(i) ? a : 0));
  if (weights.every((w) => w === 0) || weights.reduce((s, w) => s + w, 0) === 0)
    weights = own.map((_, i) => (picked.has(i) ? 1 : 0));
  return shareByWeight(creditRevenue(credit, invoice.tax), weights);
}

/**
 * The VAT a credit note gives back (VAT Act s21(2): the supplier deducts it in
 * the period the note is issued): its tax 1 when tax 1 is VAT (on, not
 * deductible, a rate above 0), else nothing.
 */
export function vatOfCredit(credit: CreditValue, tax: TotalsTax): number {
  if (!tax.hasTax || tax.duc1 || dec(tax.tV).eq(0)) return 0;
  return toAmount(dec(credit.tax1));
}

/**
 * The places of the invoice lines a stored note credits, or null to share over
 * every line: a credit of an amount, or a note kept before the places were.
 */
export function creditedLinePlaces(lines: readonly { line?: number }[]): number[] | null {
  return lines.length > 0 && lines.every((l) => l.line !== undefined)
    ? lines.map((l) => l.line!)
    : null;
}

import Big from 'big.js';
import { dec, round2, toAmount } from './money.js';
import { computeTotals, type TotalsDocument, type TotalsLine } from './totals.js';

/**
 * Account items of an invoice (spec: Account item; docs/accounting.md): what
 * each line counts for in the income statement. One implementation for the
 * browser, the server and the PDF, so all three agree to the cent.
 *
 * A document's revenue is its net (after discount) without tax: exclusive and
 * deductible taxes are outside the net already, an inclusive tax is inside it
 * and is taken out. Each line gets its share of that revenue (its amount × net
 * / subtotal, less the inclusive tax on it), rounded to cents by the largest
 * remainder so the lines add up to the document's revenue exactly.
 */

type Mode = 'deductible' | 'inclusive' | 'exclusive';
const modeOf = (duc: boolean, inc: boolean): Mode =>
  duc ? 'deductible' : inc ? 'inclusive' : 'exclusive';

/** The document's revenue: net less the inclusive taxes (DECISIONS §3 totals). */
export function documentRevenue(doc: TotalsDocument): number {
  const t = computeTotals(doc);
  const { tax } = doc;
  let r = dec(t.net);
  if (tax.hasTax && modeOf(tax.duc1, tax.inc1) === 'inclusive') r = r.minus(dec(t.tax1));
  if (tax.hasSecondTax && modeOf(tax.duc2, tax.inc2) === 'inclusive') r = r.minus(dec(t.tax2));
  return toAmount(r);
}

function lineAmountDec(line: TotalsLine): Big {
  const q = line.qty;
  const qty =
    q === null || q === undefined || (typeof q === 'string' && q.trim() === '')
      ? new Big(1)
      : dec(q);
  return round2(qty.times(dec(line.price)));
}

/** Floor to an integer (big.js rounds only towards or away from zero). */
function floorInt(x: Big): Big {
  const r = x.round(0, Big.roundDown);
  return r.gt(x) ? r.minus(1) : r;
}

/**
 * Shares `targetCents` over exact cent values by the largest remainder:
 * each gets its floor, the cents left over go to the largest remainders
 * (first line first on a tie); a shortfall is taken from the smallest.
 */
function largestRemainder(exact: Big[], targetCents: Big): Big[] {
  const floors = exact.map(floorInt);
  const rems = exact.map((x, i) => x.minus(floors[i]!));
  let left = Number(targetCents.minus(floors.reduce((s, f) => s.plus(f), new Big(0))));
  const n = exact.length;
  if (n === 0) return [];
  const order = [...exact.keys()].sort((a, b) => rems[b]!.cmp(rems[a]!) || a - b);
  const out = [...floors];
  for (let k = 0; left > 0; k++, left--) out[order[k % n]!] = out[order[k % n]!]!.plus(1);
  for (let k = 0; left < 0; k++, left++) {
    const i = order[n - 1 - (k % n)]!;
    out[i] = out[i]!.minus(1);
  }
  return out;
}

/**
 * Each line's amount in the statement, in the order of `doc.descriptions`:
 * they add up to {@link documentRevenue} to the cent.
 */
export function allocateLineAmounts(doc: TotalsDocument): number[] {
  const lines = doc.descriptions;
  if (lines.length === 0) return [];
  const { tax } = doc;
  const amounts = lines.map(lineAmountDec);
  const subtotal = amounts.reduce((s, a) => s.plus(a), new Big(0));
  const t = computeTotals(doc);
  const net = dec(t.net);
  const target = dec(documentRevenue(doc)).times(100);
  if (subtotal.eq(0)) {
    // Lines that cancel out: no discount or tax can apply (both are worked
    // on the subtotal), so each line counts for its own amount.
    return amounts.map((a) => toAmount(a));
  }
  const mode1 = modeOf(tax.duc1, tax.inc1);
  const mode2 = modeOf(tax.duc2, tax.inc2);
  const r1 = dec(tax.tV);
  const r2 = dec(tax.t2V);
  const exact = lines.map((line, i) => {
    const share = amounts[i]!.times(net).div(subtotal);
    let rev = share;
    const taxed1 = line.hasTax !== false;
    const taxed2 = tax.hasTax && mode1 === 'deductible' ? taxed1 : line.hasSecondTax !== false;
    if (tax.hasTax && mode1 === 'inclusive' && taxed1 && !r1.plus(100).eq(0))
      rev = rev.minus(share.times(r1).div(r1.plus(100)));
    if (tax.hasSecondTax && mode2 === 'inclusive' && taxed2 && !r2.plus(100).eq(0))
      rev = rev.minus(share.times(r2).div(r2.plus(100)));
    return rev.times(100);
  });
  return largestRemainder(exact, target).map((c) => toAmount(c.div(100)));
}

/**
 * What one invoice gives a South African VAT201 return (tax 1 is VAT; a
 * deductible tax 1 is not VAT and gives nothing): field 1, standard-rated
 * supplies including VAT; field 2, zero-rated supplies (the untaxed lines'
 * share of the net); field 4, the output tax (the invoice's tax 1).
 */
export function vatOfDocument(doc: TotalsDocument): {
  standardRated: number;
  zeroRated: number;
  outputVat: number;
} {
  const { tax } = doc;
  const t = computeTotals(doc);
  const mode = modeOf(tax.duc1, tax.inc1);
  if (!tax.hasTax || mode === 'deductible' || dec(tax.tV).eq(0))
    return { standardRated: 0, zeroRated: 0, outputVat: 0 };
  const amounts = doc.descriptions.map(lineAmountDec);
  const subtotal = amounts.reduce((s, a) => s.plus(a), new Big(0));
  const taxed = amounts.reduce(
    (s, a, i) => (doc.descriptions[i]!.hasTax !== false ? s.plus(a) : s),
    new Big(0),
  );
  const base = subtotal.eq(0) ? new Big(0) : round2(taxed.times(dec(t.net)).div(subtotal));
  const standardRated = mode === 'inclusive' ? base : base.plus(dec(t.tax1));
  return {
    standardRated: toAmount(standardRated),
    zeroRated: toAmount(dec(t.net).minus(base)),
    outputVat: t.tax1,
  };
}

/**
 * Shares `total` over `weights` in proportion, to the cent, by the same
 * largest remainder as {@link allocateLineAmounts}: the shares add up to
 * `total` exactly. All-zero weights share nothing (every share 0).
 */
export function shareByWeight(total: number, weights: number[]): number[] {
  const w = weights.map((x) => dec(x));
  const sum = w.reduce((s, x) => s.plus(x), new Big(0));
  if (sum.eq(0)) return weights.map(() => 0);
  const cents = round2(dec(total)).times(100);
  const exact = w.map((x) => x.times(cents).div(sum));
  return largestRemainder(exact, cents).map((c) => toAmount(c.div(100)));
}

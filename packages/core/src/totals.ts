import Big from 'big.js';
import { dec, round2, toAmount, type AmountLike } from './money.js';

/**
 * Document totals, exactly as DECISIONS §3: one implementation for the
 * browser, the server and the PDF.
 */

/** How a discount is given; `percent` is an older spelling of `Percentage`. */
export type DiscountType = 'Percentage' | 'percent' | 'Amount';

/** The part of a document line that the totals depend on. */
export interface TotalsLine {
  /** Quantity; null, undefined or '' count as 1. */
  qty?: number | string | null;
  price: number | string;
  /** false exempts the line from tax 1; anything else leaves it taxed. */
  hasTax?: boolean | null;
  /** false exempts the line from tax 2; anything else leaves it taxed. */
  hasSecondTax?: boolean | null;
}

/** A document's discount settings. */
export interface TotalsDiscount {
  hasDiscount: boolean;
  discountType: DiscountType;
  discountValue: number | string;
}

/**
 * A document's copy of the tax settings: rates are percentages (15 = 15 %);
 * `duc` deductible, `inc` inclusive, neither exclusive.
 */
export interface TotalsTax {
  hasTax: boolean;
  tV: number;
  inc1: boolean;
  duc1: boolean;
  hasSecondTax: boolean;
  t2V: number;
  inc2: boolean;
  duc2: boolean;
}

/** The totals of a document, as numbers with two decimals. */
export interface Totals {
  subtotal: number;
  discount: number;
  net: number;
  tax1: number;
  tax2: number;
  total: number;
}

/** What {@link computeTotals} needs of a document. */
export interface TotalsDocument {
  descriptions: TotalsLine[];
  discount?: TotalsDiscount | null;
  tax: TotalsTax;
}

const ZERO = new Big(0);

function qtyOf(line: TotalsLine): Big {
  const q = line.qty;
  return q === null || q === undefined || (typeof q === 'string' && q.trim() === '')
    ? new Big(1)
    : dec(q);
}

function lineAmountDec(line: TotalsLine): Big {
  return round2(qtyOf(line).times(dec(line.price)));
}

/** A line's amount: round2(qty × price), qty defaulting to 1. */
export function lineAmount(line: TotalsLine): number {
  return toAmount(lineAmountDec(line));
}

function discountDec(subtotal: Big, discount: TotalsDiscount | null | undefined): Big {
  if (!discount?.hasDiscount) return ZERO;
  const value = dec(discount.discountValue);
  let amount: Big;
  if (discount.discountType === 'Percentage' || discount.discountType === 'percent') {
    amount = round2(subtotal.times(value).div(100));
  } else if (discount.discountType === 'Amount') {
    amount = round2(value);
  } else {
    return ZERO; // an unknown type gives no discount
  }
  if (amount.gt(subtotal)) amount = subtotal;
  return amount.lt(0) ? ZERO : amount;
}

/**
 * The discount on `subtotal`: 0 unless `hasDiscount`; a percentage of the
 * subtotal (rounded to cents) or a fixed amount; clamped to [0, subtotal].
 */
export function discountAmount(
  subtotal: AmountLike,
  discount: TotalsDiscount | null | undefined,
): number {
  return toAmount(discountDec(dec(subtotal), discount));
}

type Mode = 'deductible' | 'inclusive' | 'exclusive';

const modeOf = (duc: boolean, inc: boolean): Mode =>
  duc ? 'deductible' : inc ? 'inclusive' : 'exclusive';

/**
 * One tax on `taxed` (the sum of the amounts of the lines it applies to), with
 * the discount shared in proportion: base = taxed × net / subtotal. Worked as
 * a single division so the only rounding is the final round to cents.
 */
function taxOn(taxed: Big, net: Big, subtotal: Big, rate: Big, mode: Mode): Big {
  const divisor = mode === 'inclusive' ? subtotal.times(rate.plus(100)) : subtotal.times(100);
  if (divisor.eq(0)) return ZERO;
  return round2(taxed.times(net).times(rate).div(divisor));
}

/**
 * The totals of a document (DECISIONS §3):
 * subtotal = Σ line amounts; discount as {@link discountAmount};
 * net = subtotal − discount; each tax on its lines' share of the net;
 * total = net + exclusive taxes − deductible taxes (inclusive taxes are inside
 * the total). When tax 1 is on and deductible, tax 2 is worked on tax 1's base.
 */
export function computeTotals(doc: TotalsDocument): Totals {
  const { tax } = doc;
  let subtotal = ZERO;
  let taxed1 = ZERO;
  let taxed2 = ZERO;
  for (const line of doc.descriptions) {
    const amount = lineAmountDec(line);
    subtotal = subtotal.plus(amount);
    if (line.hasTax !== false) taxed1 = taxed1.plus(amount);
    if (line.hasSecondTax !== false) taxed2 = taxed2.plus(amount);
  }
  const discount = discountDec(subtotal, doc.discount);
  const net = subtotal.minus(discount);

  let total = net;
  const apply = (amount: Big, mode: Mode) => {
    if (mode === 'exclusive') total = total.plus(amount);
    else if (mode === 'deductible') total = total.minus(amount);
  };

  let tax1 = ZERO;
  const mode1 = modeOf(tax.duc1, tax.inc1);
  if (tax.hasTax) {
    tax1 = taxOn(taxed1, net, subtotal, dec(tax.tV), mode1);
    apply(tax1, mode1);
  }
  let tax2 = ZERO;
  if (tax.hasSecondTax) {
    const mode2 = modeOf(tax.duc2, tax.inc2);
    const base2 = tax.hasTax && mode1 === 'deductible' ? taxed1 : taxed2;
    tax2 = taxOn(base2, net, subtotal, dec(tax.t2V), mode2);
    apply(tax2, mode2);
  }

  return {
    subtotal: toAmount(subtotal),
    discount: toAmount(discount),
    net: toAmount(net),
    tax1: toAmount(tax1),
    tax2: toAmount(tax2),
    total: toAmount(total),
  };
}

/** An invoice's balance: total − amountPaid, to cents. */
export function balanceOf(total: AmountLike, amountPaid: AmountLike): number {
  return toAmount(dec(total).minus(dec(amountPaid)));
}

/**
 * Whether a payment settles a balance: equal within one cent (a provider may
 * round differently). The rule of online payments and of fixing a payment
 * incident.
 */
export function paymentSettles(amount: AmountLike, balance: AmountLike): boolean {
  return dec(amount).minus(dec(balance)).abs().lte(dec('0.01'));
}

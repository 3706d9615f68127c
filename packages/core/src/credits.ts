import Big from 'big.js';
import { dec, formatMoney, round2, toAmount, type AmountLike } from './money.js';
import {
  computeTotals,
  type Totals,
  type TotalsDiscount,
  type TotalsLine,
  type TotalsTax,
} from './totals.js';

/**
 * The money rules of credit notes (VAT Act s21(3)(a), DECISIONS §16): what a
 * note credits and the taxes in it, how much an invoice can still be
 * credited, and how a credit meets the invoice's balance.
 */

/** What a credit note reduces: its total (as the client pays, taxes in) and the taxes in it. */
export interface CreditValue {
  total: number;
  tax1: number;
  tax2: number;
}

/**
 * A credit of an amount: `amount` is the value reduced as the client pays it;
 * its taxes are the invoice's in proportion (tax × amount / total, to cents),
 * so crediting the whole total credits exactly the invoice's taxes.
 */
export function creditForAmount(amount: AmountLike, invoice: Totals): CreditValue {
  const a = round2(dec(amount));
  const t = dec(invoice.total);
  const share = (tax: number) => (t.eq(0) ? 0 : toAmount(a.times(dec(tax)).div(t)));
  return { total: toAmount(a), tax1: share(invoice.tax1), tax2: share(invoice.tax2) };
}

/**
 * A credit of some of an invoice's lines, worked with the invoice's own totals
 * rules: a percentage discount applies to the lines as it did to the invoice;
 * a discount of an amount is shared in proportion to the lines' part of the
 * subtotal (to cents). Crediting every line credits exactly the invoice.
 */
export function creditForLines(
  lines: readonly TotalsLine[],
  invoice: {
    descriptions: readonly TotalsLine[];
    discount?: TotalsDiscount | null;
    tax: TotalsTax;
  },
): CreditValue {
  let discount = invoice.discount ?? null;
  if (discount?.hasDiscount && discount.discountType === 'Amount') {
    const all = computeTotals({ descriptions: [...invoice.descriptions], tax: invoice.tax });
    const part = computeTotals({ descriptions: [...lines], tax: invoice.tax });
    const share = dec(all.subtotal).eq(0)
      ? new Big(0)
      : round2(dec(discount.discountValue).times(dec(part.subtotal)).div(dec(all.subtotal)));
    discount = { ...discount, discountValue: share.toFixed(2) };
  }
  const t = computeTotals({ descriptions: [...lines], discount, tax: invoice.tax });
  return { total: t.total, tax1: t.tax1, tax2: t.tax2 };
}

/** What an invoice of `total` can still be credited after `credited`: never below nothing. */
export function creditable(total: AmountLike, credited: AmountLike): number {
  const left = dec(total).minus(dec(credited));
  return toAmount(left.lt(0) ? 0 : left);
}

/**
 * Why a credit of `amount` is refused on an invoice of `total` already
 * credited by `credited`, or null: more than nothing, and never more than
 * the invoice still carries.
 */
export function creditProblem(
  amount: AmountLike,
  total: AmountLike,
  credited: AmountLike,
): string | null {
  const a = round2(dec(amount));
  if (a.lte(0)) return 'must be more than R0.00';
  const left = creditable(total, credited);
  if (a.gt(dec(left))) {
    return left <= 0
      ? 'cannot be credited: the invoice is credited in full'
      : `must not be more than the ${formatMoney(left)} the invoice still carries`;
  }
  return null;
}

/**
 * How a credit meets the invoice's open balance: it reduces the balance, and
 * what is above the balance (the invoice was paid already) is a refund to
 * record or a credit for the client's later invoices.
 */
export function applyCredit(
  credit: AmountLike,
  balance: AmountLike,
): { applied: number; excess: number } {
  const c = dec(credit);
  const b = dec(balance).lt(0) ? new Big(0) : dec(balance);
  const applied = c.gt(b) ? b : c;
  return { applied: toAmount(applied), excess: toAmount(c.minus(applied)) };
}

/**
 * Why a refund of `amount` out of a note's `excess` is refused, with
 * `refunded` already paid back, or null: the refunds together never pass the
 * excess (docs/payments.md "Refunds").
 */
export function refundProblem(
  amount: AmountLike,
  excess: AmountLike,
  refunded: AmountLike,
): string | null {
  const a = round2(dec(amount));
  if (a.lte(0)) return 'must be more than R0.00';
  const left = round2(dec(excess).minus(dec(refunded)));
  if (a.gt(left)) {
    return left.lte(0)
      ? 'cannot be recorded: the credit note owes the client nothing'
      : `must not be more than the ${formatMoney(toAmount(left))} the credit note still owes the client`;
  }
  return null;
}

import Big from 'big.js';
import { dec, formatMoney, round2, toAmount, type AmountLike } from './money.js';

/**
 * The money rules of payments, part payments and deposits (DECISIONS §16,
 * docs/payments.md): one implementation for the browser, the server and the
 * PDF. Amounts are decimal (big.js) and rounded half away from zero to cents.
 */

/** An invoice's payment state; an overpaid invoice is never made (overpayment is refused). */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUSES = ['Unpaid', 'Partly paid', 'Paid'] as const;

/** What the rules need of one payment. */
export interface PaymentEntry {
  amount: AmountLike;
  /** YYYY-MM-DD */
  datePaid: string;
  method: string;
  /**
   * Paid online (PayFast): such a payment was taken only when it settled the
   * balance within a cent (a provider may round differently), so the invoice
   * it leaves within a cent of nil is paid.
   */
  online?: boolean;
}

/** The sum of the payments, to cents. */
export function paymentsSum(payments: readonly { amount: AmountLike }[]): number {
  return toAmount(payments.reduce<Big>((s, p) => s.plus(dec(p.amount)), new Big(0)));
}

/** Balance = total − payments − credits applied, to cents (DECISIONS §16). */
export function invoiceBalance(total: AmountLike, paid: AmountLike, credited: AmountLike = 0) {
  return toAmount(dec(total).minus(dec(paid)).minus(dec(credited)));
}

/**
 * Unpaid while nothing is paid or credited; Paid once the balance is nil and
 * something settled it; Partly paid in between. A R0.00 invoice with nothing
 * against it stays Unpaid, as a new invoice is.
 */
export function paymentStatus(
  total: AmountLike,
  paid: AmountLike,
  credited: AmountLike = 0,
): PaymentStatus {
  const settled = dec(paid).plus(dec(credited));
  if (settled.lte(0)) return 'Unpaid';
  return dec(invoiceBalance(total, paid, credited)).lte(0) ? 'Paid' : 'Partly paid';
}

/**
 * The specification's single paid flag, amount, date and method, derived from
 * the payments (DECISIONS §16): paid when the balance is nil (or within a
 * cent of it after an online payment, which settles as PayFast rounds); the amount is
 * the sum; the date and method are the last payment's (latest date, and of
 * one date the one listed last). No payment: unpaid, 0, no date, no method.
 */
export function paidSummary(
  total: AmountLike,
  payments: readonly PaymentEntry[],
  credited: AmountLike = 0,
): { paid: boolean; amountPaid: number; datePaid: string | null; methodPaid: string } {
  let last: PaymentEntry | null = null;
  for (const p of payments) if (!last || p.datePaid >= last.datePaid) last = p;
  const amountPaid = paymentsSum(payments);
  const settledOnline =
    payments.some((p) => p.online) &&
    amountPaid > 0 &&
    dec(invoiceBalance(total, amountPaid, credited))
      .abs()
      .lte(dec('0.01'));
  return {
    paid: settledOnline || paymentStatus(total, amountPaid, credited) === 'Paid',
    amountPaid,
    datePaid: last?.datePaid ?? null,
    methodPaid: last?.method ?? '',
  };
}

/**
 * Why a payment of `amount` cannot be recorded against `balance`, or null when
 * it can: it must be more than nothing and at most the balance (overpayment
 * is refused, DECISIONS §16; money received above it is a credit note's
 * refund, never a negative balance).
 */
export function paymentProblem(amount: AmountLike, balance: AmountLike): string | null {
  const a = round2(dec(amount));
  if (a.lte(0)) return 'must be more than R0.00';
  if (a.gt(dec(balance))) {
    return dec(balance).lte(0)
      ? 'cannot be recorded: the invoice is paid in full'
      : `must not be more than the balance of ${formatMoney(balance)}`;
  }
  return null;
}

/** How a quote asks for a deposit: a percentage of its total, or an amount. */
export interface DepositRule {
  type: 'Percentage' | 'Amount';
  value: AmountLike;
}

/** Why a deposit rule is refused for a document of `total`, or null. */
export function depositProblem(rule: DepositRule, total: AmountLike): string | null {
  const v = dec(rule.value);
  if (v.lte(0)) return 'must be more than 0';
  if (rule.type === 'Percentage') return v.gt(100) ? 'must not be more than 100' : null;
  return round2(v).gt(dec(total))
    ? `must not be more than the total of ${formatMoney(total)}`
    : null;
}

/**
 * The deposit a quote of `total` asks for: the percentage of the total to
 * cents, or the amount, never more than the total.
 */
export function depositAmount(rule: DepositRule | null | undefined, total: AmountLike): number {
  if (!rule) return 0;
  const t = dec(total);
  const v = dec(rule.value);
  if (v.lte(0) || t.lte(0)) return 0;
  const amount = rule.type === 'Percentage' ? round2(t.times(v).div(100)) : round2(v);
  return toAmount(amount.gt(t) ? t : amount);
}

/**
 * What an online payment (PayFast) may take. An invoice: its open balance. A
 * quote that asks for a deposit (`deposit` given): the deposit less what is
 * paid on it, and nothing once it is paid. Never more than the balance, never
 * less than nothing.
 */
export function amountDue(
  balance: AmountLike,
  deposit?: { amount: AmountLike; paid: AmountLike } | null,
): number {
  const b = dec(balance);
  if (b.lte(0)) return 0;
  if (!deposit) return toAmount(b);
  const owed = dec(deposit.amount).minus(dec(deposit.paid));
  if (owed.lte(0)) return 0;
  return toAmount(owed.gt(b) ? b : owed);
}

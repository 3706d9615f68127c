import Big from 'big.js';

/**
 * Decimal money helpers (DECISIONS §3). Amounts are computed with big.js,
 * never with binary floating point, and rounded half away from zero to cents.
 */

/** Anything that can be read as a decimal amount. */
export type AmountLike = number | string | Big;

/**
 * A decimal from a number, numeric string or Big. null, undefined and '' (or
 * a blank string) are 0. Throws a TypeError for anything not numeric, such as
 * 'abc', NaN or Infinity.
 */
export function dec(x: AmountLike | null | undefined): Big {
  if (x === null || x === undefined) return new Big(0);
  if (x instanceof Big) return x;
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new TypeError(`Not a finite amount: ${x}`);
    return new Big(x);
  }
  if (typeof x === 'string') {
    const s = x.trim();
    if (s === '') return new Big(0);
    try {
      return new Big(s.startsWith('+') ? s.slice(1) : s);
    } catch {
      throw new TypeError(`Not a numeric amount: ${JSON.stringify(x)}`);
    }
  }
  throw new TypeError(`Not an amount: ${String(x)}`);
}

/** Rounds to cents, half away from zero (1.005 → 1.01, −1.005 → −1.01). */
export function round2(x: Big): Big {
  return x.round(2, Big.roundHalfUp);
}

/** An amount as a JS number with at most two decimals (rounded as {@link round2}). */
export function toAmount(x: AmountLike): number {
  const n = Number(round2(dec(x)).toFixed(2));
  return n === 0 ? 0 : n; // never -0
}

/**
 * An amount as text with exactly two decimals ('12.50', '-3.00', '0.00'),
 * rounded as {@link round2}: what a numeric money column stores and what an
 * amount input starts with. Never '-0.00'.
 */
export function amountText(x: AmountLike): string {
  return round2(dec(x)).toFixed(2);
}

/** The sum of the amounts, computed in decimal and rounded to cents. */
export function addAmounts(...xs: AmountLike[]): number {
  return toAmount(xs.reduce<Big>((sum, x) => sum.plus(dec(x)), new Big(0)));
}

/** `a − b`, computed in decimal and rounded to cents. */
export function subAmounts(a: AmountLike, b: AmountLike): number {
  return toAmount(dec(a).minus(dec(b)));
}

/**
 * An amount for display: prefix R, comma thousands, dot and two decimals
 * ('R1,234.56', 'R0.00', '-R1,234.56'). Our own formatter, no locale data.
 */
export function formatMoney(x: AmountLike): string {
  const fixed = round2(dec(x)).abs().toFixed(2);
  const negative = dec(x).lt(0) && fixed !== '0.00';
  const [int, frac] = fixed.split('.') as [string, string];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}R${grouped}.${frac}`;
}

const PLAIN = /^(\d+(\.\d*)?|\.\d+)$/;
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Reads an amount typed by a user. Spaces and a leading 'R' are dropped and a
 * minus sign may stand before or after the R ('-R 5', 'R-5'). A lone comma is
 * the decimal separator ('1234,5' → 1234.5, '1 234,50' → 1234.5). When both
 * ',' and '.' appear, or there are several commas, the commas must be
 * thousands separators in groups of three ('1,234.50', '1,234,567').
 * The value is not rounded (unit prices may have more decimals).
 * Returns null for '' and anything else.
 */
export function parseAmount(input: string): number | null {
  if (typeof input !== 'string') return null;
  let s = input.replace(/\s+/g, '');
  const m = /^(-?)[Rr]?(-?)(.*)$/.exec(s);
  if (!m || (m[1] && m[2])) return null;
  const negative = Boolean(m[1] || m[2]);
  s = m[3] ?? '';
  const commas = (s.match(/,/g) ?? []).length;
  if (commas > 0) {
    if (s.includes('.') || commas > 1) {
      if (!THOUSANDS.test(s)) return null;
      s = s.replace(/,/g, '');
    } else {
      s = s.replace(',', '.');
    }
  }
  if (!PLAIN.test(s)) return null;
  const n = Number(new Big(s).toString());
  if (!Number.isFinite(n)) return null;
  return negative && n !== 0 ? -n : n;
}

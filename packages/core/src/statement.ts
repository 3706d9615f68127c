import Big from 'big.js';
import { daysBetween, isYmd } from './dates.js';
import { dec, toAmount } from './money.js';

/**
 * Client statements (DECISIONS §6): invoices as debits, payments as credits,
 * a rolling balance and aging of the open amounts.
 */

/** What a statement needs of an invoice. Dates are 'YYYY-MM-DD'. */
export interface StatementInvoice {
  _id: string;
  invoiceNumber: string;
  invoiceDate: string;
  total: number;
  amountPaid: number;
  /** The payment's date; null means the invoice date. */
  datePaid: string | null;
  /** The debit line's description; 'Invoice <number>' when absent or blank. */
  description?: string;
  /**
   * The invoice's payments, one credit line each (DECISIONS §16); when given,
   * `amountPaid` and `datePaid` are not read.
   */
  payments?: readonly { amount: number | string; datePaid: string }[];
  /**
   * Credit notes against the invoice: a credit line each, numbered by the note;
   * money paid back out of a note's excess is a debit line each (`refunds`).
   */
  credits?: readonly {
    amount: number | string;
    date: string;
    number: string;
    /** `toInvoice`: kept for the client as a payment of that invoice, not paid back. */
    refunds?: readonly { amount: number | string; date: string; toInvoice?: string | null }[];
  }[];
}

/** One line of a statement; `_id` is the invoice's id for both kinds. */
export interface StatementLine {
  _id: string;
  /** The line's date: the invoice date for a debit, the payment date for a credit. */
  invoiceDate: string;
  invoiceNumber: string;
  description: string;
  debit_credit: 'debit' | 'credit';
  /** The line's amount (positive for both kinds). */
  total: number;
  /** The balance after this line. */
  rolling: number;
}

/** Open balances by age in days: <30, 30–59, 60–89, 90–119, ≥120. */
export interface StatementAging {
  current: number;
  d30: number;
  d60: number;
  d90: number;
  d120: number;
}

/** A statement: its lines, closing balance and aging. */
export interface Statement {
  total: number;
  lineItems: StatementLine[];
  aging: StatementAging;
}

/** Text cut into runs of digits and runs of other characters. */
const runs = (t: string) => t.match(/\d+|\D+/g) ?? [];
const isDigits = (t: string) => t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57;

/** Compares two texts already cut into runs (see {@link naturalCompare}). */
function compareRuns(ta: readonly string[], tb: readonly string[]): number {
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const x = ta[i]!;
    const y = tb[i]!;
    if (x === y) continue;
    if (isDigits(x) && isDigits(y)) {
      const nx = x.replace(/^0+(?=\d)/, '');
      const ny = y.replace(/^0+(?=\d)/, '');
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return ta.length - tb.length;
}

/** Compares text with runs of digits compared as numbers ('INV9' < 'INV10'). */
export function naturalCompare(a: string, b: string): number {
  return compareRuns(runs(a), runs(b));
}

function checkYmd(value: string, what: string, inv: StatementInvoice): void {
  if (!isYmd(value)) {
    throw new RangeError(`${what} of invoice ${inv.invoiceNumber} is not YYYY-MM-DD: ${value}`);
  }
}

/** `rank` orders the kinds on one date: invoices, then payments and notes, then refunds. */
type Entry = Omit<StatementLine, 'rolling'> & { amount: Big; rank: number };

/** A credit line of an invoice: a payment or a credit note. */
function credit(inv: StatementInvoice, date: string, description: string, amount: Big): Entry {
  return {
    _id: inv._id,
    invoiceDate: date,
    invoiceNumber: inv.invoiceNumber,
    description,
    debit_credit: 'credit',
    total: toAmount(amount),
    amount: amount.neg(),
    rank: 1,
  };
}

/** Compares text character by character (dates written YYYY-MM-DD, ids). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Builds a statement from a client's invoices. Each invoice is a debit of its
 * total on its invoice date; each payment is a credit on its date (`payments`,
 * or else `amountPaid` > 0 on `datePaid`, the invoice date when null), and
 * each credit note a credit on its date, each refund out of a note a debit
 * on its date. Lines run oldest first; on one date invoices come first, then
 * payments and notes, then refunds, each by invoice number (digits compared as
 * numbers). `rolling` is the running balance and `total` the closing one.
 * Aging puts each invoice's open balance (total − paid − credited, when > 0) in a
 * bucket by its age from invoice date to `asOf`; `asOf` affects only aging.
 */
export function buildStatement(invoices: StatementInvoice[], asOf: string): Statement {
  if (!isYmd(asOf)) throw new RangeError(`asOf is not YYYY-MM-DD: ${asOf}`);
  const entries: Entry[] = [];
  const buckets = {
    current: new Big(0),
    d30: new Big(0),
    d60: new Big(0),
    d90: new Big(0),
    d120: new Big(0),
  };

  // Dates repeat across thousands of lines: each distinct one is checked once.
  const checked = new Set<string>();
  const checkDate = (value: string, what: string, inv: StatementInvoice) => {
    if (checked.has(value)) return;
    checkYmd(value, what, inv);
    checked.add(value);
  };
  for (const inv of invoices) {
    checkDate(inv.invoiceDate, 'invoiceDate', inv);
    const total = dec(inv.total);
    entries.push({
      _id: inv._id,
      invoiceDate: inv.invoiceDate,
      invoiceNumber: inv.invoiceNumber,
      description: inv.description?.trim() ? inv.description : `Invoice ${inv.invoiceNumber}`,
      debit_credit: 'debit',
      total: toAmount(total),
      amount: total,
      rank: 0,
    });
    const payments = inv.payments ?? [{ amount: inv.amountPaid, datePaid: inv.datePaid }];
    let against = new Big(0);
    for (const p of payments) {
      const amount = dec(p.amount);
      if (amount.lte(0)) continue;
      const date = p.datePaid ?? inv.invoiceDate;
      checkDate(date, 'datePaid', inv);
      against = against.plus(amount);
      entries.push(credit(inv, date, `Payment ${inv.invoiceNumber}`, amount));
    }
    for (const c of inv.credits ?? []) {
      const amount = dec(c.amount);
      if (amount.lte(0)) continue;
      checkDate(c.date, 'credit note date', inv);
      against = against.plus(amount);
      entries.push(credit(inv, c.date, `Credit note ${c.number}`, amount));
      // A refund pays the client back what the note owed them: a debit, after the note.
      for (const r of c.refunds ?? []) {
        const paidBack = dec(r.amount);
        if (paidBack.lte(0)) continue;
        checkDate(r.date, 'refund date', inv);
        entries.push({
          _id: inv._id,
          invoiceDate: r.date,
          invoiceNumber: inv.invoiceNumber,
          description: r.toInvoice
            ? `Credit note ${c.number} to ${r.toInvoice}`
            : `Refund ${c.number}`,
          debit_credit: 'debit',
          total: toAmount(paidBack),
          amount: paidBack,
          rank: 2,
        });
      }
    }
    const open = total.minus(against);
    if (open.gt(0)) {
      const age = daysBetween(inv.invoiceDate, asOf);
      const key =
        age < 30 ? 'current' : age < 60 ? 'd30' : age < 90 ? 'd60' : age < 120 ? 'd90' : 'd120';
      buckets[key] = buckets[key].plus(open);
    }
  }

  // Each number is cut into runs once, not at every comparison (a client with thousands of
  // lines sorts about a hundred thousand pairs: docs/performance.md, "Statements").
  const cut = new Map<string, string[]>();
  const runsOf = (t: string) => {
    let r = cut.get(t);
    if (!r) cut.set(t, (r = runs(t)));
    return r;
  };
  entries.sort(
    (a, b) =>
      byText(a.invoiceDate, b.invoiceDate) ||
      a.rank - b.rank ||
      compareRuns(runsOf(a.invoiceNumber), runsOf(b.invoiceNumber)) ||
      byText(a._id, b._id),
  );

  let balance = new Big(0);
  const lineItems = entries.map((e): StatementLine => {
    balance = balance.plus(e.amount);
    return {
      _id: e._id,
      invoiceDate: e.invoiceDate,
      invoiceNumber: e.invoiceNumber,
      description: e.description,
      debit_credit: e.debit_credit,
      total: e.total,
      rolling: toAmount(balance),
    };
  });

  return {
    total: toAmount(balance),
    lineItems,
    aging: {
      current: toAmount(buckets.current),
      d30: toAmount(buckets.d30),
      d60: toAmount(buckets.d60),
      d90: toAmount(buckets.d90),
      d120: toAmount(buckets.d120),
    },
  };
}

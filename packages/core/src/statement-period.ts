import Big from 'big.js';
import { isYmd } from './dates.js';
import { dec, toAmount } from './money.js';
import type { Statement, StatementLine } from './statement.js';

/** A statement's period: 'YYYY-MM-DD' dates, both days included; either may be absent. */
export interface StatementPeriod {
  from?: string | undefined;
  to?: string | undefined;
}

/** The description of a period statement's first line. */
export const BROUGHT_FORWARD = 'Balance brought forward';

/** A line's effect on the balance: a debit adds, a credit takes off. */
const signed = (l: StatementLine): Big =>
  l.debit_credit === 'debit' ? dec(l.total) : dec(l.total).neg();

/** The balance after every line dated `when(date)`, worked to the cent. */
function balanceOf(lines: readonly StatementLine[], when: (date: string) => boolean): Big {
  let sum = new Big(0);
  for (const l of lines) if (when(l.invoiceDate)) sum = sum.plus(signed(l));
  return sum;
}

/**
 * The statement of a period, from a built statement (core `buildStatement`).
 * With `from`, its first line is "Balance brought forward", dated `from`: the
 * balance of every line before `from`, a debit when it is owed (0 included),
 * a credit when it is in the client's favour, its `total` the amount and its
 * `rolling` the balance itself. Then come the lines dated from `from` to `to`,
 * both included, with their rolling balances as they were. `total` is the
 * balance at the end of the period: of every line up to `to` (all of them
 * without `to`). Aging is left as it was: it is the open amounts as of the
 * statement's date, whatever the period. With neither date the statement is
 * answered as it is. Throws a RangeError for a date that is not YYYY-MM-DD
 * or a `from` after `to`.
 */
export function statementForPeriod<S extends Statement>(s: S, period: StatementPeriod): S {
  const { from, to } = period;
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value !== undefined && !isYmd(value))
      throw new RangeError(`${name} is not YYYY-MM-DD: ${value}`);
  }
  if (from !== undefined && to !== undefined && from > to)
    throw new RangeError(`from ${from} is after to ${to}`);
  if (from === undefined && to === undefined) return s;

  const inPeriod = (d: string) =>
    (from === undefined || d >= from) && (to === undefined || d <= to);
  const lineItems: StatementLine[] = [];
  if (from !== undefined) {
    const opening = balanceOf(s.lineItems, (d) => d < from);
    lineItems.push({
      _id: '',
      invoiceDate: from,
      invoiceNumber: '',
      description: BROUGHT_FORWARD,
      debit_credit: opening.lt(0) ? 'credit' : 'debit',
      total: toAmount(opening.abs()),
      rolling: toAmount(opening),
    });
  }
  for (const l of s.lineItems) if (inPeriod(l.invoiceDate)) lineItems.push(l);
  const closing = balanceOf(s.lineItems, (d) => to === undefined || d <= to);
  return { ...s, total: toAmount(closing), lineItems };
}

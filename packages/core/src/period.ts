import { addDays, daysInMonth, isYmd, makeYmd, splitYmd, ymdOfInstant } from './dates.js';

/**
 * Report periods (DECISIONS §5): a month (the default), a financial year
 * (1 March to the end of February) or a day. Dates are 'YYYY-MM-DD' strings,
 * inclusive at both ends, worked out without the process time zone.
 */

/** The period types sent as `type` by the period filter. */
export const PERIOD_TYPES = { month: 0, financialYear: 1, day: 2 } as const;
export type PeriodType = 0 | 1 | 2;

/** An inclusive range of calendar dates and the kind of period it is. */
export interface Period {
  from: string;
  to: string;
  type: PeriodType;
}

/** A bad period query; `field` names the query field at fault. */
export class PeriodError extends Error {
  readonly field: 'from' | 'to' | 'type';

  constructor(field: 'from' | 'to' | 'type', message: string) {
    super(message);
    this.name = 'PeriodError';
    this.field = field;
  }
}

/** The first month of the financial year (March). */
export const FINANCIAL_YEAR_START_MONTH = 3;

/** The months' names, January first (also the recurring wording's). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function checkType(type: number): asserts type is PeriodType {
  if (type !== 0 && type !== 1 && type !== 2) throw new RangeError(`Unknown period type: ${type}`);
}

/** Today's calendar date ('YYYY-MM-DD') in an IANA zone, at `now` (default: the current time). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return ymdOfInstant(now, timeZone);
}

function monthPeriod(year: number, month: number): Period {
  return {
    from: makeYmd(year, month, 1),
    to: makeYmd(year, month, daysInMonth(year, month)),
    type: 0,
  };
}

/** The financial year that starts on 1 March of `startYear`. */
function financialYear(startYear: number): Period {
  return {
    from: makeYmd(startYear, FINANCIAL_YEAR_START_MONTH, 1),
    to: makeYmd(startYear + 1, 2, daysInMonth(startYear + 1, 2)),
    type: 1,
  };
}

/** The month, financial year or day that contains `date`. */
export function periodContaining(type: PeriodType, date: string): Period {
  checkType(type);
  const { year, month } = splitYmd(date);
  if (type === 0) return monthPeriod(year, month);
  if (type === 1) return financialYear(month >= FINANCIAL_YEAR_START_MONTH ? year : year - 1);
  return { from: date, to: date, type: 2 };
}

/** The period of `type` containing today in `timeZone`. */
export function currentPeriod(type: PeriodType, timeZone: string, now?: Date): Period {
  return periodContaining(type, todayIn(timeZone, now));
}

/**
 * The period of `type` to show when the period filter's unit changes from `p`.
 * It holds the first of these that lies in `p`: `focus` (the day the user last
 * had in view), `today`; else `p`'s first day. So Month to Day on the current
 * month shows today (not the 1st), Year to Month shows today's month (not
 * March), and Day to Month and back returns to the same day.
 */
export function switchPeriodType(
  p: Period,
  type: PeriodType,
  today: string,
  focus?: string | null,
): Period {
  const inView = (d: string | null | undefined): d is string =>
    !!d && isYmd(d) && p.from <= d && d <= p.to;
  const anchor = inView(focus) ? focus : inView(today) ? today : p.from;
  return periodContaining(type, anchor);
}

/**
 * The period `step` periods away from `p` (−1 previous, +1 next), of the same
 * type and counted from `p.from`; the result is always a whole month,
 * financial year or single day.
 */
export function shiftPeriod(p: Period, step: number): Period {
  checkType(p.type);
  if (!Number.isInteger(step)) throw new RangeError(`Not a whole step: ${step}`);
  const { year, month } = splitYmd(p.from);
  if (p.type === 2) {
    const day = addDays(p.from, step);
    return { from: day, to: day, type: 2 };
  }
  if (p.type === 1) {
    const start = month >= FINANCIAL_YEAR_START_MONTH ? year : year - 1;
    return financialYear(start + step);
  }
  const index = year * 12 + (month - 1) + step;
  return monthPeriod(Math.floor(index / 12), (((index % 12) + 12) % 12) + 1);
}

/**
 * A label for a period: 'November 2026', 'FY 2026/27', '2026-11-21'. A range
 * that is not a whole period of its type is shown as 'from – to'.
 */
export function periodLabel(p: Period): string {
  const whole = periodContaining(p.type, p.from);
  if (whole.from !== p.from || whole.to !== p.to) return `${p.from} – ${p.to}`;
  const { year, month } = splitYmd(p.from);
  if (p.type === 0) return `${MONTH_NAMES[month - 1]} ${year}`;
  if (p.type === 1) return `FY ${year}/${String((year + 1) % 100).padStart(2, '0')}`;
  return p.from;
}

function readType(raw: string | number | undefined): PeriodType {
  if (raw === undefined || raw === '') return 0;
  const n = /^\s*\d+\s*$/.test(String(raw)) ? Number(raw) : NaN;
  if (n !== 0 && n !== 1 && n !== 2) {
    throw new PeriodError('type', 'type must be 0 (month), 1 (financial year) or 2 (day)');
  }
  return n;
}

function readDate(field: 'from' | 'to', raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!isYmd(raw)) {
    throw new PeriodError(field, `${field} must be a date written YYYY-MM-DD`);
  }
  return raw;
}

/**
 * Reads the period filter's query (`from`, `to`, `type`). `type` defaults to
 * 0 (month). With neither date, the current period of that type in
 * `timeZone` (so the current month by default); with one date, the other end
 * of the period of that type containing it. The range is kept as given, it
 * need not be a whole period. Throws a {@link PeriodError} naming the field for
 * a date that is not a real YYYY-MM-DD date, `to` before `from`, or a type
 * other than 0, 1 or 2.
 */
export function parsePeriodQuery(
  q: { from?: string; to?: string; type?: string | number },
  timeZone: string,
  now?: Date,
): Period {
  const type = readType(q.type);
  const from = readDate('from', q.from);
  const to = readDate('to', q.to);
  if (from === undefined && to === undefined) return currentPeriod(type, timeZone, now);
  // The period around a lone date may reach outside 0001..9999 (the financial
  // year of 0001-01-15 starts in year 0, that of 9999-06-01 ends in 10000):
  // the database cannot hold such dates and 5-digit years do not compare as
  // text, so refuse it, naming the date that was sent.
  const start = from ?? periodStart(type, to!);
  const end = to ?? periodEnd(type, from!);
  if (end < start) throw new PeriodError('to', 'to must not be before from');
  return { from: start, to: end, type };
}

/** The first date that a period may reach. */
export const FIRST_DATE = '0001-01-01';
/** The last date that a period may reach. */
export const LAST_DATE = '9999-12-31';

function periodStart(type: PeriodType, to: string): string {
  const { year, month } = splitYmd(to);
  if (type === 1 && month < FINANCIAL_YEAR_START_MONTH && year - 1 < 1) {
    throw new PeriodError('to', `the period of to must not start before ${FIRST_DATE}`);
  }
  return periodContaining(type, to).from;
}

function periodEnd(type: PeriodType, from: string): string {
  const { year, month } = splitYmd(from);
  if (type === 1 && month >= FINANCIAL_YEAR_START_MONTH && year + 1 > 9999) {
    throw new PeriodError('from', `the period of from must not end after ${LAST_DATE}`);
  }
  return periodContaining(type, from).to;
}

import * as rruleModule from 'rrule';
import type { Options, RRule as RRuleClass, Weekday } from 'rrule';
import { addDays, daysBetween, makeYmd, splitYmd } from './dates.js';

/**
 * Recurrence (DECISIONS §8 and §13): a rule of RFC 5545 built with the rrule
 * library, over calendar dates. Dates are YYYY-MM-DD in the company's time
 * zone; rrule sees them as UTC midnights and they are read back with
 * `getUTC*`, so the machine's own zone never moves a date.
 */

// rrule ships CommonJS (Node sees only a default export) and an ES module (bundlers see named
// exports); this takes whichever is there.
const lib = ((rruleModule as unknown as { default?: typeof rruleModule }).default ??
  rruleModule) as typeof rruleModule;
const { RRule } = lib;

export const RECURRING_FREQUENCIES = ['day', 'week', 'month', 'year'] as const;
export type TRecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/** The rule's fields on a recurring item (DECISIONS §13); null where unused. */
export interface TRecurrenceRule {
  startDate: string;
  recurringType: TRecurringFrequency;
  /** Interval - 1: 0 every period, 1 every second period. */
  separationCount: number;
  /** 0 Monday ... 6 Sunday, as in rrule. */
  dayOfWeek: number | null;
  /** 1-31; 29, 30 and 31 fall on the last day of shorter months. */
  dayOfMonth: number | null;
  /** 1-12. */
  monthOfYear: number | null;
  /** 1-4, or -1 for the last; with `dayOfWeek` it means "the 2nd Tuesday". */
  weekOfMonth: number | null;
  maxOccurrences: number | null;
  /** Inclusive. */
  endDate: string | null;
}

/** How far ahead `nextRuns` looks by default (DECISIONS §13). */
export const NEXT_RUNS_COUNT = 5;

const FREQ: Record<TRecurringFrequency, number> = {
  day: RRule.DAILY,
  week: RRule.WEEKLY,
  month: RRule.MONTHLY,
  year: RRule.YEARLY,
};
const WEEKDAYS: Weekday[] = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

// setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
const utc = (ymd: string) => {
  const { year, month, day } = splitYmd(ymd);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
};

/** The first and last dates a rule is worked out between (DECISIONS §13: dates, not times). */
export const RULE_FIRST_DATE = '1900-01-01';
export const RULE_LAST_DATE = '9999-12-31';
const ymdOf = (d: Date) => makeYmd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());

/**
 * A day of month that may not exist in every month: 29, 30 and 31 become
 * "the last of 28..day", which is the day itself where the month has it and
 * the month's last day where it does not.
 */
function monthDay(day: number): Partial<Options> {
  if (day <= 28) return { bymonthday: [day] };
  const days: number[] = [];
  for (let d = 28; d <= day; d++) days.push(d);
  return { bymonthday: days, bysetpos: [-1] };
}

/** 0 Monday ... 6 Sunday of a date. */
const weekdayOf = (ymd: string) => (utc(ymd).getUTCDay() + 6) % 7;

/**
 * The rule's first possible date: its start, or for a weekly rule on a
 * chosen weekday the first such weekday on or after it, so "every second
 * Tuesday" from a Wednesday starts six days later, not thirteen (RFC 5545
 * would count from the start's own week, whose Tuesday is already past).
 * Null when that day is outside the dates a rule reaches.
 */
function anchorOf(rule: TRecurrenceRule): string | null {
  // rrule reads years below 100 as 19xx; the save refuses starts before 1900.
  if (rule.startDate < RULE_FIRST_DATE) return null;
  if (rule.recurringType !== 'week' || rule.dayOfWeek === null) return rule.startDate;
  const shift = (rule.dayOfWeek - weekdayOf(rule.startDate) + 7) % 7;
  return daysBetween(rule.startDate, RULE_LAST_DATE) < shift
    ? null
    : addDays(rule.startDate, shift);
}

/**
 * A later start with the same dates from `near` on, for a rule without a
 * count (a count is counted from the real start): whole intervals are
 * skipped, up to one interval before `near`. Without it every question would
 * walk every date since the start: a daily rule from 1900 took seconds.
 */
function alignedStart(rule: TRecurrenceRule, anchor: string, near: string): string {
  if (rule.maxOccurrences !== null || near <= anchor) return anchor;
  const every = Math.max(0, Math.trunc(rule.separationCount)) + 1;
  const a = splitYmd(anchor);
  const n = splitYmd(near);
  switch (rule.recurringType) {
    case 'day':
    case 'week': {
      const period = rule.recurringType === 'day' ? every : every * 7;
      const k = Math.floor(daysBetween(anchor, near) / period) - 1;
      return k > 0 ? addDays(anchor, k * period) : anchor;
    }
    case 'month': {
      const k = Math.floor(((n.year - a.year) * 12 + (n.month - a.month)) / every) - 1;
      if (k <= 0) return anchor;
      const m = a.month - 1 + k * every;
      return makeYmd(a.year + Math.floor(m / 12), (m % 12) + 1, 1);
    }
    case 'year': {
      const k = Math.floor((n.year - a.year) / every) - 1;
      return k > 0 ? makeYmd(a.year + k * every, 1, 1) : anchor;
    }
  }
}

/**
 * The rrule of a rule, for questions about dates on or after `near` (all of
 * them when absent). Missing fields default to the start date's, written out,
 * so "monthly" keeps its day wherever the rrule starts. Null when the rule
 * has no date at all.
 */
export function toRRule(rule: TRecurrenceRule, near?: string): RRuleClass | null {
  const start = splitYmd(rule.startDate);
  const anchor = anchorOf(rule);
  if (anchor === null) return null;
  const dtstart = utc(near ? alignedStart(rule, anchor, near) : anchor);
  const options: Partial<Options> = {
    freq: FREQ[rule.recurringType],
    interval: Math.max(0, Math.trunc(rule.separationCount)) + 1,
    dtstart,
    tzid: null,
    wkst: RRule.MO,
  };
  const weekday = rule.dayOfWeek === null ? null : WEEKDAYS[rule.dayOfWeek];
  switch (rule.recurringType) {
    case 'day':
      break;
    case 'week':
      options.byweekday = [weekday ?? WEEKDAYS[weekdayOf(rule.startDate)]!];
      break;
    case 'month':
      if (weekday && rule.weekOfMonth !== null) options.byweekday = [weekday.nth(rule.weekOfMonth)];
      else Object.assign(options, monthDay(rule.dayOfMonth ?? start.day));
      break;
    case 'year':
      options.bymonth = [rule.monthOfYear ?? start.month];
      if (weekday && rule.weekOfMonth !== null) options.byweekday = [weekday.nth(rule.weekOfMonth)];
      else Object.assign(options, monthDay(rule.dayOfMonth ?? start.day));
      break;
  }
  if (rule.maxOccurrences !== null) options.count = rule.maxOccurrences;
  if (rule.endDate !== null) options.until = utc(rule.endDate);
  return new RRule(options);
}

/** The rule's dates from `from` to `to`, both inclusive, in order. */
export function occurrencesBetween(rule: TRecurrenceRule, from: string, to: string): string[] {
  if (to < from) return [];
  const rr = toRRule(rule, from);
  return rr ? rr.between(utc(from), utc(to), true).map(ymdOf) : [];
}

/** The first date of the rule on or after `date`, or null when the rule has ended. */
export function firstRunOnOrAfter(rule: TRecurrenceRule, date: string): string | null {
  return runsFrom(rule, date, 1)[0] ?? null;
}

/** The first date of the rule after `date`, or null when the rule has ended. */
export function runAfter(rule: TRecurrenceRule, date: string): string | null {
  return date >= RULE_LAST_DATE ? null : firstRunOnOrAfter(rule, addDays(date, 1));
}

/** Up to `count` dates of the rule on or after `from`, from one walk of one rrule. */
export function runsFrom(rule: TRecurrenceRule, from: string, count = NEXT_RUNS_COUNT): string[] {
  const rr = toRRule(rule, from);
  if (!rr || count <= 0) return [];
  return rr.between(utc(from), utc(RULE_LAST_DATE), true, (_d, i) => i < count).map(ymdOf);
}

/**
 * The date a saved item's next run is counted from: its start date, but
 * never before the day it was (re)scheduled, since dates before an item was
 * saved are never made (DECISIONS §13), nor on or before its last run. Null
 * when the last run was the last date there is.
 */
export function runFloor(
  rule: TRecurrenceRule,
  today: string,
  lastRunDate: string | null,
): string | null {
  let floor = rule.startDate > today ? rule.startDate : today;
  if (lastRunDate !== null && lastRunDate >= floor) {
    if (lastRunDate >= RULE_LAST_DATE) return null;
    floor = addDays(lastRunDate, 1);
  }
  return floor;
}

/** A saved item's next date not yet made (see {@link runFloor}), or null when there is none. */
export function nextRunOf(
  rule: TRecurrenceRule,
  today: string,
  lastRunDate: string | null,
): string | null {
  const floor = runFloor(rule, today, lastRunDate);
  return floor === null ? null : firstRunOnOrAfter(rule, floor);
}

/**
 * What an item answers as `nextRuns` (DECISIONS §13): its next five dates
 * not yet made, from today (or from its start date when that is later); an
 * inactive or ended item answers none. A date the scheduler has still to
 * make today is among them until it is made.
 */
export function nextRuns(
  rule: TRecurrenceRule,
  opts: { today: string; active: boolean; lastRunDate?: string | null; count?: number },
): string[] {
  const floor = runFloor(rule, opts.today, opts.lastRunDate ?? null);
  if (!opts.active || floor === null) return [];
  return runsFrom(rule, floor, opts.count ?? NEXT_RUNS_COUNT);
}

/** The rule's fields picked from a larger object (a saved item or a form). */
export function ruleOf(r: TRecurrenceRule): TRecurrenceRule {
  return {
    startDate: r.startDate,
    recurringType: r.recurringType,
    separationCount: r.separationCount,
    dayOfWeek: r.dayOfWeek,
    dayOfMonth: r.dayOfMonth,
    monthOfYear: r.monthOfYear,
    weekOfMonth: r.weekOfMonth,
    maxOccurrences: r.maxOccurrences,
    endDate: r.endDate,
  };
}

/** True when two rules make the same dates from the same start (a save that changes none). */
export function sameRule(a: TRecurrenceRule, b: TRecurrenceRule): boolean {
  const x = ruleOf(a);
  const y = ruleOf(b);
  return (Object.keys(x) as (keyof TRecurrenceRule)[]).every((k) => x[k] === y[k]);
}

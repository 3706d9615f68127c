import * as rruleModule from 'rrule';
import type { Options, RRule as RRuleClass, Weekday } from 'rrule';
import { addDays, makeYmd, splitYmd } from './dates.js';

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

const utc = (ymd: string) => {
  const { year, month, day } = splitYmd(ymd);
  return new Date(Date.UTC(year, month - 1, day));
};
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

/** The rrule of a rule. Missing fields default to the start date's (so "monthly" keeps its day). */
export function toRRule(rule: TRecurrenceRule): RRuleClass {
  const start = splitYmd(rule.startDate);
  let dtstart = utc(rule.startDate);
  // Weekly: the weeks counted from the first chosen weekday on or after the start, so "every
  // second Tuesday" from a Wednesday starts six days later, not thirteen (RFC 5545 would count
  // from the start's own week, whose Tuesday is already past).
  if (rule.recurringType === 'week' && rule.dayOfWeek !== null) {
    const shift = (rule.dayOfWeek - ((dtstart.getUTCDay() + 6) % 7) + 7) % 7;
    dtstart = utc(addDays(rule.startDate, shift));
  }
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
      if (weekday) options.byweekday = [weekday];
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
  return toRRule(rule).between(utc(from), utc(to), true).map(ymdOf);
}

/** The first date of the rule on or after `date`, or null when the rule has ended. */
export function firstRunOnOrAfter(rule: TRecurrenceRule, date: string): string | null {
  const d = toRRule(rule).after(utc(date), true);
  return d ? ymdOf(d) : null;
}

/** The first date of the rule after `date`, or null when the rule has ended. */
export function runAfter(rule: TRecurrenceRule, date: string): string | null {
  return firstRunOnOrAfter(rule, addDays(date, 1));
}

/** Up to `count` dates of the rule on or after `from`. */
export function runsFrom(rule: TRecurrenceRule, from: string, count = NEXT_RUNS_COUNT): string[] {
  const out: string[] = [];
  let next = firstRunOnOrAfter(rule, from);
  while (next !== null && out.length < count) {
    out.push(next);
    next = runAfter(rule, next);
  }
  return out;
}

/**
 * The date a saved item's next run is counted from: its start date, but
 * never before the day it was (re)scheduled, since dates before an item was
 * saved are never made (DECISIONS §13), nor on or before its last run.
 */
export function runFloor(rule: TRecurrenceRule, today: string, lastRunDate: string | null): string {
  let floor = rule.startDate > today ? rule.startDate : today;
  if (lastRunDate !== null && lastRunDate >= floor) floor = addDays(lastRunDate, 1);
  return floor;
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
  if (!opts.active) return [];
  return runsFrom(
    rule,
    runFloor(rule, opts.today, opts.lastRunDate ?? null),
    opts.count ?? NEXT_RUNS_COUNT,
  );
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

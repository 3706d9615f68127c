import { splitYmd } from './dates.js';
import type { TRecurrenceRule } from './recurrence.js';
import { MONTH_NAMES } from './period.js';

/** 0 Monday ... 6 Sunday, as in the rule (DECISIONS §13). */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export { MONTH_NAMES };
/** 1st, 2nd, 3rd, 4th; -1 is the last. */
const ordinal = (n: number) => (n === -1 ? 'last' : `${n}${['st', 'nd', 'rd'][n - 1] ?? 'th'}`);

/** The weekday (0 Monday) of a YYYY-MM-DD date. */
export function weekdayOf(ymd: string): number {
  const { year, month, day } = splitYmd(ymd);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** '2027-01-31 Sunday': a date with its weekday, as the editor lists the next runs. */
export function ymdWithWeekday(ymd: string): string {
  return `${ymd} ${WEEKDAY_NAMES[weekdayOf(ymd)]}`;
}

const every = (n: number, unit: string, one: string) => (n <= 1 ? one : `Every ${n} ${unit}s`);

/**
 * A rule in words for the list: 'Daily', 'Every 2 weeks on Tuesday',
 * 'Monthly on day 31', 'Monthly on the last Friday', 'Yearly on 29 February',
 * with ', 6 times' or ', until 2027-12-31' when it ends. Fields the rule
 * leaves out are the start date's, as the rule itself reads them.
 */
export function frequencyWords(rule: TRecurrenceRule): string {
  const n = Math.max(0, Math.trunc(rule.separationCount)) + 1;
  const start = splitYmd(rule.startDate);
  const weekday = WEEKDAY_NAMES[rule.dayOfWeek ?? weekdayOf(rule.startDate)];
  const nth =
    rule.dayOfWeek !== null && rule.weekOfMonth !== null
      ? `the ${ordinal(rule.weekOfMonth)} ${weekday}`
      : null;
  let words: string;
  switch (rule.recurringType) {
    case 'day':
      words = every(n, 'day', 'Daily');
      break;
    case 'week':
      words = `${every(n, 'week', 'Weekly')} on ${weekday}`;
      break;
    case 'month':
      words = `${every(n, 'month', 'Monthly')} on ${nth ?? `day ${rule.dayOfMonth ?? start.day}`}`;
      break;
    case 'year': {
      const month = MONTH_NAMES[(rule.monthOfYear ?? start.month) - 1];
      const on = nth ? `${nth} of ${month}` : `${rule.dayOfMonth ?? start.day} ${month}`;
      words = `${every(n, 'year', 'Yearly')} on ${on}`;
      break;
    }
  }
  if (rule.maxOccurrences !== null)
    words += `, ${rule.maxOccurrences} time${rule.maxOccurrences === 1 ? '' : 's'}`;
  if (rule.endDate !== null) words += `, until ${rule.endDate}`;
  return words;
}

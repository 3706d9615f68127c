import { describe, expect, it } from 'vitest';
import type { TRecurrenceRule } from './recurrence.js';
import { frequencyWords, weekdayOf, ymdWithWeekday } from './recurring-words.js';

const rule = (over: Partial<TRecurrenceRule>): TRecurrenceRule => ({
  startDate: '2027-01-31',
  recurringType: 'month',
  separationCount: 0,
  dayOfWeek: null,
  dayOfMonth: null,
  monthOfYear: null,
  weekOfMonth: null,
  maxOccurrences: null,
  endDate: null,
  ...over,
});

describe('frequencyWords', () => {
  it('daily and every N days', () => {
    expect(frequencyWords(rule({ recurringType: 'day' }))).toBe('Daily');
    expect(frequencyWords(rule({ recurringType: 'day', separationCount: 2 }))).toBe('Every 3 days');
  });

  it('weekly on a weekday, or the start date weekday', () => {
    expect(frequencyWords(rule({ recurringType: 'week', separationCount: 1, dayOfWeek: 1 }))).toBe(
      'Every 2 weeks on Tuesday',
    );
    // 2027-01-31 is a Sunday.
    expect(frequencyWords(rule({ recurringType: 'week' }))).toBe('Weekly on Sunday');
  });

  it('monthly on a day, defaulting to the start day', () => {
    expect(frequencyWords(rule({ dayOfMonth: 31 }))).toBe('Monthly on day 31');
    expect(frequencyWords(rule({}))).toBe('Monthly on day 31');
    expect(frequencyWords(rule({ separationCount: 2, dayOfMonth: 15 }))).toBe(
      'Every 3 months on day 15',
    );
  });

  it('monthly on the Nth or last weekday', () => {
    expect(frequencyWords(rule({ dayOfWeek: 1, weekOfMonth: 2 }))).toBe(
      'Monthly on the 2nd Tuesday',
    );
    expect(frequencyWords(rule({ dayOfWeek: 4, weekOfMonth: -1 }))).toBe(
      'Monthly on the last Friday',
    );
    expect(frequencyWords(rule({ dayOfWeek: 0, weekOfMonth: 1 }))).toBe(
      'Monthly on the 1st Monday',
    );
    expect(frequencyWords(rule({ dayOfWeek: 2, weekOfMonth: 3 }))).toBe(
      'Monthly on the 3rd Wednesday',
    );
    expect(frequencyWords(rule({ dayOfWeek: 6, weekOfMonth: 4 }))).toBe(
      'Monthly on the 4th Sunday',
    );
  });

  it('reads an Nth weekday only with both the weekday and the week', () => {
    // A weekday alone (left from a weekly rule) or a week alone keeps the day of month.
    expect(frequencyWords(rule({ dayOfWeek: 1 }))).toBe('Monthly on day 31');
    expect(frequencyWords(rule({ weekOfMonth: 2 }))).toBe('Monthly on day 31');
  });

  it('yearly on a date or an Nth weekday of a month', () => {
    expect(frequencyWords(rule({ recurringType: 'year', monthOfYear: 2, dayOfMonth: 29 }))).toBe(
      'Yearly on 29 February',
    );
    expect(frequencyWords(rule({ recurringType: 'year' }))).toBe('Yearly on 31 January');
    expect(
      frequencyWords(
        rule({
          recurringType: 'year',
          separationCount: 1,
          monthOfYear: 11,
          dayOfWeek: 3,
          weekOfMonth: -1,
        }),
      ),
    ).toBe('Every 2 years on the last Thursday of November');
  });

  it('says when the rule ends', () => {
    expect(frequencyWords(rule({ dayOfMonth: 31, maxOccurrences: 6 }))).toBe(
      'Monthly on day 31, 6 times',
    );
    expect(frequencyWords(rule({ recurringType: 'day', maxOccurrences: 1 }))).toBe('Daily, 1 time');
    expect(frequencyWords(rule({ recurringType: 'day', endDate: '2027-12-31' }))).toBe(
      'Daily, until 2027-12-31',
    );
  });
});

describe('weekdays', () => {
  it('reads the weekday of a date, 0 Monday', () => {
    expect(weekdayOf('2027-02-01')).toBe(0);
    expect(weekdayOf('2027-01-31')).toBe(6);
    expect(weekdayOf('2024-02-29')).toBe(3);
  });

  it('writes a date with its weekday', () => {
    expect(ymdWithWeekday('2027-02-28')).toBe('2027-02-28 Sunday');
    expect(ymdWithWeekday('2027-03-31')).toBe('2027-03-31 Wednesday');
  });
});

import { describe, expect, it } from 'vitest';
import {
  firstRunOnOrAfter,
  nextRuns,
  occurrencesBetween,
  runAfter,
  runFloor,
  runsFrom,
  sameRule,
  toRRule,
  type TRecurrenceRule,
} from './recurrence.js';

const rule = (r: Partial<TRecurrenceRule>): TRecurrenceRule => ({
  startDate: '2026-11-01',
  recurringType: 'month',
  separationCount: 0,
  dayOfWeek: null,
  dayOfMonth: null,
  monthOfYear: null,
  weekOfMonth: null,
  maxOccurrences: null,
  endDate: null,
  ...r,
});

describe('recurrence (run under TZ=America/New_York: no date may move)', () => {
  it('monthly on the 31st runs on the last day of shorter months', () => {
    const r = rule({ startDate: '2026-11-25', dayOfMonth: 31 });
    expect(runsFrom(r, '2026-11-25')).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
  });

  it('monthly on the 30th and 29th: February takes its last day, a leap year its 29th', () => {
    expect(runsFrom(rule({ startDate: '2028-01-01', dayOfMonth: 30 }), '2028-01-01', 3)).toEqual([
      '2028-01-30',
      '2028-02-29',
      '2028-03-30',
    ]);
    expect(runsFrom(rule({ startDate: '2027-01-01', dayOfMonth: 29 }), '2027-01-01', 3)).toEqual([
      '2027-01-29',
      '2027-02-28',
      '2027-03-29',
    ]);
  });

  it('monthly without a day keeps the start date day, month end included', () => {
    expect(runsFrom(rule({ startDate: '2026-01-31' }), '2026-01-31', 3)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(runsFrom(rule({ startDate: '2026-01-15' }), '2026-01-01', 2)).toEqual([
      '2026-01-15',
      '2026-02-15',
    ]);
  });

  it('every second Tuesday (weekly, separation 1) from the first Tuesday on or after the start', () => {
    const r = rule({
      startDate: '2026-11-25', // a Wednesday
      recurringType: 'week',
      separationCount: 1,
      dayOfWeek: 1,
    });
    expect(runsFrom(r, '2026-11-25', 4)).toEqual([
      '2026-12-01',
      '2026-12-15',
      '2026-12-29',
      '2027-01-12',
    ]);
  });

  it('the 2nd Tuesday and the last Friday of the month', () => {
    expect(
      runsFrom(rule({ dayOfWeek: 1, weekOfMonth: 2, startDate: '2026-11-01' }), '2026-11-01', 3),
    ).toEqual(['2026-11-10', '2026-12-08', '2027-01-12']);
    expect(
      runsFrom(rule({ dayOfWeek: 4, weekOfMonth: -1, startDate: '2026-11-01' }), '2026-11-01', 2),
    ).toEqual(['2026-11-27', '2026-12-25']);
  });

  it('yearly on 29 February runs on 28 February in other years', () => {
    const r = rule({ recurringType: 'year', startDate: '2028-02-29' });
    expect(runsFrom(r, '2028-01-01', 4)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
    ]);
    expect(
      runsFrom(rule({ recurringType: 'year', monthOfYear: 6, dayOfMonth: 15 }), '2026-01-01', 2),
    ).toEqual(['2027-06-15', '2028-06-15']);
  });

  it('daily every third day, up to an inclusive end date', () => {
    const r = rule({
      recurringType: 'day',
      separationCount: 2,
      startDate: '2026-12-30',
      endDate: '2027-01-05',
    });
    expect(occurrencesBetween(r, '2026-01-01', '2027-12-31')).toEqual([
      '2026-12-30',
      '2027-01-02',
      '2027-01-05',
    ]);
    expect(runAfter(r, '2027-01-05')).toBeNull();
  });

  it('maximum occurrences count from the first date the rule allows', () => {
    const r = rule({ startDate: '2026-11-25', dayOfMonth: 1, maxOccurrences: 2 });
    expect(runsFrom(r, '2026-01-01')).toEqual(['2026-12-01', '2027-01-01']);
    expect(firstRunOnOrAfter(r, '2027-01-02')).toBeNull();
  });

  it('the first run is the first allowed date on or after the start', () => {
    const r = rule({ startDate: '2026-11-25', recurringType: 'week', dayOfWeek: 2 });
    expect(firstRunOnOrAfter(r, '2026-01-01')).toBe('2026-11-25');
    expect(runAfter(r, '2026-11-25')).toBe('2026-12-02');
  });

  it('a run after days off makes every missed date once, in order', () => {
    const r = rule({ startDate: '2026-11-27', recurringType: 'day' });
    expect(occurrencesBetween(r, '2026-11-27', '2026-11-30')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    expect(occurrencesBetween(r, '2026-11-30', '2026-11-29')).toEqual([]);
  });

  it('nextRuns: from today, or the start when later, never a date made, none when inactive', () => {
    const r = rule({ startDate: '2026-10-01', dayOfMonth: 31 });
    expect(nextRuns(r, { today: '2026-11-25', active: true }).slice(0, 2)).toEqual([
      '2026-11-30',
      '2026-12-31',
    ]);
    expect(nextRuns(r, { today: '2026-11-30', active: true, lastRunDate: '2026-11-30' })[0]).toBe(
      '2026-12-31',
    );
    expect(
      nextRuns(rule({ startDate: '2027-03-05' }), { today: '2026-11-25', active: true })[0],
    ).toBe('2027-03-05');
    expect(nextRuns(r, { today: '2026-11-25', active: false })).toEqual([]);
    expect(
      nextRuns(rule({ endDate: '2026-11-01' }), { today: '2026-11-25', active: true }),
    ).toEqual([]);
  });

  it('runFloor: never before today or the start, always after the last run', () => {
    const r = rule({ startDate: '2026-11-01' });
    expect(runFloor(r, '2026-11-25', null)).toBe('2026-11-25');
    expect(runFloor(rule({ startDate: '2026-12-01' }), '2026-11-25', null)).toBe('2026-12-01');
    expect(runFloor(r, '2026-11-25', '2026-11-25')).toBe('2026-11-26');
    expect(runFloor(r, '2026-11-25', '2026-10-01')).toBe('2026-11-25');
  });

  it('sameRule compares only the rule', () => {
    expect(sameRule(rule({}), { ...rule({}) })).toBe(true);
    expect(sameRule(rule({}), rule({ dayOfMonth: 3 }))).toBe(false);
  });
});

describe('recurrence: far starts and the edges of the calendar', () => {
  /** A small deterministic random (mulberry32), so a failure can be replayed. */
  function rng(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const ymd = (d: Date) => d.toISOString().slice(0, 10);
  const dayOf = (r: () => number, fromYear: number, years: number) =>
    ymd(new Date(Date.UTC(fromYear, 0, 1) + Math.floor(r() * years * 365.25) * 86_400_000));

  it('a rule answers the same dates whether its rrule starts at its start or near the question', () => {
    const r = rng(42);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    for (let n = 0; n < 400; n++) {
      const recurringType = pick(['day', 'week', 'month', 'year'] as const);
      const nth = recurringType !== 'day' && recurringType !== 'week' && r() < 0.3;
      const ru = rule({
        startDate: dayOf(r, 1990, 30),
        recurringType,
        separationCount: Math.floor(r() * 4),
        dayOfWeek: nth || (recurringType === 'week' && r() < 0.7) ? Math.floor(r() * 7) : null,
        weekOfMonth: nth ? pick([-1, 1, 2, 3, 4]) : null,
        dayOfMonth: !nth && r() < 0.6 ? 1 + Math.floor(r() * 31) : null,
        monthOfYear: recurringType === 'year' && r() < 0.6 ? 1 + Math.floor(r() * 12) : null,
        endDate: r() < 0.2 ? dayOf(r, 2030, 30) : null,
      });
      const from = dayOf(r, 1990, 70);
      const whole = toRRule(ru)!
        .between(
          new Date(`${from}T00:00:00Z`),
          new Date('9999-12-31T00:00:00Z'),
          true,
          (_d, i) => i < 5,
        )
        .map(ymd);
      expect(runsFrom(ru, from), JSON.stringify({ ru, from })).toEqual(whole);
    }
  });

  it('starts the rrule of a rule without a count near the question, one of a count at its start', () => {
    const daily = rule({ startDate: '1900-01-01', recurringType: 'day' });
    const near = toRRule(daily, '2026-11-25')!.options.dtstart;
    expect(ymd(near) > '2026-11-20' && ymd(near) <= '2026-11-25').toBe(true);
    expect(runsFrom(daily, '2026-11-25', 2)).toEqual(['2026-11-25', '2026-11-26']);
    const counted = rule({ startDate: '1990-01-01', recurringType: 'day', maxOccurrences: 3 });
    expect(ymd(toRRule(counted, '2026-11-25')!.options.dtstart)).toBe('1990-01-01');
    expect(runsFrom(counted, '2026-11-25')).toEqual([]);
  });

  it('answers no date past 9999-12-31 instead of failing', () => {
    expect(
      runAfter(rule({ startDate: '9999-12-28', recurringType: 'day' }), '9999-12-31'),
    ).toBeNull();
    expect(runsFrom(rule({ startDate: '9999-12-28', recurringType: 'day' }), '9999-12-30')).toEqual(
      ['9999-12-30', '9999-12-31'],
    );
    const weekly = rule({ startDate: '9999-12-31', recurringType: 'week', dayOfWeek: 0 });
    expect(runsFrom(weekly, '9999-12-31')).toEqual([]);
    expect(runsFrom(rule({ startDate: '9999-12-31', dayOfMonth: 31 }), '9999-12-01')).toEqual([
      '9999-12-31',
    ]);
  });

  it('gives a rule starting before 1900 no dates (the form refuses such a start)', () => {
    // rrule itself reads years below 100 as 19xx: no date is better than a wrong one.
    const r = rule({ startDate: '0050-03-15', recurringType: 'week' });
    expect(occurrencesBetween(r, '0050-03-15', '2026-03-29')).toEqual([]);
    expect(runsFrom(rule({ startDate: '1899-12-31', recurringType: 'day' }), '2026-01-01')).toEqual(
      [],
    );
    expect(
      runsFrom(rule({ startDate: '1900-01-01', recurringType: 'year' }), '2026-01-02', 1),
    ).toEqual(['2027-01-01']);
  });
});

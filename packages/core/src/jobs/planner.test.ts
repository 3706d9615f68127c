import { describe, expect, it } from 'vitest';
import type { TJobCard } from '../contracts/jobs.js';
import {
  dayStartIn,
  plannerDays,
  plannerOrder,
  reorderedSortOrder,
  plannerSchedule,
  plannerSpanRange,
  plannerStep,
  weekStart,
} from './planner.js';

type C = Pick<
  TJobCard,
  'startDate' | 'endDate' | 'isAllDayEvent' | 'displayOrder' | 'appointmentNumber'
>;
const job = (n: number, start: string, end: string, over: Partial<C> = {}): C => ({
  appointmentNumber: `JOB-${n}`,
  startDate: start,
  endDate: end,
  isAllDayEvent: false,
  displayOrder: null,
  ...over,
});
const ZONE = 'Africa/Johannesburg';
const numbers = (cs: C[]) => cs.map((c) => c.appointmentNumber);

describe('dayStartIn', () => {
  it("is local midnight in the company's zone", () => {
    expect(dayStartIn('2026-11-24', ZONE).toISOString()).toBe('2026-11-23T22:00:00.000Z');
    expect(dayStartIn('2026-11-24', 'UTC').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    // Summer time in New York: UTC-4 on 1 July, UTC-5 on 1 December.
    expect(dayStartIn('2026-07-01', 'America/New_York').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(dayStartIn('2026-12-01', 'America/New_York').toISOString()).toBe(
      '2026-12-01T05:00:00.000Z',
    );
  });
});

describe('days and steps', () => {
  it('a week runs Monday to Sunday around the date', () => {
    expect(weekStart('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(plannerDays('2026-12-31', 'week')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(plannerDays('2026-11-26', 'day')).toEqual(['2026-11-26']);
  });

  it('prev and next move a day, or a week from its Monday', () => {
    expect(plannerStep('2026-11-30', 'day', 1)).toBe('2026-12-01');
    expect(plannerStep('2026-11-26', 'week', 1)).toBe('2026-11-30');
    expect(plannerStep('2026-11-26', 'week', -1)).toBe('2026-11-16');
    expect(plannerSpanRange('2026-11-26', 'week')).toEqual({
      first: '2026-11-23',
      end: '2026-11-30',
    });
    expect(plannerSpanRange('2026-11-26', 'day')).toEqual({
      first: '2026-11-26',
      end: '2026-11-27',
    });
  });
});

describe('plannerOrder', () => {
  const dayStart = new Date('2026-11-23T22:00:00Z'); // 24 Nov in Johannesburg
  const dayEnd = new Date('2026-11-24T22:00:00Z');

  it('all-day jobs first, then by start time, ties by job number', () => {
    const cards = [
      job(3, '2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z'),
      job(10, '2026-11-24T06:00:00Z', '2026-11-24T07:00:00Z'),
      job(9, '2026-11-24T06:00:00Z', '2026-11-24T07:00:00Z'),
      job(5, '2026-11-23T22:00:00Z', '2026-11-24T22:00:00Z', { isAllDayEvent: true }),
    ];
    expect(numbers(plannerOrder(cards, dayStart, dayEnd))).toEqual([
      'JOB-5',
      'JOB-9',
      'JOB-10',
      'JOB-3',
    ]);
  });

  it('a route plan (displayOrder) comes before start times', () => {
    const cards = [
      job(1, '2026-11-24T06:00:00Z', '2026-11-24T07:00:00Z', { displayOrder: 2 }),
      job(2, '2026-11-24T08:00:00Z', '2026-11-24T09:00:00Z', { displayOrder: 0 }),
      job(3, '2026-11-24T05:00:00Z', '2026-11-24T06:00:00Z'),
      job(4, '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', { displayOrder: 1 }),
    ];
    expect(numbers(plannerOrder(cards, dayStart, dayEnd))).toEqual([
      'JOB-2',
      'JOB-4',
      'JOB-1',
      'JOB-3',
    ]);
  });

  it("keeps only the jobs touching the day (in the company's zone)", () => {
    const cards = [
      job(1, '2026-11-23T21:00:00Z', '2026-11-23T22:00:00Z'), // 23:00-00:00 the day before
      job(2, '2026-11-23T21:30:00Z', '2026-11-23T22:30:00Z'), // crosses midnight
      job(3, '2026-11-24T22:00:00Z', '2026-11-24T23:00:00Z'), // the next day
      job(4, '2026-11-24T12:00:00Z', '2026-11-24T12:00:00Z'), // no length
      job(5, '2026-11-20T06:00:00Z', '2026-11-27T06:00:00Z'), // spans the day
    ];
    expect(numbers(plannerOrder(cards, dayStart, dayEnd))).toEqual(['JOB-5', 'JOB-2', 'JOB-4']);
  });
});

describe('plannerSchedule', () => {
  it('a week lists each day with its own jobs', () => {
    const cards = [
      job(1, '2026-11-24T06:00:00Z', '2026-11-24T07:00:00Z'),
      job(2, '2026-11-26T06:00:00Z', '2026-11-26T07:00:00Z'),
      job(3, '2026-12-01T06:00:00Z', '2026-12-01T07:00:00Z'),
    ];
    const week = plannerSchedule(cards, '2026-11-25', 'week', ZONE);
    expect(week.map((d) => d.date)).toEqual(plannerDays('2026-11-23', 'week'));
    expect(week.map((d) => numbers(d.jobs))).toEqual([[], ['JOB-1'], [], ['JOB-2'], [], [], []]);
    expect(plannerSchedule(cards, '2026-11-24', 'day', ZONE)).toEqual([
      { date: '2026-11-24', jobs: [cards[0]] },
    ]);
  });
});

describe('reorderedSortOrder', () => {
  it('reuses the places the jobs hold when they are all different', () => {
    expect(reorderedSortOrder(['c', 'a', 'b'], [40, 10, 25])).toEqual([
      { _id: 'c', sortOrder: 10 },
      { _id: 'a', sortOrder: 25 },
      { _id: 'b', sortOrder: 40 },
    ]);
  });

  it('counts up from the smallest place when places repeat (new jobs all hold 0)', () => {
    expect(reorderedSortOrder(['b', 'a', 'c'], [0, 0, 0]).map((x) => x.sortOrder)).toEqual([
      0, 1, 2,
    ]);
    expect(reorderedSortOrder(['b', 'a', 'c'], [7, 3, 7]).map((x) => x.sortOrder)).toEqual([
      3, 4, 5,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatDate, formatTime, isYmd, splitYmd, toYmd } from './dates.js';

const DAY_MS = 86_400_000;
/** The date `n` days after 2000-01-01 by the JS Date's own (proleptic Gregorian) calendar. */
const byDate = (n: number) =>
  new Date(Date.UTC(2000, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);

describe('dates at the edges', () => {
  it('counts days like the Gregorian calendar over four centuries', () => {
    // 2000 to 2401: the century years 2100, 2200, 2300 are not leap years, 2400 is.
    for (let n = 0; n <= 146_520; n += 37) {
      expect(addDays('2000-01-01', n)).toBe(byDate(n));
      expect(daysBetween('2000-01-01', byDate(n))).toBe(n);
    }
  });

  it('steps over the end of February in century years', () => {
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2400-02-28', 1)).toBe('2400-02-29');
    expect(addDays('2400-02-29', 1)).toBe('2400-03-01');
    expect(addDays('2399-12-31', 60)).toBe('2400-02-29');
  });

  it('accepts year 0001 but no year 0000', () => {
    expect(isYmd('0001-01-01')).toBe(true);
    expect(isYmd('0000-12-31')).toBe(false);
  });

  it('accepts only strings as dates', () => {
    const lookalike = { toString: () => '2026-11-21' } as unknown as string;
    expect(isYmd(lookalike)).toBe(false);
    expect(toYmd(20261121 as unknown as string, 'UTC')).toBeNull();
    expect(formatTime(20261121 as unknown as string, 'UTC')).toBe('');
  });

  it('names what is wrong in its errors', () => {
    expect(() => splitYmd('2026-02-30')).toThrow(
      new RangeError('Not a date (YYYY-MM-DD): 2026-02-30'),
    );
    expect(() => addDays('2026-11-21', 1.5)).toThrow(
      new RangeError('Not a whole number of days: 1.5'),
    );
    expect(() => formatDate(new Date(0), 'Mars/Olympus')).toThrow(
      new RangeError('Unknown time zone or invalid date: Mars/Olympus'),
    );
  });

  it('reads dates and times with spaces around them', () => {
    expect(toYmd(' 2026-11-21 ', 'UTC')).toBe('2026-11-21');
    expect(formatTime(' 2026-11-21T10:15 ', 'UTC')).toBe('10:15');
  });

  it('refuses hours, minutes and seconds out of range', () => {
    expect(toYmd('2026-11-21T24:00Z', 'UTC')).toBeNull();
    expect(toYmd('2026-11-21T10:60Z', 'UTC')).toBeNull();
    expect(toYmd('2026-11-21T10:00:60Z', 'UTC')).toBeNull();
    expect(formatTime('2026-11-21T23:59:59Z', 'UTC')).toBe('23:59');
  });

  it('applies offsets up to 23:59 and refuses larger ones', () => {
    expect(formatTime('2026-11-21T23:30+23:00', 'UTC')).toBe('00:30');
    expect(formatTime('2026-11-21T12:00+01:59', 'UTC')).toBe('10:01');
    expect(formatTime('2026-11-21T12:00-05:30', 'UTC')).toBe('17:30');
    expect(toYmd('2026-11-21T23:30-23:59', 'UTC')).toBe('2026-11-22');
    expect(formatTime('2026-11-21T12:00+24:00', 'UTC')).toBe('');
    expect(formatTime('2026-11-21T12:00+01:60', 'UTC')).toBe('');
  });

  it('keeps the seconds of an instant', () => {
    expect(formatTime('2026-11-21T10:00:30Z', 'UTC')).toBe('10:00');
    expect(toYmd('2026-11-21T23:59:59Z', 'UTC')).toBe('2026-11-21');
  });
});

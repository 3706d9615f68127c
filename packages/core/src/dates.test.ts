import { describe, expect, it } from 'vitest';
import {
  addDays,
  instantOfWallTime,
  wallTimeOf,
  chatTimestamp,
  dateTimeIn,
  daysBetween,
  daysInMonth,
  formatDate,
  formatTime,
  isLeapYear,
  isYmd,
  makeYmd,
  splitYmd,
  toYmd,
} from './dates.js';

// 22:30 UTC on 20 November is 00:30 on 21 November in Johannesburg (UTC+2)
// and 17:30 on 20 November in New York (UTC−5), the zone the tests run in.
const lateUtc = new Date('2026-11-20T22:30:00Z');

describe('isYmd', () => {
  it('accepts real calendar dates only', () => {
    expect(isYmd('2026-11-21')).toBe(true);
    expect(isYmd('2028-02-29')).toBe(true);
    expect(isYmd('2000-02-29')).toBe(true);
    expect(isYmd('2026-12-31')).toBe(true);
    for (const bad of [
      '0000-01-01',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-01',
      '26-01-01',
      ' 2026-01-01',
      '2026-01-01T00:00:00Z',
      '',
    ]) {
      expect(isYmd(bad), bad).toBe(false);
    }
    expect(isYmd(20261121 as unknown as string)).toBe(false);
  });
});

describe('calendar helpers', () => {
  it('knows leap years and month lengths', () => {
    expect([2024, 2028, 2000, 2026, 1900, 2100].map(isLeapYear)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('splits and makes dates', () => {
    expect(splitYmd('2026-03-09')).toEqual({ year: 2026, month: 3, day: 9 });
    expect(() => splitYmd('2026-02-30')).toThrow(RangeError);
    expect(makeYmd(2026, 3, 9)).toBe('2026-03-09');
  });
});

describe('addDays', () => {
  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2026-11-21', 0)).toBe('2026-11-21');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(addDays('2028-01-01', 366)).toBe('2029-01-01');
    expect(addDays('1970-01-01', -1)).toBe('1969-12-31');
    expect(addDays('2000-01-01', 10000)).toBe('2027-05-19');
    expect(addDays('2026-11-21', 7)).toBe('2026-11-28');
  });

  it('ignores daylight saving time in the process zone', () => {
    // New York moves its clocks on 2026-03-08 and 2026-11-01.
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
  });

  it('rejects bad input', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-11-21', 1.5)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('is b − a in whole days', () => {
    expect(daysBetween('2026-11-21', '2026-11-30')).toBe(9);
    expect(daysBetween('2026-11-30', '2026-11-21')).toBe(-9);
    expect(daysBetween('2026-11-21', '2026-11-21')).toBe(0);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
  });

  it('rejects bad dates', () => {
    expect(() => daysBetween('2026-11-21', 'tomorrow')).toThrow(RangeError);
  });
});

describe('toYmd', () => {
  it('returns a plain date as is', () => {
    expect(toYmd('2026-11-21', 'Africa/Johannesburg')).toBe('2026-11-21');
  });

  it('converts an instant to the zone', () => {
    expect(toYmd('2026-11-20T22:30:00.000Z', 'Africa/Johannesburg')).toBe('2026-11-21');
    expect(toYmd('2026-11-20T22:30:00Z', 'America/New_York')).toBe('2026-11-20');
    expect(toYmd('2026-11-20T22:30:00Z', 'UTC')).toBe('2026-11-20');
    expect(toYmd('2026-11-21T01:00:00+02:00', 'UTC')).toBe('2026-11-20');
    expect(toYmd('2026-11-21T01:00:00+0200', 'UTC')).toBe('2026-11-20');
    expect(toYmd('2026-11-21T23:30:00-05:00', 'Africa/Johannesburg')).toBe('2026-11-22');
    expect(toYmd('2026-12-31T22:30:00Z', 'Africa/Johannesburg')).toBe('2027-01-01');
    expect(toYmd('2026-11-20T10:00Z', 'Pacific/Kiritimati')).toBe('2026-11-21');
  });

  it('takes a date-time without an offset as wall-clock time in the zone', () => {
    expect(toYmd('2026-11-21T23:59:59', 'UTC')).toBe('2026-11-21');
    expect(toYmd('2026-11-21 00:00', 'America/New_York')).toBe('2026-11-21');
  });

  it('returns null when malformed', () => {
    for (const bad of [
      '',
      'yesterday',
      '21/11/2026',
      '2026-11-31',
      '2026-11-31T10:00:00Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T10:60:00Z',
      '2026-11-21T10:00:00+2',
      '2026-11-21T10:00:00+25:00',
      '2026-11-21T10',
    ]) {
      expect(toYmd(bad, 'UTC'), bad).toBeNull();
    }
  });

  it('throws for an unknown zone', () => {
    expect(() => toYmd('2026-11-21T10:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('shows a Date in Johannesburg by default', () => {
    expect(formatDate(lateUtc)).toBe('2026-11-21');
    expect(formatDate(lateUtc, 'UTC')).toBe('2026-11-20');
    expect(formatDate(lateUtc, 'America/New_York')).toBe('2026-11-20');
  });

  it('returns a date string as is and converts a timestamp string', () => {
    expect(formatDate('2026-11-21')).toBe('2026-11-21');
    expect(formatDate('2026-11-20T22:30:00Z')).toBe('2026-11-21');
    expect(formatDate('2026-11-21T01:00:00+02:00', 'UTC')).toBe('2026-11-20');
  });

  it('gives an empty string for invalid input', () => {
    expect(formatDate(new Date('nonsense'))).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate('soon')).toBe('');
  });
});

describe('formatTime', () => {
  it('shows HH:mm on a 24-hour clock in the zone (Johannesburg by default)', () => {
    expect(formatTime(lateUtc)).toBe('00:30');
    expect(formatTime(lateUtc, 'UTC')).toBe('22:30');
    expect(formatTime(lateUtc, 'America/New_York')).toBe('17:30');
    expect(formatTime('2026-11-21T00:00:00Z', 'Asia/Kolkata')).toBe('05:30');
    expect(formatTime('2026-11-21T13:05:00+02:00')).toBe('13:05');
    expect(formatTime(new Date('2026-07-01T06:07:00Z'), 'Europe/London')).toBe('07:07');
  });

  it('shows a date-time without an offset as written', () => {
    expect(formatTime('2026-11-21T09:07')).toBe('09:07');
  });

  it('gives an empty string for a bare date or invalid input', () => {
    expect(formatTime('2026-11-21')).toBe('');
    expect(formatTime('late')).toBe('');
    expect(formatTime(new Date(NaN))).toBe('');
  });
});

describe('wall times in a zone (the job form shows the company clock)', () => {
  it('shows an instant as the wall time of the zone, not the machine', () => {
    expect(wallTimeOf('2026-11-24T22:30:00.000Z', 'Africa/Johannesburg')).toBe('2026-11-25T00:30');
    expect(wallTimeOf('2026-07-01T12:00:00.000Z', 'Europe/London')).toBe('2026-07-01T13:00');
  });
  it('writes a chat timestamp as YYYY/MM/DD HH:mm on the zone clock', () => {
    expect(chatTimestamp('2026-11-24T22:30:00.000Z', 'Africa/Johannesburg')).toBe(
      '2026/11/25 00:30',
    );
    expect(chatTimestamp(new Date('2026-07-01T12:05:00Z'), 'Europe/London')).toBe(
      '2026/07/01 13:05',
    );
  });
  it('writes a date with time as YYYY-MM-DD HH:mm on the zone clock, not the machine', () => {
    // The core tests run in New York: the machine's clock would say 17:30 the day before.
    expect(dateTimeIn('2026-11-24T22:30:00.000Z', 'Africa/Johannesburg')).toBe('2026-11-25 00:30');
    expect(dateTimeIn(new Date('2026-07-01T12:05:00Z'), 'Europe/London')).toBe('2026-07-01 13:05');
    expect(dateTimeIn('2026-11-24T22:30:00.000Z')).toBe('2026-11-25 00:30');
  });
  it('reads a wall time back as the instant', () => {
    expect(instantOfWallTime('2026-11-25T00:30', 'Africa/Johannesburg')).toBe(
      '2026-11-24T22:30:00.000Z',
    );
    expect(instantOfWallTime('2026-01-15T09:00', 'Europe/London')).toBe('2026-01-15T09:00:00.000Z');
    expect(instantOfWallTime('nope', 'Africa/Johannesburg')).toBeNull();
  });
  it('round-trips', () => {
    const iso = '2026-03-10T06:15:00.000Z';
    expect(instantOfWallTime(wallTimeOf(iso, 'Asia/Kolkata'), 'Asia/Kolkata')).toBe(iso);
  });
});

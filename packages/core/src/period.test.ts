import { describe, expect, it } from 'vitest';
import {
  PERIOD_TYPES,
  PeriodError,
  currentPeriod,
  parsePeriodQuery,
  periodContaining,
  periodLabel,
  shiftPeriod,
  switchPeriodType,
  todayIn,
  type Period,
} from './period.js';

const JHB = 'Africa/Johannesburg';
const month = (from: string, to: string): Period => ({ from, to, type: 0 });
const fy = (from: string, to: string): Period => ({ from, to, type: 1 });

// 00:00:30 on 1 December 2026 in Johannesburg; still 30 November in UTC and New York.
const justAfterMidnight = new Date('2026-11-30T22:00:30Z');
// 00:15 on 1 March 2027 in Johannesburg; still 28 February in UTC.
const fyEdge = new Date('2027-02-28T22:15:00Z');

describe('PERIOD_TYPES', () => {
  it('numbers the types as the filter sends them', () => {
    expect(PERIOD_TYPES).toEqual({ month: 0, financialYear: 1, day: 2 });
  });
});

describe('todayIn', () => {
  it('gives the calendar date in the zone, not the process zone', () => {
    expect(todayIn(JHB, justAfterMidnight)).toBe('2026-12-01');
    expect(todayIn('UTC', justAfterMidnight)).toBe('2026-11-30');
    expect(todayIn('America/New_York', justAfterMidnight)).toBe('2026-11-30');
  });

  it('defaults to now', () => {
    expect(todayIn(JHB)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('throws for an unknown zone', () => {
    expect(() => todayIn('Nowhere/Town', justAfterMidnight)).toThrow(RangeError);
  });
});

describe('periodContaining', () => {
  it('finds the month', () => {
    expect(periodContaining(0, '2026-11-21')).toEqual(month('2026-11-01', '2026-11-30'));
    expect(periodContaining(0, '2026-12-31')).toEqual(month('2026-12-01', '2026-12-31'));
    expect(periodContaining(0, '2026-02-10')).toEqual(month('2026-02-01', '2026-02-28'));
    expect(periodContaining(0, '2028-02-10')).toEqual(month('2028-02-01', '2028-02-29'));
  });

  it('finds the financial year (1 March to the end of February)', () => {
    expect(periodContaining(1, '2026-11-21')).toEqual(fy('2026-03-01', '2027-02-28'));
    expect(periodContaining(1, '2027-02-28')).toEqual(fy('2026-03-01', '2027-02-28'));
    expect(periodContaining(1, '2027-03-01')).toEqual(fy('2027-03-01', '2028-02-29'));
    expect(periodContaining(1, '2028-02-29')).toEqual(fy('2027-03-01', '2028-02-29'));
    expect(periodContaining(1, '2026-01-15')).toEqual(fy('2025-03-01', '2026-02-28'));
  });

  it('finds the day', () => {
    expect(periodContaining(2, '2026-11-21')).toEqual({
      from: '2026-11-21',
      to: '2026-11-21',
      type: 2,
    });
  });

  it('rejects a bad date or type', () => {
    expect(() => periodContaining(0, '2026-02-29')).toThrow(RangeError);
    expect(() => periodContaining(3 as 0, '2026-02-01')).toThrow(RangeError);
  });
});

describe('currentPeriod', () => {
  it('uses today in the given zone', () => {
    expect(currentPeriod(0, JHB, justAfterMidnight)).toEqual(month('2026-12-01', '2026-12-31'));
    expect(currentPeriod(0, 'America/New_York', justAfterMidnight)).toEqual(
      month('2026-11-01', '2026-11-30'),
    );
    expect(currentPeriod(2, JHB, justAfterMidnight)).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
      type: 2,
    });
  });

  it('crosses the financial-year boundary at midnight in the zone', () => {
    expect(currentPeriod(1, JHB, fyEdge)).toEqual(fy('2027-03-01', '2028-02-29'));
    expect(currentPeriod(1, 'UTC', fyEdge)).toEqual(fy('2026-03-01', '2027-02-28'));
  });
});

describe('shiftPeriod', () => {
  it('moves months across year ends', () => {
    const dec = month('2026-12-01', '2026-12-31');
    expect(shiftPeriod(dec, 1)).toEqual(month('2027-01-01', '2027-01-31'));
    expect(shiftPeriod(month('2027-01-01', '2027-01-31'), -1)).toEqual(dec);
    expect(shiftPeriod(month('2026-11-01', '2026-11-30'), 3)).toEqual(
      month('2027-02-01', '2027-02-28'),
    );
    expect(shiftPeriod(month('2028-01-01', '2028-01-31'), 1)).toEqual(
      month('2028-02-01', '2028-02-29'),
    );
    expect(shiftPeriod(month('2027-01-01', '2027-01-31'), -13)).toEqual(
      month('2025-12-01', '2025-12-31'),
    );
    expect(shiftPeriod(dec, 24)).toEqual(month('2028-12-01', '2028-12-31'));
    expect(shiftPeriod(dec, 0)).toEqual(dec);
  });

  it('moves financial years', () => {
    const fy26 = fy('2026-03-01', '2027-02-28');
    expect(shiftPeriod(fy26, 1)).toEqual(fy('2027-03-01', '2028-02-29'));
    expect(shiftPeriod(fy26, -1)).toEqual(fy('2025-03-01', '2026-02-28'));
    expect(shiftPeriod(fy('2027-03-01', '2028-02-29'), 1)).toEqual(fy('2028-03-01', '2029-02-28'));
  });

  it('moves days', () => {
    const d = (x: string): Period => ({ from: x, to: x, type: 2 });
    expect(shiftPeriod(d('2026-12-31'), 1)).toEqual(d('2027-01-01'));
    expect(shiftPeriod(d('2028-03-01'), -1)).toEqual(d('2028-02-29'));
  });

  it('snaps a custom range to the whole period next to its start', () => {
    expect(shiftPeriod(month('2026-11-15', '2026-12-10'), 1)).toEqual(
      month('2026-12-01', '2026-12-31'),
    );
    expect(shiftPeriod(fy('2026-01-10', '2026-05-01'), 1)).toEqual(fy('2026-03-01', '2027-02-28'));
  });
});

describe('switchPeriodType', () => {
  const day = (x: string): Period => ({ from: x, to: x, type: 2 });
  const nov = month('2026-11-01', '2026-11-30');
  const fy26 = fy('2026-03-01', '2027-02-28');

  it('keeps today in view when today is in the period shown', () => {
    // Month to Day on the current month: today, not the 1st.
    expect(switchPeriodType(nov, 2, '2026-11-21')).toEqual(day('2026-11-21'));
    // Year to Month on the current year: today's month, not March.
    expect(switchPeriodType(fy26, 0, '2026-11-21')).toEqual(nov);
    expect(switchPeriodType(fy26, 0, '2027-02-28')).toEqual(month('2027-02-01', '2027-02-28'));
    expect(switchPeriodType(fy26, 2, '2026-11-21')).toEqual(day('2026-11-21'));
    // The edges of the period count as in it.
    expect(switchPeriodType(nov, 2, '2026-11-01')).toEqual(day('2026-11-01'));
    expect(switchPeriodType(nov, 2, '2026-11-30')).toEqual(day('2026-11-30'));
  });

  it('keeps the day in view before today', () => {
    // Day to Month and back returns to the same day, this month or another.
    expect(switchPeriodType(day('2026-11-05'), 0, '2026-11-21')).toEqual(nov);
    expect(switchPeriodType(nov, 2, '2026-11-21', '2026-11-05')).toEqual(day('2026-11-05'));
    expect(
      switchPeriodType(month('2026-10-01', '2026-10-31'), 2, '2026-11-21', '2026-10-17'),
    ).toEqual(day('2026-10-17'));
    expect(switchPeriodType(day('2026-10-17'), 1, '2026-11-21')).toEqual(fy26);
    expect(switchPeriodType(fy26, 0, '2026-11-21', '2026-10-17')).toEqual(
      month('2026-10-01', '2026-10-31'),
    );
  });

  it('takes the start of a period that holds neither', () => {
    const oct25 = month('2025-10-01', '2025-10-31');
    expect(switchPeriodType(oct25, 2, '2026-11-21')).toEqual(day('2025-10-01'));
    // A focus day outside the period, or not a date, does not count.
    expect(switchPeriodType(oct25, 2, '2026-11-21', '2026-11-05')).toEqual(day('2025-10-01'));
    expect(switchPeriodType(nov, 2, '2026-11-21', 'nonsense')).toEqual(day('2026-11-21'));
    expect(switchPeriodType(nov, 2, '2026-11-21', null)).toEqual(day('2026-11-21'));
    expect(switchPeriodType(fy('2024-03-01', '2025-02-28'), 0, '2026-11-21')).toEqual(
      month('2024-03-01', '2024-03-31'),
    );
    // The same unit stays where it is.
    expect(switchPeriodType(oct25, 0, '2026-11-21')).toEqual(oct25);
  });
});

describe('periodLabel', () => {
  it('names whole periods', () => {
    expect(periodLabel(month('2026-11-01', '2026-11-30'))).toBe('November 2026');
    expect(periodLabel(month('2028-02-01', '2028-02-29'))).toBe('February 2028');
    expect(periodLabel(month('2027-01-01', '2027-01-31'))).toBe('January 2027');
    expect(periodLabel(fy('2026-03-01', '2027-02-28'))).toBe('FY 2026/27');
    expect(periodLabel(fy('2099-03-01', '2100-02-28'))).toBe('FY 2099/00');
    expect(periodLabel(fy('2007-03-01', '2008-02-29'))).toBe('FY 2007/08');
    expect(periodLabel({ from: '2026-11-21', to: '2026-11-21', type: 2 })).toBe('2026-11-21');
  });

  it('shows other ranges as from – to', () => {
    expect(periodLabel(month('2026-11-15', '2026-12-10'))).toBe('2026-11-15 – 2026-12-10');
    expect(periodLabel(month('2026-11-01', '2026-11-20'))).toBe('2026-11-01 – 2026-11-20');
    expect(periodLabel(fy('2026-04-01', '2027-02-28'))).toBe('2026-04-01 – 2027-02-28');
    expect(periodLabel({ from: '2026-11-21', to: '2026-11-22', type: 2 })).toBe(
      '2026-11-21 – 2026-11-22',
    );
  });
});

describe('parsePeriodQuery', () => {
  const parse = (q: Parameters<typeof parsePeriodQuery>[0]) =>
    parsePeriodQuery(q, JHB, justAfterMidnight);
  const fieldOf = (q: Parameters<typeof parsePeriodQuery>[0]) => {
    try {
      parse(q);
    } catch (e) {
      expect(e).toBeInstanceOf(PeriodError);
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).name).toBe('PeriodError');
      return (e as PeriodError).field;
    }
    return 'no error';
  };

  it('defaults to the current month in the zone', () => {
    expect(parse({})).toEqual(month('2026-12-01', '2026-12-31'));
    expect(parse({ from: '', to: '', type: '' })).toEqual(month('2026-12-01', '2026-12-31'));
    expect(parsePeriodQuery({}, 'UTC', justAfterMidnight)).toEqual(
      month('2026-11-01', '2026-11-30'),
    );
  });

  it('defaults to the current period of a given type', () => {
    expect(parse({ type: '1' })).toEqual(fy('2026-03-01', '2027-02-28'));
    expect(parse({ type: 2 })).toEqual({ from: '2026-12-01', to: '2026-12-01', type: 2 });
  });

  it('keeps a valid range as given', () => {
    expect(parse({ from: '2026-11-01', to: '2026-11-30', type: '0' })).toEqual(
      month('2026-11-01', '2026-11-30'),
    );
    expect(parse({ from: '2026-11-05', to: '2026-11-05', type: 2 })).toEqual({
      from: '2026-11-05',
      to: '2026-11-05',
      type: 2,
    });
    expect(parse({ from: '2026-01-10', to: '2026-05-01' })).toEqual(
      month('2026-01-10', '2026-05-01'),
    );
  });

  it('completes a range from one end', () => {
    expect(parse({ from: '2026-11-10' })).toEqual(month('2026-11-10', '2026-11-30'));
    expect(parse({ to: '2026-11-10' })).toEqual(month('2026-11-01', '2026-11-10'));
    expect(parse({ from: '2027-06-01', type: 1 })).toEqual(fy('2027-06-01', '2028-02-29'));
  });

  it('names the field at fault', () => {
    expect(fieldOf({ from: '2026-02-30', to: '2026-03-01' })).toBe('from');
    expect(fieldOf({ from: '01-11-2026' })).toBe('from');
    expect(fieldOf({ to: 'abc' })).toBe('to');
    expect(fieldOf({ from: '2026-11-30', to: '2026-11-01' })).toBe('to');
    expect(fieldOf({ type: '3' })).toBe('type');
    expect(fieldOf({ type: 'month' })).toBe('type');
    expect(fieldOf({ type: 1.5 })).toBe('type');
    expect(fieldOf({ type: -1 })).toBe('type');
    expect(fieldOf({ from: 20261101 as unknown as string })).toBe('from');
  });
});

describe('period errors and edges', () => {
  const nov: Period = { from: '2026-11-01', to: '2026-11-30', type: 0 };

  it('names what is wrong in its errors', () => {
    expect(() => shiftPeriod({ ...nov, type: 5 as 0 }, 1)).toThrow(
      new RangeError('Unknown period type: 5'),
    );
    expect(() => shiftPeriod(nov, 1.5)).toThrow(new RangeError('Not a whole step: 1.5'));
  });

  it('reads the type as digits only, spaces allowed around them', () => {
    const q = (type: string) => parsePeriodQuery({ from: '2026-11-21', type }, 'UTC');
    expect(q(' 2 ').type).toBe(2);
    expect(q('01').type).toBe(1);
    for (const bad of ['0x1', '1e0', '1.0', '-1', '3', 'x']) {
      expect(() => q(bad)).toThrow(
        new PeriodError('type', 'type must be 0 (month), 1 (financial year) or 2 (day)'),
      );
    }
  });

  it('says which date is wrong, and when to is before from', () => {
    const err = (q: { from?: string; to?: string }) => {
      try {
        parsePeriodQuery(q, 'UTC');
      } catch (e) {
        return e instanceof PeriodError ? [e.field, e.message] : e;
      }
      return null;
    };
    expect(err({ from: '21/11/2026' })).toEqual(['from', 'from must be a date written YYYY-MM-DD']);
    expect(err({ to: '2026-02-30' })).toEqual(['to', 'to must be a date written YYYY-MM-DD']);
    expect(err({ from: '2026-11-21', to: '2026-11-20' })).toEqual([
      'to',
      'to must not be before from',
    ]);
  });
});

describe('parsePeriodQuery at the ends of the calendar', () => {
  const parse = (q: Parameters<typeof parsePeriodQuery>[0]) =>
    parsePeriodQuery(q, JHB, justAfterMidnight);
  const fieldOf = (q: Parameters<typeof parsePeriodQuery>[0]) => {
    try {
      parse(q);
    } catch (e) {
      expect(e).toBeInstanceOf(PeriodError);
      return (e as PeriodError).field;
    }
    return 'no error';
  };

  it('refuses a period reaching outside 0001-01-01..9999-12-31, naming the date sent', () => {
    // The financial year of a January 0001 date would start on 0000-03-01.
    expect(fieldOf({ to: '0001-01-15', type: 1 })).toBe('to');
    expect(fieldOf({ to: '0001-02-28', type: '1' })).toBe('to');
    // That of 9999-06-01 would end on 10000-02-29 (and 5-digit years do not compare as text).
    expect(fieldOf({ from: '9999-06-01', type: 1 })).toBe('from');
    expect(fieldOf({ from: '9999-03-01', type: 1 })).toBe('from');
  });

  it('keeps periods that touch the first and last dates', () => {
    expect(parse({ to: '0001-03-01', type: 1 })).toEqual(fy('0001-03-01', '0001-03-01'));
    expect(parse({ from: '9999-02-28', type: 1 })).toEqual(fy('9999-02-28', '9999-02-28'));
    expect(parse({ from: '9999-12-01' })).toEqual(month('9999-12-01', '9999-12-31'));
    expect(parse({ to: '0001-01-15' })).toEqual(month('0001-01-01', '0001-01-15'));
    expect(parse({ from: '0001-01-15', to: '0001-02-01', type: 1 })).toEqual(
      fy('0001-01-15', '0001-02-01'),
    );
  });
});

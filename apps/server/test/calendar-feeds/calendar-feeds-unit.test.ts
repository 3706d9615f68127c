import { describe, expect, it } from 'vitest';
import { allDayDates, feedSummary } from '../../src/areas/calendar-feeds/feed-ics.js';

const ZONE = 'Africa/Johannesburg';
const at = (iso: string) => new Date(iso);

describe('allDayDates (company-local days, end exclusive)', () => {
  it('midnight to midnight is one day', () => {
    expect(
      allDayDates(
        { startDate: at('2026-11-23T22:00:00Z'), endDate: at('2026-11-24T22:00:00Z') },
        ZONE,
      ),
    ).toEqual({ start: '2026-11-24', end: '2026-11-25' });
  });
  it('an end inside a day counts that day; a job without length is one day', () => {
    expect(
      allDayDates(
        { startDate: at('2026-11-23T22:00:00Z'), endDate: at('2026-11-23T23:00:00Z') },
        ZONE,
      ),
    ).toEqual({ start: '2026-11-24', end: '2026-11-25' });
    expect(
      allDayDates(
        { startDate: at('2026-11-23T22:00:00Z'), endDate: at('2026-11-23T22:00:00Z') },
        ZONE,
      ),
    ).toEqual({ start: '2026-11-24', end: '2026-11-25' });
    expect(
      allDayDates(
        { startDate: at('2026-11-23T22:00:00Z'), endDate: at('2026-11-26T10:00:00Z') },
        ZONE,
      ),
    ).toEqual({ start: '2026-11-24', end: '2026-11-27' });
  });
});

describe('feedSummary', () => {
  it("'JOB-12 · Client: fault', leaving out what is empty", () => {
    const job = {
      appointmentNumber: 'JOB-12',
      clientName: 'Naledi Mokoena',
      faultDescription: 'Geyser\nburst',
    };
    expect(feedSummary(job)).toBe('JOB-12 · Naledi Mokoena: Geyser burst');
    expect(feedSummary({ ...job, faultDescription: '' })).toBe('JOB-12 · Naledi Mokoena');
    expect(feedSummary({ ...job, clientName: '' })).toBe('JOB-12 · Geyser burst');
    expect(feedSummary({ ...job, clientName: '', faultDescription: ' ' })).toBe('JOB-12');
  });
});

import { describe, expect, it } from 'vitest';
import { jobWhen, portalDate, stateLine } from './portal-text';

describe('the portal texts', () => {
  it('reads an instant as the day in the company zone', () => {
    // 22:30 UTC on 28 Feb is already 1 March in Johannesburg (UTC+2).
    expect(portalDate('2027-02-28T22:30:00Z', 'Africa/Johannesburg')).toBe('1 March 2027');
    expect(portalDate('2027-02-28T22:30:00Z', 'UTC')).toBe('28 February 2027');
  });

  it('gives a job its day, and its hours unless it takes the day', () => {
    const j = { start: '2026-12-03T06:00:00Z', end: '2026-12-03T08:30:00Z', allDay: false };
    expect(jobWhen(j, 'Africa/Johannesburg')).toBe('Thu, 03 Dec 2026, 08:00–10:30');
    expect(jobWhen({ ...j, allDay: true }, 'Africa/Johannesburg')).toBe('Thu, 03 Dec 2026');
  });

  it('says where a link stands for staff', () => {
    const base = { createdAt: '2026-11-01T08:00:00Z', lastUsedAt: null };
    expect(stateLine({ ...base, state: 'none', createdAt: null, expiresAt: null })).toBe(
      'The client has no portal link yet.',
    );
    expect(stateLine({ ...base, state: 'active', expiresAt: '2027-01-30T08:00:00Z' })).toBe(
      'Works until 30 January 2027. Not opened yet.',
    );
    expect(
      stateLine({
        ...base,
        state: 'active',
        expiresAt: '2027-01-30T08:00:00Z',
        lastUsedAt: '2026-11-02T08:00:00Z',
      }),
    ).toBe('Works until 30 January 2027. Last opened 2 November 2026.');
    expect(stateLine({ ...base, state: 'expired', expiresAt: '2026-11-20T08:00:00Z' })).toBe(
      'Expired on 20 November 2026.',
    );
    expect(stateLine({ ...base, state: 'revoked', expiresAt: '2027-01-30T08:00:00Z' })).toContain(
      'revoked',
    );
  });
});

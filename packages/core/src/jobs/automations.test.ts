import { describe, expect, it } from 'vitest';
import { hasEntryAutomation, nextSendBoundary } from './automations.js';

const none = {
  autoGenerateInvoice: false,
  autoSendInvoiceClient: false,
  autoMoveInvoiceClient: false,
  sendNotification: false,
  sendNotificationClient: false,
};

describe('hasEntryAutomation', () => {
  it('is false with nothing switched on and true with any one of them', () => {
    expect(hasEntryAutomation(none)).toBe(false);
    for (const key of Object.keys(none))
      expect(hasEntryAutomation({ ...none, [key]: true }), key).toBe(true);
  });
});

describe('nextSendBoundary', () => {
  const jhb = 'Africa/Johannesburg'; // UTC+2, no daylight saving
  // Wednesday 2026-11-25 23:30 in Johannesburg (21:30 UTC).
  const wedLate = new Date('2026-11-25T21:30:00Z');

  it('creation has no boundary', () => {
    expect(nextSendBoundary('creation', wedLate, jhb)).toBeNull();
  });

  it('daily: 07:00 of the next day in the company zone', () => {
    const b = nextSendBoundary('daily', wedLate, jhb)!;
    expect(b.period).toBe('2026-11-26');
    expect(b.at.toISOString()).toBe('2026-11-26T05:00:00.000Z');
    // 00:30 Thursday local (22:30 UTC Wednesday) is already Thursday: Friday 07:00.
    expect(nextSendBoundary('daily', new Date('2026-11-25T22:30:00Z'), jhb)!.period).toBe(
      '2026-11-27',
    );
    // Before 07:00 still waits for the next day, not today's 07:00.
    expect(nextSendBoundary('daily', new Date('2026-11-26T03:00:00Z'), jhb)!.period).toBe(
      '2026-11-27',
    );
  });

  it('weekly: 07:00 of the next Monday, a Monday itself going to the one after', () => {
    expect(nextSendBoundary('weekly', wedLate, jhb)!.period).toBe('2026-11-30');
    expect(nextSendBoundary('weekly', new Date('2026-11-29T12:00:00Z'), jhb)!.period).toBe(
      '2026-11-30',
    );
    const monday = nextSendBoundary('weekly', new Date('2026-11-30T12:00:00Z'), jhb)!;
    expect(monday.period).toBe('2026-12-07');
    expect(monday.at.toISOString()).toBe('2026-12-07T05:00:00.000Z');
  });

  it('monthly: 07:00 of the 1st of the next month, across a year end', () => {
    expect(nextSendBoundary('monthly', wedLate, jhb)!.period).toBe('2026-12-01');
    const dec = nextSendBoundary('monthly', new Date('2026-12-31T20:00:00Z'), jhb)!;
    expect(dec.period).toBe('2027-01-01');
    expect(dec.at.toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });

  it('follows daylight saving of the zone', () => {
    // New York: 07:00 EST is 12:00 UTC; 07:00 EDT is 11:00 UTC.
    const ny = 'America/New_York';
    expect(nextSendBoundary('daily', new Date('2026-11-25T15:00:00Z'), ny)!.at.toISOString()).toBe(
      '2026-11-26T12:00:00.000Z',
    );
    expect(nextSendBoundary('daily', new Date('2026-07-01T15:00:00Z'), ny)!.at.toISOString()).toBe(
      '2026-07-02T11:00:00.000Z',
    );
  });
});

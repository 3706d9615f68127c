import { describe, expect, it } from 'vitest';
import { estimateMatrix } from './geo.js';
import { orderTimes, startsFollowOrder } from './order-times.js';
import { planStopTimes } from './stop-times.js';

const JHB = 'Africa/Johannesburg';
const A = { lat: -33.9, lng: 18.42 };
const B = { lat: -33.95, lng: 18.47 };
const C = { lat: -33.92, lng: 18.5 };
const stop = (id: string, hour: number, position = A) => ({
  id,
  startDate: `2026-11-24T${String(hour).padStart(2, '0')}:00:00+02:00`,
  endDate: `2026-11-24T${String(hour + 1).padStart(2, '0')}:00:00+02:00`,
  position,
});
const opts = { origin: B, zone: JHB, day: '2026-11-24', workdayStartMinutes: 8 * 60 };

describe('startsFollowOrder', () => {
  it('is true for rising or equal starts, false when one starts before the stop ahead of it', () => {
    expect(startsFollowOrder([])).toBe(true);
    expect(startsFollowOrder([stop('a', 8), stop('b', 8), stop('c', 9)])).toBe(true);
    expect(startsFollowOrder([stop('a', 9), stop('b', 8)])).toBe(false);
  });
});

describe('orderTimes', () => {
  it('keeps the stops’ own times when they follow the order on screen', () => {
    expect(orderTimes([stop('a', 8), stop('b', 9), stop('c', 10)], opts)).toBeNull();
  });

  it('times a hand order (09:00, 10:00, 08:00 read as 08:00 onwards) by planStopTimes with estimated drives', () => {
    const stops = [stop('b', 9, A), stop('c', 10, C), stop('a', 8, B)];
    const times = orderTimes(stops, opts)!;
    const m = estimateMatrix([B, A, C, B]);
    const legs = [0, 1, 2].map((k) => ({
      distance: m.distance[k]![k + 1]!,
      duration: m.duration[k]![k + 1]!,
    }));
    expect(times).toEqual(planStopTimes(stops, legs, opts));
    expect(times.map((t) => t.id)).toEqual(['b', 'c', 'a']);
    // The first stop starts at the workday start; each next one later.
    expect(times[0]!.startDate).toBe('2026-11-24T06:00:00.000Z');
    expect(times[0]!.depart < times[0]!.startDate).toBe(true);
    expect(times[1]!.startDate > times[0]!.endDate).toBe(true);
    expect(times[2]!.startDate > times[1]!.endDate).toBe(true);
    // The last stop is at the origin, yet its drive from the stop before is counted.
    expect(times[2]!.distance).toBeGreaterThan(0);
  });

  it('starts from the first stop when there is no origin, and honours windows', () => {
    const stops = [stop('b', 9, A), stop('a', 8, A)];
    const times = orderTimes(stops, {
      ...opts,
      origin: null,
      windows: [null, { from: 11 * 60, to: 12 * 60 }],
    })!;
    // No drive to the first stop (the route starts there), none between two stops at one place.
    expect(times[0]).toMatchObject({ distance: 0, depart: times[0]!.startDate });
    expect(times[1]!.startDate).toBe('2026-11-24T09:00:00.000Z');
  });
});

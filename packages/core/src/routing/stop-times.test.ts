import { describe, expect, it } from 'vitest';
import { formatDistance, formatDuration, planStopTimes, stopMinutesOf } from './stop-times.js';

const JHB = 'Africa/Johannesburg';

describe('planStopTimes', () => {
  it('starts the first stop at 08:00 on its own day and each next one after the drive from the last', () => {
    const stops = [
      { id: 'a', startDate: '2026-11-24T12:00:00Z', endDate: '2026-11-24T13:30:00Z' },
      { id: 'b', startDate: '2026-11-24T07:00:00Z', endDate: '2026-11-24T06:00:00Z' },
    ];
    const legs = [
      { distance: 12_345, duration: 20 * 60 },
      { distance: 5_000, duration: 9 * 60 + 1 },
      { distance: 1, duration: 1 },
    ];
    const [a, b] = planStopTimes(stops, legs, { zone: JHB });
    // 08:00 in Johannesburg (UTC+2) is 06:00Z; leave 20 minutes before.
    expect(a).toEqual({
      id: 'a',
      startDate: '2026-11-24T06:00:00.000Z',
      endDate: '2026-11-24T07:30:00.000Z',
      depart: '2026-11-24T05:40:00.000Z',
      distance: 12.3,
      duration: 90,
      displayOrder: 1,
      progress: 71,
      dependencies: [],
      late: 0,
    });
    // An end before its start is 60 minutes; a drive of 9 min 1 s is 10 minutes.
    expect(b).toMatchObject({
      startDate: '2026-11-24T07:40:00.000Z',
      endDate: '2026-11-24T08:40:00.000Z',
      depart: '2026-11-24T07:30:00.000Z',
      duration: 60,
      displayOrder: 2,
      progress: 100,
      dependencies: ['a'],
    });
  });

  it('takes the workday start and windows, and keeps wall times across a clock change', () => {
    const stops = [
      { id: 'a', startDate: '2026-03-29T10:00:00Z', endDate: '2026-03-29T11:00:00Z' },
      { id: 'b', startDate: '2026-03-29T10:00:00Z', endDate: '2026-03-29T11:00:00Z' },
    ];
    const legs = [
      { distance: 0, duration: 0 },
      { distance: 0, duration: 0 },
    ];
    const [a, b] = planStopTimes(stops, legs, {
      zone: 'Europe/London',
      workdayStartMinutes: 7 * 60,
      windows: [null, { from: 10 * 60, to: 11 * 60 }],
    });
    // 29 March 2026: London is on summer time (UTC+1) from 01:00Z.
    expect(a!.startDate).toBe('2026-03-29T06:00:00.000Z');
    expect(b!.startDate).toBe('2026-03-29T09:00:00.000Z');
    expect(b!.progress).toBe(0);
  });

  it('reports how late a missed window is, and plans on the day it is given', () => {
    const stops = [
      { id: 'a', startDate: '2026-06-01T22:00:00Z', endDate: '2026-06-02T08:00:00Z' },
      { id: 'b', startDate: '2026-06-02T10:00:00Z', endDate: '2026-06-02T11:00:00Z' },
    ];
    const legs = [
      { distance: 1000, duration: 600 },
      { distance: 3000, duration: 1800 },
    ];
    // a (10 h, from yesterday 22:00 UTC) is planned on the route's day, 2 June in Johannesburg.
    const [a, b] = planStopTimes(stops, legs, {
      zone: 'Africa/Johannesburg',
      day: '2026-06-02',
      windows: [
        { from: 8 * 60, to: 9 * 60 },
        { from: 9 * 60, to: 17 * 60 + 45 },
      ],
    });
    expect(a!.startDate).toBe('2026-06-02T06:00:00.000Z');
    expect(a!.depart).toBe('2026-06-02T05:50:00.000Z');
    expect(a!.late).toBe(0);
    // b: leaves at 18:00 local, arrives 18:30, 45 minutes after its window closed.
    expect(b!.startDate).toBe('2026-06-02T16:30:00.000Z');
    expect(b!.late).toBe(45);
    expect(b!.progress).toBe(100);
  });

  it('reads lengths, distances and drives as people do', () => {
    expect(stopMinutesOf('2026-01-01T10:00:00Z', '2026-01-01T10:45:30Z')).toBe(45);
    expect(stopMinutesOf('2026-01-01T10:00:00Z', '2026-01-01T09:00:00Z')).toBe(60);
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(12_345)).toBe('12.3 km');
    expect(formatDuration(25 * 60)).toBe('25 min');
    expect(formatDuration(65 * 60)).toBe('1 h 05 min');
  });
});

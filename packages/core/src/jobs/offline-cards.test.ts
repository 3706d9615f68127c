import { describe, expect, it } from 'vitest';
import type { TAppointment } from '../contracts/jobs.js';
import { cardsOfKeptJobs, type KeptType } from './offline-cards.js';

const status = (name: string, next: string[], hide = false) => ({
  name,
  hide,
  next,
  draw: { linksTo: next.map((n) => `node-${n}`) },
});
const types = [
  {
    _id: 't1',
    statuses: [status('New', ['Done']), status('Parked', ['New'], true), status('Done', [])],
  },
] as unknown as KeptType[];

/** A job as the pack keeps it, in full (its values and log are not a card's). */
const job = (n: number, over: Partial<TAppointment> = {}) =>
  ({
    _id: `j${n}`,
    appointmentNumber: `JOB${String(n).padStart(5, '0')}`,
    appointmentTypeId: 't1',
    appointmentType: 'Call-out',
    status: 'New',
    shownStatus: 'New',
    hasSchedule: true,
    startDate: '2026-12-03T08:00:00.000Z',
    endDate: '2026-12-03T09:00:00.000Z',
    isAllDayEvent: false,
    priority: '',
    userId: null,
    assignedUsers: [],
    entityId: 'e1',
    clientName: 'Lerato',
    clientSurname: 'Dlamini',
    faultDescription: 'Geyser leaks',
    googlePosition: null,
    positionVerified: false,
    order: 0,
    sortOrder: 0,
    displayOrder: null,
    invoiceId: null,
    updatedAt: '2026-12-02T07:00:00.000Z',
    address: '',
    values: { notes: 'kept' },
    log: [],
    ...over,
  }) as unknown as TAppointment;

describe('cardsOfKeptJobs', () => {
  it('makes the board: active jobs only (no status, or one the type does not hide), as cards', () => {
    const cards = cardsOfKeptJobs(
      [
        job(1),
        job(2, { status: 'Done' }),
        job(3, { status: 'Parked' }),
        job(4, { status: null, hasSchedule: false }),
        job(5, { status: 'A status the type lost' }),
        job(6, { appointmentTypeId: 'a type not kept', status: 'Done' }),
      ],
      types,
    );
    expect(cards.map((c) => c._id)).toEqual(['j1', 'j4', 'j5', 'j6']);
    // A card, not the job: no values or log.
    expect(cards[0]).not.toHaveProperty('values');
    expect(cards[0]).not.toHaveProperty('log');
    expect(cards[0]).toMatchObject({ clientName: 'Lerato', faultDescription: 'Geyser leaks' });
  });

  it('orders as the server does: sortOrder, then start, then number', () => {
    const cards = cardsOfKeptJobs(
      [job(3, { sortOrder: 1 }), job(2, { startDate: '2026-12-03T07:00:00.000Z' }), job(1), job(0)],
      types,
    );
    expect(cards.map((c) => c._id)).toEqual(['j2', 'j0', 'j1', 'j3']);
  });

  it('makes the schedule: scheduled jobs overlapping the range, done ones included', () => {
    const range = { from: '2026-12-03T00:00:00.000Z', to: '2026-12-04T00:00:00.000Z' };
    const cards = cardsOfKeptJobs(
      [
        job(1, { status: 'Done' }),
        job(2, { hasSchedule: false }),
        // From the day before into this one, and ending exactly at its start.
        job(3, { startDate: '2026-12-02T22:00:00.000Z', endDate: '2026-12-03T01:00:00.000Z' }),
        job(4, { startDate: '2026-12-02T22:00:00.000Z', endDate: '2026-12-03T00:00:00.000Z' }),
        // Starting at the range's end.
        job(5, { startDate: '2026-12-04T00:00:00.000Z', endDate: '2026-12-04T01:00:00.000Z' }),
      ],
      types,
      range,
    );
    expect(cards.map((c) => c._id).sort()).toEqual(['j1', 'j3']);
  });

  it('leaves out a kept job that no longer reads as one', () => {
    const broken = { ...job(2), appointmentNumber: undefined } as unknown as TAppointment;
    expect(cardsOfKeptJobs([job(1), broken], types).map((c) => c._id)).toEqual(['j1']);
  });
});

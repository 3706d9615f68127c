// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import type { TAppointment } from '@fieldbook/core';
import { jobKeys } from '../query-keys';
import { setSession } from '../session-store';
import { keptCards } from './kept-cards';
import { queueJobSave, waitingChanges, watchOutbox } from './outbox';
import { outboxVersion, subscribeOutboxSize } from './outbox-size';

const job = (id: string, over: Partial<TAppointment> = {}) =>
  ({
    _id: id,
    appointmentNumber: id.toUpperCase(),
    appointmentTypeId: 't1',
    appointmentType: 'Call-out',
    status: null,
    shownStatus: 'Scheduled',
    hasSchedule: true,
    startDate: '2026-12-03T08:00:00.000Z',
    endDate: '2026-12-03T09:00:00.000Z',
    isAllDayEvent: false,
    priority: '',
    userId: null,
    assignedUsers: [],
    entityId: null,
    clientName: '',
    clientSurname: '',
    faultDescription: '',
    googlePosition: null,
    positionVerified: false,
    order: 0,
    sortOrder: 0,
    displayOrder: null,
    invoiceId: null,
    updatedAt: '2026-12-02T07:00:00.000Z',
    address: '',
    ...over,
  }) as unknown as TAppointment;

afterEach(() => onlineManager.setOnline(true));

describe('keptCards', () => {
  it("offline, makes the company's cards from the jobs it keeps, and nothing online", () => {
    const qc = new QueryClient();
    qc.setQueryData(jobKeys.one('c1', 'j1'), job('j1'));
    qc.setQueryData(jobKeys.one('c1', 'j2'), job('j2', { sortOrder: 1 }));
    qc.setQueryData(jobKeys.one('c2', 'j9'), job('j9'));
    expect(keptCards(qc, 'c1')).toBeUndefined();
    onlineManager.setOnline(false);
    expect(keptCards(qc, 'c1')?.map((c) => c._id)).toEqual(['j1', 'j2']);
    const range = { from: '2026-12-04T00:00:00.000Z', to: '2026-12-05T00:00:00.000Z' };
    expect(keptCards(qc, 'c1', range)).toEqual([]);
  });

  it('offline with no job kept, leaves the list to its query (a spinner, not an empty board)', () => {
    onlineManager.setOnline(false);
    expect(keptCards(new QueryClient(), 'c1')).toBeUndefined();
  });
});

describe('keptCards with changes waiting', () => {
  it('draws a job moved offline where it was put, and a move that ends it off the board', async () => {
    setSession({
      token: 't',
      user: { _id: `u-${crypto.randomUUID()}`, username: 'tech' } as never,
    });
    watchOutbox();
    onlineManager.setOnline(false);
    const qc = new QueryClient();
    qc.setQueryData(jobKeys.one('c1', 'j1'), job('j1', { status: 'New' }));
    qc.setQueryData(jobKeys.types('c1'), [
      {
        _id: 't1',
        statuses: [
          { name: 'New', hide: false, next: ['Done'], draw: { linksTo: ['n2'] } },
          { name: 'On site', hide: false, next: ['Done'], draw: { linksTo: ['n2'] } },
          { name: 'Done', hide: false, next: [], draw: { linksTo: [] } },
        ],
      },
    ]);
    /** Resolves once the watched outbox holds a job change to `status`. */
    const watched = (status: string) =>
      new Promise<void>((resolve) => {
        const holds = () =>
          waitingChanges().some((e) => e.kind === 'job' && e.patch.status === status);
        if (holds()) return resolve();
        const off = subscribeOutboxSize(() => {
          if (!holds()) return;
          off();
          resolve();
        });
      });
    const kept = job('j1', { status: 'New' });
    await queueJobSave('c1', kept, { _id: 'j1', status: 'On site', hasSchedule: true } as never);
    await watched('On site');
    expect(keptCards(qc, 'c1')?.map((c) => [c._id, c.status])).toEqual([['j1', 'On site']]);
    const version = outboxVersion();
    await queueJobSave('c1', kept, { _id: 'j1', status: 'Done', hasSchedule: true } as never);
    await watched('Done');
    // Merged into the same waiting change (the size stays 1), and still told.
    expect(outboxVersion()).toBeGreaterThan(version);
    expect(keptCards(qc, 'c1')).toEqual([]);
  });
});

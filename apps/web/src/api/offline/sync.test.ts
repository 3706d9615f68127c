// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import type { TAppointment } from '@fieldbook/core';
import { testQueryClient } from '../../test/query-wrapper';
import { getSession, setSession } from '../session-store';
import { forgetOffline, keep, offlineDb, readKept } from './offline-db';
import {
  jobWithPending,
  outboxEntries,
  queueComment,
  queueJobSave,
  queueTrip,
  queueUpload,
} from './outbox';
import { jobNotices, keepMyTrip, nextToSend, resolveConflict, startSync, syncSoon } from './sync';

/** A stand-in server: it keeps the job, applies each Idempotency-Key once and records every call. */
const server = vi.hoisted(() => ({
  job: null as unknown as TAppointment,
  calls: [] as { path: string; key?: string; body?: unknown }[],
  seen: new Map<string, unknown>(),
  offline: false,
  refuse: null as null | { status: number; message: string; fields?: Record<string, string> },
  files: 0,
  /** The log book's trip as the server has it (null: none, or deleted). */
  trip: null as null | { _id: string; updatedAt: string },
}));

vi.mock('../api-client', () => {
  class ApiError extends Error {
    constructor(
      message: string,
      readonly status: number,
      readonly fields?: Record<string, string>,
    ) {
      super(message);
    }
  }
  const apiRequest = vi.fn(
    async (
      method: string,
      path: string,
      o: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
    ) => {
      if (server.offline) throw new ApiError('No connection to the server. Please try again.', 0);
      const key = o.headers?.['idempotency-key'];
      server.calls.push({ path: `${method} ${path}`, key, body: o.body });
      if (method === 'GET' && path.includes('/logBook/')) {
        if (!server.trip) throw new ApiError('Trip not found', 404);
        return server.trip;
      }
      if (method === 'GET') return server.job;
      if (key && server.seen.has(key)) return server.seen.get(key);
      let answer: unknown;
      if (path.endsWith('/images')) answer = { file: `srv-${++server.files}` };
      else if (path.endsWith('/comments')) answer = { _id: 'c1' };
      else if (path.endsWith('/logBook')) {
        const b = o.body!;
        const r = server.refuse;
        if (r) {
          server.refuse = null;
          throw new ApiError(r.message, r.status, r.fields);
        }
        if (b._id && !server.trip) throw new ApiError('Trip not found', 404);
        if (b._id && b.updatedAt !== server.trip!.updatedAt)
          throw new ApiError('This trip was changed by someone else', 409);
        answer = { _id: 'trip1', ...b };
      } else {
        const r = server.refuse;
        if (r) {
          server.refuse = null;
          throw new ApiError(r.message, r.status, r.fields);
        }
        const b = o.body!;
        if (Date.parse(b.updatedAt as string) < Date.parse(server.job.updatedAt))
          throw new ApiError('This job was changed by someone else', 409);
        const { _id, updatedAt, ...patch } = b;
        void _id;
        void updatedAt;
        server.job = {
          ...server.job,
          ...patch,
          values: { ...server.job.values, ...((patch.values as object) ?? {}) },
          updatedAt: new Date(Date.parse(server.job.updatedAt) + 1000).toISOString(),
        } as TAppointment;
        answer = { _id: server.job._id, updatedAt: server.job.updatedAt };
      }
      if (key) server.seen.set(key, answer);
      return answer;
    },
  );
  return { ApiError, apiRequest, apiGet: (p: string) => apiRequest('GET', p) };
});

const JOB = {
  _id: 'j1',
  appointmentNumber: 'J00001',
  appointmentTypeId: 't1',
  appointmentType: 'Repair',
  status: 'Scheduled',
  shownStatus: 'Scheduled',
  hasSchedule: true,
  startDate: '2026-12-02T08:00:00.000Z',
  endDate: '2026-12-02T09:00:00.000Z',
  isAllDayEvent: false,
  sendClientReminder: false,
  priority: '',
  userId: null,
  assignedUsers: [],
  entityId: null,
  faultDescription: 'Leak',
  resolution: '',
  lineItems: [],
  discount: { hasDiscount: false, discountType: 'Amount', discountValue: 0 },
  to: '',
  toEmail: '',
  address: '',
  values: { notes: '', photos: [] },
  updatedAt: '2026-12-01T10:00:00.000Z',
} as unknown as TAppointment;

beforeEach(() => {
  server.job = structuredClone(JOB);
  server.calls = [];
  server.seen.clear();
  server.offline = false;
  server.refuse = null;
  server.trip = null;
  setSession({ token: 't', user: { _id: `u-${crypto.randomUUID()}`, username: 'tech' } as never });
  startSync(testQueryClient());
});

// What a test left waiting goes out before the next test counts the server's calls.
afterEach(async () => {
  onlineManager.setOnline(true);
  await syncSoon();
});

const jobCalls = () => server.calls.filter((c) => c.path === 'POST /companies/c1/appointments');

describe('the outbox', () => {
  it('keeps an offline save as a patch and takes a second change into it while none was sent', async () => {
    onlineManager.setOnline(false);
    await queueJobSave('c1', JOB, { ...JOB, _id: 'j1', resolution: 'Fixed' } as never);
    await queueJobSave('c1', JOB, { _id: 'j1', status: 'Job Done', hasSchedule: true });
    const entries = await outboxEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'job',
      patch: { resolution: 'Fixed', status: 'Job Done', hasSchedule: true },
    });
    expect(jobWithPending(JOB, entries).shownStatus).toBe('Job Done');
    expect(server.calls).toEqual([]);
  });

  it('replays in order once online: the photo first, its server id in the save, each with its key', async () => {
    onlineManager.setOnline(false);
    const photo = await queueUpload('c1', 'j1', new Blob(['png']), false);
    await queueJobSave('c1', JOB, { _id: 'j1', values: { photos: [photo.file] } });
    await queueComment('c1', 'j1', 'On site', 'Tech');
    onlineManager.setOnline(true);
    await syncSoon();
    expect(server.calls.map((c) => c.path)).toEqual([
      'POST /companies/c1/appointments/j1/images',
      'POST /companies/c1/appointments',
      'POST /companies/c1/appointments/j1/comments',
    ]);
    expect(server.calls.every((c) => c.key && c.key.length >= 36)).toBe(true);
    expect(server.job.values.photos).toEqual(['srv-1']);
    expect(await outboxEntries()).toEqual([]);
  });

  it('keeps everything when the network fails on the way and sends it once when it is back', async () => {
    onlineManager.setOnline(false);
    await queueComment('c1', 'j1', 'One', 'Tech');
    server.offline = true;
    onlineManager.setOnline(true);
    await syncSoon();
    expect(await outboxEntries()).toHaveLength(1);
    server.offline = false;
    await syncSoon();
    expect(server.calls.filter((c) => c.path.endsWith('/comments'))).toHaveLength(1);
    expect(await outboxEntries()).toEqual([]);
  });
});

it('keeps a trip for the log book offline and sends it once online with its key', async () => {
  onlineManager.setOnline(false);
  const trip = {
    date: '2026-12-02',
    carId: 'car1',
    driverId: 'u1',
    from: 'Depot',
    to: 'Sandton',
    openingOdometer: 1000,
    closingOdometer: 1042,
    business: true,
    reason: 'Roof leak',
    jobId: null,
  };
  const kept = await queueTrip('c1', trip);
  expect(kept).toMatchObject({ onPhone: true, from: 'Depot' });
  expect(server.calls).toEqual([]);
  onlineManager.setOnline(true);
  await syncSoon();
  expect(server.calls).toEqual([
    { path: 'POST /companies/c1/logBook', key: expect.any(String), body: trip },
  ]);
  expect(await outboxEntries()).toEqual([]);
});

describe('a trip edited offline that the office changed or deleted meanwhile', () => {
  const edited = {
    _id: 'trip1',
    updatedAt: '2026-12-02T08:00:00.000Z',
    date: '2026-12-02',
    carId: 'car1',
    driverId: 'u1',
    from: 'Depot',
    to: 'Sandton City',
    openingOdometer: 1000,
    closingOdometer: 1042,
    business: true,
    reason: 'Roof leak',
    jobId: null,
  };
  const tripPosts = () => server.calls.filter((c) => c.path === 'POST /companies/c1/logBook');

  it('is held with Keep mine offered, which sends it over the office version with a new key', async () => {
    server.trip = { _id: 'trip1', updatedAt: '2026-12-02T09:00:00.000Z' };
    onlineManager.setOnline(false);
    await queueTrip('c1', edited);
    onlineManager.setOnline(true);
    await syncSoon();
    const [held] = await outboxEntries();
    expect(held).toMatchObject({ kind: 'trip', state: 'failed', stale: true });
    await keepMyTrip(held!.seq!);
    expect(await outboxEntries()).toEqual([]);
    const [refused, sent] = tripPosts();
    expect(sent!.body).toEqual({ ...edited, updatedAt: '2026-12-02T09:00:00.000Z' });
    expect(sent!.key).not.toBe(refused!.key);
  });

  it('waits as one change when edited twice before it was sent', async () => {
    server.trip = { _id: 'trip1', updatedAt: edited.updatedAt };
    onlineManager.setOnline(false);
    await queueTrip('c1', edited);
    await queueTrip('c1', { ...edited, to: 'Rosebank' });
    expect((await outboxEntries()).length).toBe(1);
    onlineManager.setOnline(true);
    await syncSoon();
    expect(await outboxEntries()).toEqual([]);
    expect(tripPosts().map((c) => (c.body as { to: string }).to)).toEqual(['Rosebank']);
  });

  it('is held without Keep mine when the server names a field (its car is gone)', async () => {
    server.trip = { _id: 'trip1', updatedAt: edited.updatedAt };
    server.refuse = { status: 404, message: 'Car not found', fields: { carId: 'is not ours' } };
    onlineManager.setOnline(false);
    await queueTrip('c1', edited);
    onlineManager.setOnline(true);
    await syncSoon();
    const [held] = await outboxEntries();
    expect(held).toMatchObject({ state: 'failed', message: 'Car not found' });
    expect(held).not.toHaveProperty('stale');
    // Keep mine is not offered, and would do nothing.
    await keepMyTrip(held!.seq!);
    expect(tripPosts()).toHaveLength(1);
    await offlineDb()!.outbox.clear();
  });

  it('goes as a new trip when the office deleted it', async () => {
    onlineManager.setOnline(false);
    await queueTrip('c1', edited);
    onlineManager.setOnline(true);
    await syncSoon();
    const [held] = await outboxEntries();
    expect(held).toMatchObject({
      state: 'failed',
      stale: true,
      message: 'Deleted elsewhere meanwhile: keep yours as a new trip, or discard it',
    });
    await keepMyTrip(held!.seq!);
    expect(await outboxEntries()).toEqual([]);
    const { _id, updatedAt, ...asNew } = edited;
    void _id;
    void updatedAt;
    expect(tripPosts()[1]!.body).toEqual(asNew);
  });
});

describe('a job changed meanwhile', () => {
  it('sends the fields only the phone changed over the office version', async () => {
    onlineManager.setOnline(false);
    await queueJobSave('c1', JOB, { _id: 'j1', resolution: 'Fixed' });
    server.job = {
      ...server.job,
      faultDescription: 'Office',
      updatedAt: '2026-12-01T11:00:00.000Z',
    };
    onlineManager.setOnline(true);
    await syncSoon();
    expect(server.job).toMatchObject({ faultDescription: 'Office', resolution: 'Fixed' });
    const [stale, again] = jobCalls();
    expect(stale!.key).not.toBe(again!.key);
    expect(again!.body).toMatchObject({
      updatedAt: '2026-12-01T11:00:00.000Z',
      resolution: 'Fixed',
    });
  });

  it('holds a field both changed for the technician, lets other jobs go, and sends the choice', async () => {
    onlineManager.setOnline(false);
    await queueJobSave('c1', JOB, { _id: 'j1', resolution: 'Mine', values: { notes: 'n' } });
    await queueComment('c1', 'j2', 'Other job', 'Tech');
    server.job = { ...server.job, resolution: 'Theirs', updatedAt: '2026-12-01T11:00:00.000Z' };
    onlineManager.setOnline(true);
    await syncSoon();
    const [held] = await outboxEntries();
    expect(held).toMatchObject({
      state: 'conflict',
      conflicts: [{ field: 'resolution', mine: 'Mine', theirs: 'Theirs' }],
    });
    expect(server.calls.some((c) => c.path.includes('/j2/comments'))).toBe(true);
    expect(server.job.resolution).toBe('Theirs');
    await resolveConflict(held!.seq!, new Set(['resolution']));
    expect(server.job).toMatchObject({ resolution: 'Mine', values: { notes: 'n' } });
    expect(await outboxEntries()).toEqual([]);
  });

  it('sends the rest of a change whose move the workflow refuses, and says so on the job', async () => {
    onlineManager.setOnline(false);
    await queueJobSave('c1', JOB, { _id: 'j1', status: 'Job Done', resolution: 'Fixed' });
    server.refuse = {
      status: 400,
      message: 'status: no link',
      fields: { status: "No link from 'Scheduled' to 'Job Done'" },
    };
    onlineManager.setOnline(true);
    await syncSoon();
    expect(server.job).toMatchObject({ status: 'Scheduled', resolution: 'Fixed' });
    expect(await jobNotices('j1')).toEqual([
      "The move to 'Job Done' was not saved: No link from 'Scheduled' to 'Job Done'",
    ]);
  });
});

describe('nextToSend', () => {
  it('holds the later changes of a job behind its conflict only', () => {
    const e = (seq: number, jobId: string, state: 'waiting' | 'conflict') =>
      ({ seq, jobId, state }) as never;
    expect(nextToSend([e(1, 'a', 'conflict'), e(2, 'a', 'waiting'), e(3, 'b', 'waiting')])).toEqual(
      e(3, 'b', 'waiting'),
    );
    expect(nextToSend([e(1, 'a', 'conflict')])).toBeUndefined();
  });
});

it('deletes everything at Log out', async () => {
  onlineManager.setOnline(false);
  await queueComment('c1', 'j1', 'x', 'Tech');
  const db = offlineDb()!;
  const name = db.name;
  await forgetOffline(getSession()!.user._id);
  setSession(null);
  await vi.waitFor(async () => {
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(name);
  });
});

it('keeps the waiting changes but not the answers when the server ends the session', async () => {
  onlineManager.setOnline(false);
  await queueComment('c1', 'j1', 'x', 'Tech');
  await keep('queries', { queries: [] });
  const user = getSession()!;
  setSession(null);
  setSession(user);
  await vi.waitFor(async () => expect(await readKept('queries')).toBeUndefined());
  expect(await outboxEntries()).toHaveLength(1);
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCOUNT,
  OFFLINE_COMMENTS_PER_JOB,
  OFFLINE_MAX_JOBS,
  ZOfflinePack,
  addDays,
  instantOfWallTime,
  ymdOfInstant,
} from '@fieldbook/core';
import { offlineWindow } from '../../src/areas/jobs/offline-pack.js';
import { appointments, companies, jobComments } from '../../src/db/schema/index.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, typesUrl } from '../support/jobs-helpers.js';

/**
 * GET /appointments/offline (docs/offline.md): the member's jobs of today and
 * the next 7 days on the company's clock, and their unscheduled ones, as they
 * may see them, with the types, the clients (clients r) and the newest comments.
 */
const ZONE = 'Pacific/Auckland';
let h: Harness;
let cid: string;
let owner: TestUser;
let tech: TestUser & { groupId: string | null };
let reader: TestUser & { groupId: string | null };
let typeId: string;
let secretTypeId: string;
let unusedTypeId: string;
let clientId: string;
const wall = (ymd: string, hm: string) => instantOfWallTime(`${ymd}T${hm}`, ZONE)!;
const today = () => ymdOfInstant(new Date(), ZONE);

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  await h.deps.database.db.update(companies).set({ timeZone: ZONE }).where(eq(companies.id, cid));
  tech = await buildMember(h, cid, { appointments: { r: true, c: true, u: true } });
  reader = await buildMember(h, cid, { appointments: { r: true }, clients: { r: true } });
  typeId = (await buildType(owner.api, cid))._id;
  // In 'Quoted' the technician's group sees neither the notes nor the comments.
  const t = plumbingType('Secretive');
  t.components.push({ prop: 'chat', label: 'Chat', type: 'comments' } as never);
  const hidden = { 'st-quoted': { groups: { [tech.groupId!]: { hide: true } } } };
  t.components = t.components.map((c) =>
    c.prop === 'notes' || c.prop === 'chat' ? { ...c, permissions: hidden } : c,
  );
  secretTypeId = (await buildType(owner.api, cid, t))._id;
  unusedTypeId = (await buildType(owner.api, cid))._id;
  clientId = await buildClient(owner.api, cid, {
    name: 'Sipho',
    surname: 'Dlamini',
    email: 'sipho@example.test',
    address: '12 Main Rd',
  });
});
afterAll(() => h.close());

const pack = (u: TestUser, companyId = cid) =>
  u.api.get(`/api/companies/${companyId}/appointments/offline`);

/** A scheduled job of `typeId` from `start` to `end` (ISO), for whom the body says. */
const job = (start: string, end: string, over: Record<string, unknown> = {}) =>
  buildJob(owner.api, cid, {
    appointmentTypeId: typeId,
    hasSchedule: true,
    isAllDayEvent: false,
    startDate: start,
    endDate: end,
    ...over,
  });

describe('the window, the owner of the jobs and the order', () => {
  it("holds the member's jobs overlapping today to the end of the 7th day after, soonest first, then the unscheduled", async () => {
    const d = today();
    const mine = { userId: tech.id };
    const assigned = { assignedUsers: [tech.id] };
    const lateToday = await job(wall(d, '18:00'), wall(d, '19:00'), mine);
    const early = await job(wall(d, '00:30'), wall(d, '01:30'), assigned);
    const overnight = await job(wall(addDays(d, -1), '23:00'), wall(d, '01:00'), mine);
    const lastDay = await job(wall(addDays(d, 7), '23:00'), wall(addDays(d, 7), '23:30'), mine);
    const unscheduled = await buildJob(owner.api, cid, { appointmentTypeId: typeId, ...mine });
    // Out: yesterday, the 8th day after, another member's, nobody's.
    await job(wall(addDays(d, -1), '22:00'), wall(addDays(d, -1), '23:30'), mine);
    await job(wall(addDays(d, 8), '00:00'), wall(addDays(d, 8), '01:00'), mine);
    await job(wall(d, '09:00'), wall(d, '10:00'), { userId: owner.id, assignedUsers: [owner.id] });
    await job(wall(d, '09:00'), wall(d, '10:00'));

    const r = await pack(tech);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers['cache-control']).toBe('private, no-store');
    const p = ZOfflinePack.parse(r.body);
    expect(p.jobs.map((j) => j._id)).toEqual(
      [overnight, early, lateToday, lastDay, unscheduled].map((j) => j._id),
    );
    expect(p.from).toBe(new Date(wall(d, '00:00')).toISOString());
    expect(p.to).toBe(new Date(wall(addDays(d, 8), '00:00')).toISOString());
    expect(Date.parse(p.syncedAt)).toBeLessThanOrEqual(Date.now());
    expect(p.truncated).toBe(false);
    // Each job as GET activeJobs/{id} answers it to the member.
    for (const j of p.jobs) {
      const one = await tech.api.get(`${jobsUrl(cid)}/activeJobs/${j._id}`);
      expect(j).toEqual(one.body);
    }
    // The types of those jobs, as GET /types answers them; no other.
    const types = (await tech.api.get(typesUrl(cid))).body as Loose[];
    expect(p.types).toEqual(types.filter((t) => t._id === typeId));
    // Readable comments: each job's key, empty here.
    expect(Object.keys(p.comments).sort()).toEqual(p.jobs.map((j) => j._id).sort());

    // Another member's pack holds none of these.
    const theirs = ZOfflinePack.parse((await pack(reader)).body);
    expect(theirs.jobs).toEqual([]);
    expect(theirs.types).toEqual([]);
  });

  it('computes the window on the company clock, across a change of summer time', () => {
    // New Zealand leaves summer time (+13 to +12) at 03:00 on 5 April 2026.
    const w = offlineWindow(new Date('2026-04-04T00:00:00Z'), ZONE);
    expect(w.from.toISOString()).toBe('2026-04-03T11:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-04-11T12:00:00.000Z');
    const jhb = offlineWindow(new Date('2026-11-26T21:59:00Z'), 'Africa/Johannesburg');
    expect(jhb.from.toISOString()).toBe('2026-11-25T22:00:00.000Z');
    expect(jhb.to.toISOString()).toBe('2026-12-03T22:00:00.000Z');
  });
});

describe('as the member may see it', () => {
  it('leaves out values and comments their group may not see, and clients without clients r', async () => {
    const d = today();
    const j = await buildJob(owner.api, cid, {
      appointmentTypeId: secretTypeId,
      status: 'New',
      hasSchedule: true,
      startDate: wall(addDays(d, 2), '08:00'),
      endDate: wall(addDays(d, 2), '09:00'),
      entityId: clientId,
      assignedUsers: [tech.id, reader.id],
      values: { notes: 'ALARM CODE 4321' },
    });
    const open = await job(wall(addDays(d, 3), '08:00'), wall(addDays(d, 3), '09:00'), {
      assignedUsers: [tech.id, reader.id],
      entityId: clientId,
    });
    for (let i = 0; i < OFFLINE_COMMENTS_PER_JOB + 2; i++) {
      for (const id of [j._id, open._id])
        await h.deps.database.db.insert(jobComments).values({
          companyId: cid,
          appointmentId: id,
          userId: owner.id,
          text: `Note ${i}`,
          createdAt: new Date(Date.now() - (100 - i) * 60_000),
        });
    }
    const moved = await owner.api.post(jobsUrl(cid), { _id: j._id, status: 'Quoted' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const p = ZOfflinePack.parse((await pack(tech)).body);
    const secret = p.jobs.find((x) => x._id === j._id)!;
    expect(secret.values).not.toHaveProperty('notes');
    expect(JSON.stringify(p)).not.toContain('ALARM CODE');
    expect(p.comments).not.toHaveProperty(j._id);
    const shown = p.comments[open._id]!;
    expect(shown).toHaveLength(OFFLINE_COMMENTS_PER_JOB);
    expect(shown[0]).toMatchObject({
      text: `Note ${OFFLINE_COMMENTS_PER_JOB + 1}`,
      userId: owner.id,
    });
    expect(shown.at(-1)!.text).toBe('Note 2');
    expect(shown[0]!.author).toBe(`Test ${owner.username}`);
    // No clients r: no clients, though the jobs name theirs.
    expect(secret.entityId).toBe(clientId);
    expect(p.clients).toEqual([]);
    expect(p.types.map((t) => t._id).sort()).toEqual([typeId, secretTypeId].sort());
    expect(p.types.map((t) => t._id)).not.toContain(unusedTypeId);

    // A member with clients r gets the client once; their group hides nothing here.
    const q = ZOfflinePack.parse((await pack(reader)).body);
    expect(q.clients).toEqual([
      {
        _id: clientId,
        name: 'Sipho',
        surname: 'Dlamini',
        email: 'sipho@example.test',
        phone: expect.any(String),
        contactNumber: expect.any(String),
        address: '12 Main Rd',
      },
    ]);
    expect(q.jobs.find((x) => x._id === j._id)!.values).toMatchObject({
      notes: 'ALARM CODE 4321',
    });
    expect(q.comments[j._id]).toHaveLength(OFFLINE_COMMENTS_PER_JOB);
  });
});

describe('bounds and access', () => {
  it(`keeps at most ${OFFLINE_MAX_JOBS} jobs, the soonest, and says it truncated`, async () => {
    const c = await buildCompany(h);
    const t = await buildType(c.owner.api, c.id);
    const start = Date.now() + 3600_000;
    await h.deps.database.db.insert(appointments).values(
      Array.from({ length: OFFLINE_MAX_JOBS + 1 }, (_, i) => ({
        companyId: c.id,
        appointmentNumber: `T${String(i).padStart(5, '0')}`,
        appointmentTypeId: t._id as string,
        hasSchedule: true,
        startDate: new Date(start + i * 60_000),
        endDate: new Date(start + i * 60_000 + 30_000),
        userId: c.owner.id,
        discount: DEFAULT_DISCOUNT,
      })),
    );
    const p = ZOfflinePack.parse((await pack(c.owner, c.id)).body);
    expect(p.truncated).toBe(true);
    expect(p.jobs).toHaveLength(OFFLINE_MAX_JOBS);
    expect(p.jobs.at(-1)!.appointmentNumber).toBe(
      `T${String(OFFLINE_MAX_JOBS - 1).padStart(5, '0')}`,
    );
  });

  it('is 401 signed out, 404 for another company, 403 without appointments r or disabled', async () => {
    expect((await anonymous(h).get(`/api/companies/${cid}/appointments/offline`)).status).toBe(401);
    const stranger = await buildCompany(h);
    expect((await pack(stranger.owner)).status).toBe(404);
    expect((await pack(owner, randomUUID())).status).toBe(404);
    const bookkeeper = await buildMember(h, cid, { clients: { r: true }, invoices: { r: true } });
    expect((await pack(bookkeeper)).status).toBe(403);
    const gone = await buildMember(h, cid, { appointments: { r: true } }, { disabled: true });
    expect((await pack(gone)).status).toBe(403);
  });
});

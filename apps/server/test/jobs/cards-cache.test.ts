import zlib from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TJobCard } from '@fieldbook/core';
import { createCardsCache, viewKey } from '../../src/areas/jobs/cards-cache.js';
import { acceptsBrotli } from '../../src/platform/send-json.js';
import { createJobsService } from '../../src/areas/jobs/jobs.service.js';
import { cardStamp, pruneCardChanges } from '../../src/areas/jobs/active-jobs.repo.js';
import { appointments, cardChanges, users } from '../../src/db/schema/index.js';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, typesUrl } from '../support/jobs-helpers.js';

/*
 * The board's cards are cached per company and member view, valid for the
 * company's card stamp, which the database's triggers move with every change
 * that can alter a card, whoever writes it (docs/performance.md, "Jobs").
 */
describe('the cards cache alone', () => {
  const limits = { maxBytes: 1_000, companyBytes: 400, viewsPerCompany: 2 };
  const text = (chars: number) => 'x'.repeat(chars);

  it('answers a view only for the stamp it was built for', () => {
    const c = createCardsCache(limits);
    c.set('a', 's1', 'v', '[1]');
    expect(c.get('a', 's1', 'v')?.json).toBe('[1]');
    expect(c.get('a', 's2', 'v')).toBeUndefined();
    expect(c.get('a', 's1', 'other')).toBeUndefined();
    expect(c.get('b', 's1', 'v')).toBeUndefined();
    // Another stamp's cards replace every view of the company.
    c.set('a', 's1', 'w', '[2]');
    c.set('a', 's2', 'v', '[3]');
    expect(c.get('a', 's1', 'w')).toBeUndefined();
    expect(c.get('a', 's2', 'v')?.json).toBe('[3]');
    expect(c.size()).toEqual({ companies: 1, views: 1, bytes: 6 });
  });

  it('keeps at most its views and bytes per company, and drops the company read longest ago', () => {
    const c = createCardsCache(limits);
    c.set('a', 's', 'v1', text(50));
    c.set('a', 's', 'v2', text(50));
    c.set('a', 's', 'v3', text(50));
    expect(c.get('a', 's', 'v1')).toBeUndefined();
    expect(c.size().views).toBe(2);
    // Over the company's bytes (400 = 200 characters): its oldest views go.
    c.set('a', 's', 'v4', text(160));
    expect(c.size()).toEqual({ companies: 1, views: 1, bytes: 320 });
    // Larger than a company may hold: not kept at all.
    c.set('b', 's', 'v', text(201));
    expect(c.get('b', 's', 'v')).toBeUndefined();
    // Over the total: the company read longest ago goes, not the one just read.
    c.set('b', 's', 'v', text(150));
    expect(c.get('a', 's', 'v4')?.json).toBe(text(160));
    c.set('c', 's', 'v', text(150));
    c.set('d', 's', 'v', text(150));
    expect(c.get('b', 's', 'v')).toBeUndefined();
    expect(c.get('a', 's', 'v4')?.json).toBe(text(160));
    expect(c.size().bytes).toBeLessThanOrEqual(1_000);
  });

  it('counts the brotli form of a kept entry in its bounds', () => {
    const c = createCardsCache(limits);
    const kept = c.set('a', 's', 'v', text(100));
    kept.brotli = Buffer.alloc(50);
    c.grew('a', kept);
    expect(c.size().bytes).toBe(250);
    // A loose entry (another stamp replaced it) is not counted.
    c.set('a', 's2', 'v', text(10));
    kept.brotli = Buffer.alloc(60);
    c.grew('a', kept);
    expect(c.size().bytes).toBe(20);
  });

  it('takes brotli only when the request lists it, and not at q=0', () => {
    const req = (v?: string) => ({ headers: { 'accept-encoding': v } }) as never;
    expect(acceptsBrotli(req('gzip, deflate, br, zstd'))).toBe(true);
    expect(acceptsBrotli(req('br;q=0.5'))).toBe(true);
    expect(acceptsBrotli(req('gzip, br;q=0'))).toBe(false);
    expect(acceptsBrotli(req('gzip'))).toBe(false);
    expect(acceptsBrotli(req())).toBe(false);
  });

  it('names a view by what it holds', () => {
    expect(viewKey({ a: 1 })).toBe(viewKey({ a: 1 }));
    expect(viewKey({ a: 1 })).not.toBe(viewKey({ a: 2 }));
  });
});

describe('GET activeJobs through the cache', () => {
  let h: Harness;
  let cid: string;
  let other: string;
  let owner: TestUser;
  let tech: TestUser & { groupId: string | null };
  let typeId: string;
  let clientId: string;
  let jobId: string;

  const cards = async (u: TestUser = owner): Promise<TJobCard[]> => {
    const r = await u.api.get(`${jobsUrl(cid)}/activeJobs`);
    expect(r.status).toBe(200);
    return r.body;
  };
  const job = async (u: TestUser = owner) => (await cards(u)).find((c) => c._id === jobId)!;
  const db = () => h.deps.database.db;

  beforeAll(async () => {
    h = await startHarness();
    const c = await buildCompany(h);
    cid = c.id;
    owner = c.owner;
    other = (await buildCompany(h)).id;
    tech = await buildMember(h, cid, { appointments: { r: true, u: true, c: true } });
    const t = plumbingType();
    t.statuses[1]!.permissions = { groups: { [tech.groupId!]: { hideAssignee: true } } };
    typeId = (await buildType(owner.api, cid, t))._id;
    clientId = await buildClient(owner.api, cid, { name: 'Ann', surname: 'Smith' });
    jobId = (
      await buildJob(owner.api, cid, {
        appointmentTypeId: typeId,
        status: 'New',
        hasSchedule: true,
        startDate: '2026-12-01T08:00:00.000Z',
        endDate: '2026-12-01T09:00:00.000Z',
        entityId: clientId,
        userId: tech.id,
        assignedUsers: [tech.id],
        faultDescription: 'Leaks',
      })
    )._id;
  });
  afterAll(() => h.close());

  it('serves a repeated read from the cache, which only the triggers invalidate', async () => {
    expect((await job()).faultDescription).toBe('Leaks');
    // With the trigger off, a change is invisible to the stamp: the cached cards answer.
    await db().execute(sql`alter table appointments disable trigger appointments_cards_update`);
    try {
      await db()
        .update(appointments)
        .set({ faultDescription: 'Unseen' })
        .where(and(eq(appointments.companyId, cid), eq(appointments.id, jobId)));
      expect((await job()).faultDescription).toBe('Leaks');
    } finally {
      await db().execute(sql`alter table appointments enable trigger appointments_cards_update`);
    }
    // Any write through the trigger (here one no area makes, as another process would) is seen.
    await db()
      .update(appointments)
      .set({ faultDescription: 'Seen' })
      .where(and(eq(appointments.companyId, cid), eq(appointments.id, jobId)));
    expect((await job()).faultDescription).toBe('Seen');
  });

  it('follows a job saved, a new job and a deleted one', async () => {
    await cards();
    const saved = await owner.api.post(jobsUrl(cid), {
      ...(await owner.api.get(`${jobsUrl(cid)}/activeJobs/${jobId}`)).body,
      faultDescription: 'Saved',
    });
    expect(saved.status).toBe(200);
    expect((await job()).faultDescription).toBe('Saved');
    const extra = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    expect((await cards()).map((c) => c._id)).toContain(extra._id);
    expect((await owner.api.post(`${jobsUrl(cid)}/${extra._id}/delete`, {})).status).toBe(200);
    expect((await cards()).map((c) => c._id)).not.toContain(extra._id);
  });

  it("follows a client's name and a type's name, and a member's name (another view)", async () => {
    await cards();
    const client = (await owner.api.get(`/api/companies/${cid}/entities/${clientId}`)).body;
    const r = await owner.api.post(`/api/companies/${cid}/entities`, { ...client, name: 'Anna' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await job()).clientName).toBe('Anna');

    const type = (await owner.api.get(typesUrl(cid))).body.find(
      (t: { _id: string }) => t._id === typeId,
    );
    expect((await owner.api.post(typesUrl(cid), { ...type, name: 'Geysers' })).status).toBe(200);
    expect((await job()).appointmentType).toBe('Geysers');

    await db().update(users).set({ name: 'Thabo' }).where(eq(users.id, tech.id));
    const names = (await job()).assignedUsers.map((u) => u.name);
    expect(names.join(' ')).toContain('Thabo');
  });

  it('keeps each member view apart: the assignee stays hidden from the group that may not see it', async () => {
    expect((await job(tech)).userId).toBe(tech.id);
    // Quoted hides the assignee from the technician's group, not from the owner.
    await db()
      .update(appointments)
      .set({ status: 'Quoted' })
      .where(and(eq(appointments.companyId, cid), eq(appointments.id, jobId)));
    expect((await job(owner)).userId).toBe(tech.id);
    expect((await job(tech)).userId).toBeNull();
    expect((await job(owner)).userId).toBe(tech.id);
    expect((await job(tech)).userId).toBeNull();
  });

  it("moves one company's stamp, not another's, and stays right when old changes are pruned", async () => {
    const before = await cardStamp(db(), other);
    await db()
      .update(appointments)
      .set({ faultDescription: 'Pruned' })
      .where(and(eq(appointments.companyId, cid), eq(appointments.id, jobId)));
    expect(await cardStamp(db(), other)).toBe(before);
    expect((await job()).faultDescription).toBe('Pruned');
    await db()
      .update(cardChanges)
      .set({ at: sql`now() - interval '2 hours'` });
    expect(await pruneCardChanges(db(), 60)).toBeGreaterThan(0);
    expect(await db().select().from(cardChanges)).toEqual([]);
    expect((await job()).faultDescription).toBe('Pruned');
  });

  it('is one cache per server: a second service (another process) reads the change of the first', async () => {
    const a = createJobsService(h.deps);
    const b = createJobsService(h.deps);
    const me = {
      companyId: cid,
      rank: null,
      member: { isOwner: true, disabled: false, rights: null },
      userId: owner.id,
    };
    const read = async (s: typeof a) =>
      (JSON.parse(await s.activeCardsJson(cid, me)) as TJobCard[]).find((c) => c._id === jobId)!;
    expect((await read(a)).faultDescription).toBe('Pruned');
    const full = (await owner.api.get(`${jobsUrl(cid)}/activeJobs/${jobId}`)).body;
    // Saved as the route passes it on (the assignees as ids).
    const { assignedUsers: _users, ...rest } = full;
    await b.save(cid, me, { ...rest, faultDescription: 'From b' });
    expect((await read(a)).faultDescription).toBe('From b');
  });
  it('answers brotli from the cache to a browser, the same cards as the plain answer', async () => {
    const ask = (encoding: string) =>
      h.app.inject({
        method: 'GET',
        url: `${jobsUrl(cid)}/activeJobs`,
        headers: {
          username: owner.username!,
          token: owner.token!,
          authorization: `Bearer ${owner.token}`,
          'accept-encoding': encoding,
        },
      });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const first = await ask('gzip, deflate, br, zstd');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString())).toEqual(
      plain.json(),
    );
    // The second answer is the kept bytes; gzip goes to @fastify/compress as any answer.
    expect((await ask('br')).rawPayload.equals(first.rawPayload)).toBe(true);
    const gz = await ask('gzip');
    const gzBody =
      gz.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(gz.rawPayload) : gz.rawPayload;
    expect(JSON.parse(gzBody.toString())).toEqual(plain.json());
    // A change: new bytes with the new cards.
    await db()
      .update(appointments)
      .set({ faultDescription: 'Brotli' })
      .where(and(eq(appointments.companyId, cid), eq(appointments.id, jobId)));
    const after = JSON.parse(zlib.brotliDecompressSync((await ask('br')).rawPayload).toString());
    expect(after.find((c: TJobCard) => c._id === jobId).faultDescription).toBe('Brotli');
  });
});

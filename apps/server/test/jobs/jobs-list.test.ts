import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  buildJob,
  buildType,
  jobsUrl,
  plumbingType,
  saveJob,
  typesUrl,
} from '../support/jobs-helpers.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let type: { _id: string };
beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  type = await buildType(owner.api, cid);
});
afterAll(() => h.close());

const job = (id: string) => owner.api.get(`${jobsUrl(cid)}/activeJobs/${id}`);

describe('reads, delete, sortOrder', () => {
  it('lists a range plus unscheduled jobs, one type, one client', async () => {
    const client = await buildClient(owner.api, cid);
    const inRange = await buildJob(owner.api, cid, {
      appointmentTypeId: type._id,
      status: 'New',
      startDate: '2026-03-10T08:00:00Z',
      endDate: '2026-03-10T09:00:00Z',
      entityId: client,
    });
    const outside = await buildJob(owner.api, cid, {
      hasSchedule: true,
      startDate: '2025-01-10T08:00:00Z',
      endDate: '2025-01-10T09:00:00Z',
    });
    const unscheduled = await buildJob(owner.api, cid, {});
    const r = await owner.api.get(
      `${jobsUrl(cid)}?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z`,
    );
    expect(r.status).toBe(200);
    const ids = r.body.map((x: { _id: string }) => x._id);
    expect(ids).toContain(inRange._id);
    expect(ids).toContain(unscheduled._id);
    expect(ids).not.toContain(outside._id);
    const typed = await owner.api.get(
      `${jobsUrl(cid)}?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z&type=${type._id}`,
    );
    expect(
      typed.body.every((x: { appointmentTypeId: string }) => x.appointmentTypeId === type._id),
    ).toBe(true);
    const mine = await owner.api.get(`${jobsUrl(cid)}?entityId=${client}`);
    expect(mine.body.map((x: { _id: string }) => x._id)).toEqual([inRange._id]);
    for (const q of ['from=nope', 'from=-100000-01-01', 'to=%2B275760-09-13', 'from=0000-01-01']) {
      const bad = await owner.api.get(`${jobsUrl(cid)}?${q}`);
      expect(bad.status, q).toBe(400);
      expect(Object.keys(bad.body.fields), q).toEqual([q.split('=')[0]]);
    }
  });

  it("deletes (appointments d) and 404s another company's job", async () => {
    const j = await buildJob(owner.api, cid, {});
    const noD = await buildMember(h, cid, { appointments: { r: true, u: true, c: true } });
    expect((await noD.api.post(`${jobsUrl(cid)}/${j._id}/delete`)).status).toBe(403);
    expect((await owner.api.post(`${jobsUrl(cid)}/${j._id}/delete`)).status).toBe(200);
    expect((await job(j._id)).status).toBe(404);
    const other = await buildCompany(h);
    const theirs = await buildJob(other.owner.api, other.id, {});
    expect((await owner.api.post(`${jobsUrl(cid)}/${theirs._id}/delete`)).status).toBe(404);
    expect((await owner.api.get(`${jobsUrl(cid)}/activeJobs/${theirs._id}`)).status).toBe(404);
    expect((await anonymous(h).post(`${jobsUrl(cid)}/${j._id}/delete`)).status).toBe(401);
  });

  it("sets sortOrder for all ids, or 404s when one is not the company's", async () => {
    const a = await buildJob(owner.api, cid, {});
    const b = await buildJob(owner.api, cid, {});
    let r = await owner.api.post(`${jobsUrl(cid)}/sortOrder`, [
      { _id: a._id, sortOrder: 2 },
      { _id: b._id, sortOrder: 1 },
    ]);
    expect(r.status).toBe(200);
    expect((await job(a._id)).body.sortOrder).toBe(2);
    expect((await job(b._id)).body.sortOrder).toBe(1);
    const other = await buildCompany(h);
    const theirs = await buildJob(other.owner.api, other.id, {});
    r = await owner.api.post(`${jobsUrl(cid)}/sortOrder`, [
      { _id: a._id, sortOrder: 5 },
      { _id: theirs._id, sortOrder: 5 },
    ]);
    expect(r.status).toBe(404);
    expect((await job(a._id)).body.sortOrder).toBe(2);
    const [row] = await h.deps.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, theirs._id));
    expect(row!.sortOrder).toBe(0);
    r = await owner.api.post(`${jobsUrl(cid)}/sortOrder`, [{ _id: a._id, sortOrder: -1 }]);
    expect(r.status).toBe(400);
    const readOnly = await buildMember(h, cid, { appointments: { r: true } });
    expect((await readOnly.api.post(`${jobsUrl(cid)}/sortOrder`, [])).status).toBe(403);
  });
});

describe('a type save while its jobs are saved', () => {
  it('neither fails, and active follows the type as committed', async () => {
    const t = await buildType(owner.api, cid, plumbingType());
    const jobsOf = await Promise.all(
      Array.from({ length: 6 }, () =>
        buildJob(owner.api, cid, { appointmentTypeId: t._id, status: 'New' }),
      ),
    );
    // 'Quoted' becomes final (no link out) while the jobs move into it.
    const finalQuoted = structuredClone(t);
    finalQuoted.statuses[1].draw.linksTo = [];
    const answers = await Promise.all([
      ...jobsOf.map((j) => saveJob(owner.api, cid, { _id: j._id, status: 'Quoted' })),
      owner.api.post(typesUrl(cid), finalQuoted),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const active = (await owner.api.get(`${jobsUrl(cid)}/activeJobs`)).body.map(
      (x: { _id: string }) => x._id,
    );
    for (const j of jobsOf) expect(active).not.toContain(j._id);
  });
});

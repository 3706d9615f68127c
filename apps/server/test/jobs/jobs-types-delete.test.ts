import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_TYPE, typeMoveEntry } from '@fieldbook/core';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, typesUrl } from '../support/jobs-helpers.js';

/** Issue 19 B4: deleting a type, its jobs and recurring jobs moved to another (docs/jobs.md). */
let h: Harness;
let cid: string;
let owner: TestUser;
beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
});
afterAll(() => h.close());

const del = (api: TestUser['api'], c: string, id: string, body: object = {}) =>
  api.post(`${typesUrl(c)}/${id}/delete`, body);
const typeIds = async (api: TestUser['api'], c: string) =>
  ((await api.get(typesUrl(c))).body as { _id: string; name: string }[]).map((t) => t._id);
const recurringUrl = (c: string) => `/api/companies/${c}/recurring/calender`;

/** A type with statuses New -> Quoted -> Done (final), to move jobs into. */
const target = () => {
  const t = plumbingType(`Target ${randomUUID().slice(0, 6)}`);
  t.statuses = [t.statuses[0]!, t.statuses[1]!, { ...t.statuses[3]!, name: 'Done' }];
  t.statuses[1]!.draw.linksTo = [t.statuses[2]!.draw.id];
  return t;
};

describe('POST /appointments/types/{id}/delete', () => {
  it('deletes a type no job uses', async () => {
    const t = await buildType(owner.api, cid);
    const r = await del(owner.api, cid, t._id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: 'Deleted', movedJobs: 0, movedRecurring: 0 });
    expect(await typeIds(owner.api, cid)).not.toContain(t._id);
    expect((await del(owner.api, cid, t._id)).status).toBe(404);
  });

  it('is refused while jobs use the type, and moves them (and recurring jobs) with moveTo', async () => {
    const from = await buildType(owner.api, cid);
    const to = await buildType(owner.api, cid, target());
    const scheduled = {
      hasSchedule: true,
      startDate: '2031-01-06T08:00:00Z',
      endDate: '2031-01-06T09:00:00Z',
    };
    const quoted = await buildJob(owner.api, cid, {
      appointmentTypeId: from._id,
      ...scheduled,
      status: 'New',
    });
    await owner.api.post(jobsUrl(cid), { _id: quoted._id, status: 'Quoted' });
    const onSite = await buildJob(owner.api, cid, {
      appointmentTypeId: from._id,
      ...scheduled,
      status: 'New',
    });
    for (const s of ['Quoted', 'On site'])
      expect((await owner.api.post(jobsUrl(cid), { _id: onSite._id, status: s })).status).toBe(200);
    const rec = await owner.api.post(recurringUrl(cid), {
      startDate: '2031-05-02',
      recurringType: 'month',
      dayOfMonth: 2,
      faultDescription: 'Service the geyser',
      appointmentTypeId: from._id,
    });
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);

    const refused = await del(owner.api, cid, from._id);
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({
      moveTo: '2 jobs and 1 recurring job use this type: choose a type to move them to',
    });
    expect(await typeIds(owner.api, cid)).toContain(from._id);

    const r = await del(owner.api, cid, from._id, { moveTo: to._id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: 'Deleted', movedJobs: 2, movedRecurring: 1 });
    expect(await typeIds(owner.api, cid)).not.toContain(from._id);
    const read = async (id: string) =>
      (await owner.api.get(`${jobsUrl(cid)}/activeJobs/${id}`)).body;
    const [a, b] = [await read(quoted._id), await read(onSite._id)];
    // Quoted is a status of the new type: kept. On site is not: the new type's first.
    expect([a.appointmentTypeId, a.status]).toEqual([to._id, 'Quoted']);
    expect([b.appointmentTypeId, b.status]).toEqual([to._id, 'New']);
    expect(b.log[0]).toMatchObject({ s: typeMoveEntry(from.name, to.name), userId: owner.id });
    expect(b.log[1].s).toBe('On site');
    const recurring = await owner.api.get(`${recurringUrl(cid)}/${rec.body._id}`);
    expect(recurring.body.appointmentTypeId).toBe(to._id);
    // The moved job saves on in its new type.
    expect((await owner.api.post(jobsUrl(cid), { _id: a._id, status: 'Done' })).status).toBe(200);
  });

  it("is refused for the company's last type", async () => {
    const c = await buildCompany(h);
    const ids = await typeIds(c.owner.api, c.id);
    for (const id of ids.slice(1)) expect((await del(c.owner.api, c.id, id)).status).toBe(200);
    const r = await del(c.owner.api, c.id, ids[0]!);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe(LAST_TYPE);
  });

  it('answers 400 naming moveTo for itself or a bad body, 401 without a token', async () => {
    const t = await buildType(owner.api, cid);
    let r = await del(owner.api, cid, t._id, { moveTo: t._id });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toEqual(['moveTo']);
    r = await del(owner.api, cid, t._id, { moveTo: 42 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toEqual(['moveTo']);
    expect((await del(anonymous(h), cid, t._id)).status).toBe(401);
  });

  it('is 403 to a member without settings u (settings c and d are not enough)', async () => {
    const t = await buildType(owner.api, cid);
    const m = await buildMember(h, cid, {
      settings: { r: true, c: true, d: true },
      appointments: { r: true, c: true, u: true, d: true },
    });
    expect((await del(m.api, cid, t._id)).status).toBe(403);
    const u = await buildMember(h, cid, { settings: { u: true } });
    expect((await del(u.api, cid, t._id)).status).toBe(200);
  });

  it("is 404 for another company's type, as the deleted one or as moveTo", async () => {
    const other = await buildCompany(h);
    const theirs = await buildType(other.owner.api, other.id);
    const mine = await buildType(owner.api, cid);
    await buildJob(owner.api, cid, { appointmentTypeId: mine._id });
    expect((await del(owner.api, cid, theirs._id)).status).toBe(404);
    expect((await del(owner.api, cid, mine._id, { moveTo: theirs._id })).status).toBe(404);
    expect((await del(owner.api, cid, mine._id, { moveTo: 'not-an-id' })).status).toBe(404);
    expect(await typeIds(other.owner.api, other.id)).toContain(theirs._id);
    expect(await typeIds(owner.api, cid)).toContain(mine._id);
  });

  it('takes turns: two deletions moving each way at once leave one type with every job', async () => {
    const c = await buildCompany(h);
    const [x, y] = [await buildType(c.owner.api, c.id), await buildType(c.owner.api, c.id)];
    for (const t of [x, y, x, y]) await buildJob(c.owner.api, c.id, { appointmentTypeId: t._id });
    const answers = await Promise.all([
      del(c.owner.api, c.id, x._id, { moveTo: y._id }),
      del(c.owner.api, c.id, y._id, { moveTo: x._id }),
      c.owner.api.post(jobsUrl(c.id), { appointmentTypeId: x._id }),
    ]);
    expect(
      answers
        .slice(0, 2)
        .map((a) => a.status)
        .sort(),
    ).toEqual([200, 404]);
    const ids = await typeIds(c.owner.api, c.id);
    const left = [x._id, y._id].filter((id) => ids.includes(id));
    expect(left).toHaveLength(1);
    const jobs = await c.owner.api.get(`${jobsUrl(c.id)}/activeJobs`);
    const ofLeft = (jobs.body as { appointmentTypeId: string }[]).filter(
      (j) => j.appointmentTypeId === left[0],
    );
    expect(ofLeft.length).toBe(answers[2]!.status === 200 ? 5 : 4);
  });
});

describe('GET /appointments/types without stale keys', () => {
  it("drops a field's permissions of statuses the type no longer has", async () => {
    const { appointmentTypes } = await import('../../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const t = await buildType(owner.api, cid);
    const components = t.components.map((c: object, i: number) =>
      i === 1
        ? { ...c, permissions: { 'st-new': { hide: true }, 'st-gone': { viewOnly: true } } }
        : c,
    );
    await h.deps.database.db
      .update(appointmentTypes)
      .set({ components })
      .where(eq(appointmentTypes.id, t._id));
    const listed = ((await owner.api.get(typesUrl(cid))).body as (typeof t)[]).find(
      (x) => x._id === t._id,
    )!;
    expect(listed.components[1].permissions).toEqual({ 'st-new': { hide: true } });
    expect((await owner.api.post(typesUrl(cid), listed)).status).toBe(200);
  });
});

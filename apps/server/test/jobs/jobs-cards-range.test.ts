import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildClient } from '../support/finance-factories.js';
import { buildJob, buildType, jobsUrl, saveJob } from '../support/jobs-helpers.js';

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

const cards = (q: string, who: TestUser = owner) => who.api.get(`${jobsUrl(cid)}/cards?${q}`);
const march = 'from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z';
const ids = (body: { _id: string }[]) => body.map((x) => x._id);

describe('GET /appointments/cards (the calendar range as cards)', () => {
  it('answers the scheduled jobs overlapping the range as cards', async () => {
    const inRange = await buildJob(owner.api, cid, {
      appointmentTypeId: type._id,
      status: 'New',
      startDate: '2026-03-10T08:00:00Z',
      endDate: '2026-03-10T09:00:00Z',
    });
    const spanning = await buildJob(owner.api, cid, {
      hasSchedule: true,
      startDate: '2026-02-27T08:00:00Z',
      endDate: '2026-03-02T09:00:00Z',
    });
    const outside = await buildJob(owner.api, cid, {
      hasSchedule: true,
      startDate: '2026-04-01T00:00:00Z',
      endDate: '2026-04-01T01:00:00Z',
    });
    const unscheduled = await buildJob(owner.api, cid, {
      startDate: '2026-03-10T08:00:00Z',
      endDate: '2026-03-10T09:00:00Z',
    });
    const r = await cards(march);
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual(expect.arrayContaining([inRange._id, spanning._id]));
    expect(ids(r.body)).not.toContain(outside._id);
    expect(ids(r.body)).not.toContain(unscheduled._id);
    const one = r.body.find((x: { _id: string }) => x._id === inRange._id);
    expect(one).toMatchObject({ shownStatus: 'New', startDate: '2026-03-10T08:00:00.000Z' });
    expect(one).not.toHaveProperty('lineItems');

    const typed = await cards(`${march}&types=${type._id}`);
    expect(ids(typed.body)).toEqual([inRange._id]);
  });

  it('refuses a bad or too long range naming the field', async () => {
    for (const [q, field] of [
      ['from=nope&to=2026-04-01T00:00:00Z', 'from'],
      ['from=2026-04-01T00:00:00Z&to=2026-03-01T00:00:00Z', 'to'],
      ['from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z', 'to'],
      [`${march}&types=nope`, 'types'],
      ['to=2026-04-01T00:00:00Z', 'from'],
    ] as const) {
      const bad = await cards(q);
      expect(bad.status, q).toBe(400);
      expect(Object.keys(bad.body.fields), q).toEqual([field]);
    }
  });

  it("401 without a token, 403 without appointments r, nothing of another company's", async () => {
    expect((await anonymous(h).get(`${jobsUrl(cid)}/cards?${march}`)).status).toBe(401);
    const noR = await buildMember(h, cid, { invoices: { r: true, c: true } });
    expect((await cards(march, noR)).status).toBe(403);
    const other = await buildCompany(h);
    const theirs = await buildJob(other.owner.api, other.id, {
      hasSchedule: true,
      startDate: '2026-03-10T08:00:00Z',
      endDate: '2026-03-10T09:00:00Z',
    });
    expect(ids((await cards(march)).body)).not.toContain(theirs._id);
    expect((await other.owner.api.get(`${jobsUrl(cid)}/cards?${march}`)).status).toBe(404);
  });
});

describe('a board move is a patch', () => {
  it('a save with only the status and times keeps the assignee, client and the rest', async () => {
    const client = await buildClient(owner.api, cid);
    const j = await buildJob(owner.api, cid, {
      appointmentTypeId: type._id,
      userId: owner.id,
      entityId: client,
      faultDescription: 'Burst geyser',
    });
    const moved = await saveJob(owner.api, cid, {
      _id: j._id,
      status: 'Scheduled',
      hasSchedule: true,
      startDate: '2026-03-11T08:00:00.000Z',
      endDate: '2026-03-11T09:00:00.000Z',
      isAllDayEvent: false,
    });
    expect(moved.status).toBe(200);
    const now = await owner.api.get(`${jobsUrl(cid)}/activeJobs/${j._id}`);
    expect(now.body).toMatchObject({
      userId: owner.id,
      entityId: client,
      faultDescription: 'Burst geyser',
      shownStatus: 'Scheduled',
      startDate: '2026-03-11T08:00:00.000Z',
    });
    // null (or '') still clears them.
    await saveJob(owner.api, cid, { _id: j._id, userId: null, entityId: '' });
    const cleared = await owner.api.get(`${jobsUrl(cid)}/activeJobs/${j._id}`);
    expect(cleared.body).toMatchObject({ userId: null, entityId: null });
  });
});

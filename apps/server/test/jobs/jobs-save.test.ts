import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueJobs } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
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

describe('POST /appointments (create)', () => {
  it("creates an unscheduled job with the spec's defaults and a number", async () => {
    const r = await saveJob(owner.api, cid, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.appointmentNumber).toMatch(/^JOB\d{5}$/);
    const j = (await job(r.body._id)).body;
    const types = (await owner.api.get(typesUrl(cid))).body;
    expect(j).toMatchObject({
      appointmentTypeId: types[0]._id,
      hasSchedule: false,
      shownStatus: 'Unscheduled',
      isAllDayEvent: true,
      sendClientReminder: false,
      positionVerified: false,
    });
    const start = Date.parse(j.startDate);
    expect(start % (30 * 60 * 1000)).toBe(0);
    expect(start).toBeGreaterThan(Date.now());
    expect(Date.parse(j.endDate) - start).toBe(30 * 60 * 1000);
    expect(j.log[0]).toMatchObject({ s: 'Unscheduled' });
  });

  it('hands out unique numbers under 20 concurrent saves', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => saveJob(owner.api, cid, { appointmentTypeId: type._id })),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const numbers = answers.map((a) => a.body.appointmentNumber);
    expect(new Set(numbers).size).toBe(20);
  });

  it('uses the client position when the job has none, its own when given', async () => {
    const client = await buildClient(owner.api, cid, {
      googlePosition: { lat: -33.9, lng: 18.4 },
    } as never);
    let j = await buildJob(owner.api, cid, { entityId: client });
    expect(j.googlePosition).toEqual({ lat: -33.9, lng: 18.4 });
    expect(j.positionVerified).toBe(true);
    expect(j.clientName).toMatch(/^Client /);
    // Posted back as answered, the client's position does not become the job's own.
    expect((await saveJob(owner.api, cid, j)).status).toBe(200);
    const moved = await owner.api.post(`/api/companies/${cid}/entities`, {
      _id: client,
      name: 'Moved',
      surname: 'Client',
      googlePosition: { lat: -30, lng: 20 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await job(j._id)).body.googlePosition).toEqual({ lat: -30, lng: 20 });
    j = await buildJob(owner.api, cid, {
      entityId: client,
      address: '1 Main Rd',
      googlePosition: { lat: -34, lng: 18.5 },
    });
    expect(j.googlePosition).toEqual({ lat: -34, lng: 18.5 });
  });

  it('takes a job back as it was answered (assignees as { userId, name })', async () => {
    const on = await buildMember(h, cid, null);
    const j = await buildJob(owner.api, cid, { assignedUsers: [on.id] });
    expect(j.assignedUsers).toEqual([{ userId: on.id, name: `Test ${on.username}` }]);
    const r = await saveJob(owner.api, cid, { ...j, faultDescription: 'again' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await job(j._id)).body.assignedUsers).toEqual(j.assignedUsers);
  });

  it('answers 400 naming the field for bad input', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ appointmentTypeId: '00000000-0000-4000-8000-000000000000' }, 'appointmentTypeId'],
      [{ startDate: 'soon' }, 'startDate'],
      [{ startDate: '0000-01-01T00:00:00Z' }, 'startDate'],
      [{ endDate: '0001-01-01T00:00:00+14:00' }, 'endDate'],
      [{ startDate: '2026-12-02T10:00:00Z', endDate: '2026-12-01T10:00:00Z' }, 'endDate'],
      [{ entityId: '00000000-0000-4000-8000-000000000000' }, 'entityId'],
      [{ userId: '00000000-0000-4000-8000-000000000000' }, 'userId'],
      [{ assignedUsers: ['00000000-0000-4000-8000-000000000000'] }, 'assignedUsers'],
      [{ priority: 'Urgent' }, 'priority'],
      [{ status: 'Nowhere', appointmentTypeId: 'x' }, 'appointmentTypeId'],
    ];
    for (const [body, field] of bad) {
      const r = await saveJob(owner.api, cid, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
    }
  });

  it("refuses another company's client, and disabled members as assignees", async () => {
    const other = await buildCompany(h);
    const theirs = await buildClient(other.owner.api, other.id);
    let r = await saveJob(owner.api, cid, { entityId: theirs });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('entityId');
    const off = await buildMember(h, cid, null, { disabled: true });
    r = await saveJob(owner.api, cid, { userId: off.id });
    expect(r.body.fields).toHaveProperty('userId');
    const on = await buildMember(h, cid, null);
    const j = await buildJob(owner.api, cid, { userId: on.id, assignedUsers: [on.id] });
    expect(j.userId).toBe(on.id);
    expect(j.assignedUsers).toEqual([{ userId: on.id, name: `Test ${on.username}` }]);
  });

  it('needs appointments c to create and u to update; 401 without a token; 404 elsewhere', async () => {
    const onlyU = await buildMember(h, cid, { appointments: { u: true, r: true } });
    const onlyC = await buildMember(h, cid, { appointments: { c: true, r: true } });
    expect((await saveJob(onlyU.api, cid, {})).status).toBe(403);
    const made = await saveJob(onlyC.api, cid, {});
    expect(made.status).toBe(200);
    expect((await saveJob(onlyC.api, cid, { _id: made.body._id })).status).toBe(403);
    expect((await saveJob(onlyU.api, cid, { _id: made.body._id })).status).toBe(200);
    expect((await saveJob(anonymous(h), cid, {})).status).toBe(401);
    const other = await buildCompany(h);
    const theirs = await buildJob(other.owner.api, other.id, {});
    expect((await saveJob(owner.api, cid, { _id: theirs._id })).status).toBe(404);
    expect((await saveJob(owner.api, other.id, {})).status).toBe(404);
  });
});

describe('moves along the links', () => {
  it('moves New -> Quoted, refuses skipping ahead with the allowed statuses, allows Unscheduled', async () => {
    const j = await buildJob(owner.api, cid, { appointmentTypeId: type._id, status: 'New' });
    expect(j.shownStatus).toBe('New');
    let r = await saveJob(owner.api, cid, { ...j, status: 'Job Done' });
    expect(r.status).toBe(400);
    expect(r.body.fields.status).toBe(
      "A job in 'New' may move only to 'Quoted', 'Unscheduled', 'Scheduled'",
    );
    r = await saveJob(owner.api, cid, {
      _id: j._id,
      appointmentTypeId: type._id,
      status: 'Quoted',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = (await job(j._id)).body;
    expect(after.log.map((e: { s: string }) => e.s)).toEqual(['Quoted', 'New']);
    r = await saveJob(owner.api, cid, { _id: j._id, status: null, hasSchedule: false });
    expect(r.status).toBe(200);
    expect((await job(j._id)).body.shownStatus).toBe('Unscheduled');
    // From Unscheduled only the first status (or Scheduled).
    r = await saveJob(owner.api, cid, { _id: j._id, status: 'On site' });
    expect(r.status).toBe(400);
    r = await saveJob(owner.api, cid, { _id: j._id, hasSchedule: true });
    expect(r.status).toBe(200);
    expect((await job(j._id)).body.shownStatus).toBe('Scheduled');
  });

  it('refuses a new job in a later status and a status the type does not have', async () => {
    let r = await saveJob(owner.api, cid, { appointmentTypeId: type._id, status: 'Quoted' });
    expect(r.status).toBe(400);
    r = await saveJob(owner.api, cid, { appointmentTypeId: type._id, status: 'Gone' });
    expect(r.body.fields.status).toBe("'Gone' is not a status of this type");
  });

  it('a job in a final status is not active, and comes back when the status gets a link', async () => {
    const t = await buildType(owner.api, cid, plumbingType());
    const j = await buildJob(owner.api, cid, { appointmentTypeId: t._id, status: 'New' });
    for (const s of ['Quoted', 'On site', 'Job Done'])
      expect((await saveJob(owner.api, cid, { _id: j._id, status: s })).status).toBe(200);
    const active = (await owner.api.get(`${jobsUrl(cid)}/activeJobs`)).body;
    expect(active.map((x: { _id: string }) => x._id)).not.toContain(j._id);
    // The one job can still be read by id.
    expect((await job(j._id)).body.shownStatus).toBe('Job Done');
    const linked = structuredClone(t);
    linked.statuses[3].draw.linksTo = ['st-new'];
    expect((await owner.api.post(typesUrl(cid), linked)).status).toBe(200);
    const again = (await owner.api.get(`${jobsUrl(cid)}/activeJobs`)).body;
    expect(again.map((x: { _id: string }) => x._id)).toContain(j._id);
  });
});

describe('required fields', () => {
  it('refuses entering a status while its required fields are empty, naming them', async () => {
    const t = await buildType(
      owner.api,
      cid,
      plumbingType(undefined, { Quoted: { requiredComponents: ['notes', 'client', 'items'] } }),
    );
    const j = await buildJob(owner.api, cid, { appointmentTypeId: t._id, status: 'New' });
    let r = await saveJob(owner.api, cid, { _id: j._id, status: 'Quoted' });
    expect(r.status).toBe(400);
    expect(r.body.fields.status).toBe(
      "Fill in 'Notes', 'Client', 'Items' before moving the job to 'Quoted'",
    );
    const client = await buildClient(owner.api, cid);
    r = await saveJob(owner.api, cid, {
      _id: j._id,
      status: 'Quoted',
      entityId: client,
      lineItems: [line()],
      values: { notes: 'Leaking geyser' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});

describe('automations', () => {
  it('enqueues exactly one automation row per entry into a status with one', async () => {
    const t = await buildType(
      owner.api,
      cid,
      plumbingType(undefined, { Quoted: { sendNotificationClient: true } }),
    );
    const j = await buildJob(owner.api, cid, { appointmentTypeId: t._id, status: 'New' });
    const rows = () =>
      h.deps.database.db
        .select()
        .from(queueJobs)
        .where(and(eq(queueJobs.kind, 'job-status-automation'), eq(queueJobs.companyId, cid)));
    const before = (await rows()).length;
    expect((await saveJob(owner.api, cid, { _id: j._id, status: 'Quoted' })).status).toBe(200);
    // Saving again in the same status is not a new entry.
    expect((await saveJob(owner.api, cid, { _id: j._id, status: 'Quoted' })).status).toBe(200);
    const mine = (await rows()).filter((r) => (r.payload as { jobId: string }).jobId === j._id);
    expect((await rows()).length).toBe(before + 1);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({
      jobId: j._id,
      statusId: 'st-quoted',
      statusName: 'Quoted',
      entry: 2,
    });
    expect(mine[0]!.dedupeKey).toBe(`job-status:${j._id}:2`);
  });
});

describe('optimistic concurrency', () => {
  it('answers 409 to a save based on an older updatedAt, and loses no write', async () => {
    const j = await buildJob(owner.api, cid, { faultDescription: 'first' });
    const a = await saveJob(owner.api, cid, { ...j, faultDescription: 'second' });
    expect(a.status).toBe(200);
    const b = await saveJob(owner.api, cid, { ...j, faultDescription: 'third' });
    expect(b.status).toBe(409);
    expect(b.body.error).toBe('This job was changed by someone else; reload it');
    expect((await job(j._id)).body.faultDescription).toBe('second');
    const c = await saveJob(owner.api, cid, {
      ...j,
      updatedAt: a.body.updatedAt,
      faultDescription: 'fourth',
    });
    expect(c.status).toBe(200);
  });
});

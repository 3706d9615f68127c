import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, saveJob } from '../support/jobs-helpers.js';

/*
 * Permissions per status and group (spec §4, DECISIONS §12): in 'Quoted' the
 * notes are view-only for everyone and hidden from the technicians' group,
 * prices are hidden from that group, the assignee is hidden from everyone
 * and the schedule is view-only for the group. 'New' hides nothing.
 */
let h: Harness;
let cid: string;
let owner: TestUser;
let tech: TestUser & { groupId: string | null };
let typeId: string;
let jobId: string;
const START = '2026-12-01T08:00:00.000Z';

beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  tech = await buildMember(h, cid, { appointments: { r: true, u: true, c: true } });
  const g = tech.groupId!;
  const t = plumbingType();
  t.components = t.components.map((comp) =>
    comp.prop === 'notes'
      ? {
          ...comp,
          permissions: { 'st-quoted': { viewOnly: true, groups: { [g]: { hide: true } } } },
        }
      : comp.prop === 'items'
        ? { ...comp, permissions: { 'st-quoted': { groups: { [g]: { hideItemPrice: true } } } } }
        : comp,
  );
  t.statuses[1]!.permissions = { hideAssignee: true, groups: { [g]: { viewOnlySchedule: true } } };
  typeId = (await buildType(owner.api, cid, t))._id;
  const j = await buildJob(owner.api, cid, {
    appointmentTypeId: typeId,
    status: 'New',
    startDate: START,
    endDate: '2026-12-01T09:00:00.000Z',
    isAllDayEvent: false,
    userId: tech.id,
    lineItems: [line({ price: 100 })],
    values: { notes: 'secret' },
  });
  jobId = j._id;
  const r = await saveJob(owner.api, cid, { ...j, status: 'Quoted' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(() => h.close());

const read = (u: TestUser) => u.api.get(`${jobsUrl(cid)}/activeJobs/${jobId}`);

describe('a status with permissions', () => {
  it('does not send hidden values, prices or the assignee to the group', async () => {
    const j = (await read(tech)).body;
    expect(j.values).not.toHaveProperty('notes');
    expect(j.lineItems[0]).not.toHaveProperty('price');
    expect(j.lineItems[0].description).toBe('Labour');
    expect(j.userId).toBeNull();
    // The board's card carries no values or lines at all, and no assignee here either.
    const list = (await tech.api.get(`${jobsUrl(cid)}/activeJobs`)).body;
    const card = list.find((x: { _id: string }) => x._id === jobId);
    expect(card).not.toHaveProperty('values');
    expect(card).not.toHaveProperty('lineItems');
    expect(card.userId).toBeNull();
    expect(card.assignedUsers).toEqual([]);
  });

  it("sends the owner what only the group's flags hide", async () => {
    const j = (await read(owner)).body;
    expect(j.values.notes).toBe('secret');
    expect(j.lineItems[0].price).toBe(100);
    // hideAssignee is general: the owner reads the general flags.
    expect(j.userId).toBeNull();
  });

  it('does not write hidden, view-only, price-hidden, assignee or locked schedule fields', async () => {
    const seen = (await read(tech)).body;
    const r = await saveJob(tech.api, cid, {
      ...seen,
      values: { notes: 'overwritten' },
      lineItems: [line({ price: 0, description: 'Free' })],
      userId: null,
      startDate: '2026-12-05T08:00:00.000Z',
      endDate: '2026-12-05T09:00:00.000Z',
      faultDescription: 'Dripping',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const j = (await read(owner)).body;
    expect(j.values.notes).toBe('secret');
    expect(j.lineItems).toMatchObject([{ description: 'Labour', price: 100 }]);
    expect(j.startDate).toBe(START);
    expect(j.faultDescription).toBe('Dripping');
    // The owner's save keeps the hidden assignee too, and view-only notes.
    const again = await saveJob(owner.api, cid, { ...j, values: { notes: 'owner' } });
    expect(again.status).toBe(200);
    const after = (await read(owner)).body;
    expect(after.values.notes).toBe('secret');
    // Unscheduled keeps Quoted's flags (the assignee stays hidden); the row still has it.
    await saveJob(owner.api, cid, { ...after, status: 'Unscheduled' });
    expect((await read(owner)).body.userId).toBeNull();
    const rows = await h.deps.database.db.execute(
      sql`select user_id from appointments where id = ${after._id}`,
    );
    expect(rowsOf<{ user_id: string }>(rows)[0]!.user_id).toBe(tech.id);
  });

  it('takes back what it sent (lines without prices) unchanged', async () => {
    const seen = (await read(tech)).body;
    const r = await saveJob(tech.api, cid, { ...seen, resolution: 'Fixed' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const j = (await read(owner)).body;
    expect(j.lineItems).toMatchObject([{ description: 'Labour', price: 100 }]);
    expect(j.resolution).toBe('Fixed');
  });

  it('refuses a line without a price where prices are not hidden', async () => {
    const j = await buildJob(owner.api, cid, { appointmentTypeId: typeId, status: 'New' });
    const r = await saveJob(tech.api, cid, { ...j, lineItems: [{ description: 'No price' }] });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(['lineItems.0.price']);
  });

  it('leaves everything editable in a status that hides nothing', async () => {
    const j = await buildJob(owner.api, cid, { appointmentTypeId: typeId, status: 'New' });
    const r = await saveJob(tech.api, cid, {
      ...j,
      values: { notes: 'tech wrote this' },
      lineItems: [line({ price: 55 })],
    });
    expect(r.status).toBe(200);
    const mine = (await tech.api.get(`${jobsUrl(cid)}/activeJobs/${j._id}`)).body;
    expect(mine.values.notes).toBe('tech wrote this');
    expect(mine.lineItems[0].price).toBe(55);
  });
});

describe('hideDeleteItem', () => {
  it('refuses deleting a job while its status hides delete for the member', async () => {
    const t = plumbingType(undefined, { New: { permissions: { hideDeleteItem: true } } });
    const type = await buildType(owner.api, cid, t);
    const j = await buildJob(owner.api, cid, { appointmentTypeId: type._id, status: 'New' });
    const deleter = await buildMember(h, cid, { appointments: { r: true, d: true } });
    const r = await deleter.api.post(`${jobsUrl(cid)}/${j._id}/delete`);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("A job in 'New' cannot be deleted");
  });
});

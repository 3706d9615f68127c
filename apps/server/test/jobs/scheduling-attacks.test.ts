import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { appointments } from '../../src/db/schema/index.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, saveJob } from '../support/jobs-helpers.js';

/**
 * An attacker's view of the scheduling work: hostile calendar ranges, board
 * moves (partial saves) against a status's permissions, and what a member's
 * calendar feed tells of a status that hides the assignee.
 */
let h: Harness;
let cid: string;
let owner: TestUser;
let tech: Awaited<ReturnType<typeof buildMember>>;
let typeId: string;
const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number, hourUtc: number) => {
  const d = new Date(Date.now() + n * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  tech = await buildMember(h, cid, { appointments: { r: true, u: true, c: true } });
  const t = plumbingType();
  // Quoted hides the assignee from everyone but the owner's general view; the client is
  // view-only there for the tech's group.
  t.statuses[1]!.permissions = { hideAssignee: true };
  t.components = t.components.map((comp) =>
    comp.prop === 'client'
      ? {
          ...comp,
          permissions: { 'st-quoted': { groups: { [tech.groupId!]: { viewOnly: true } } } },
        }
      : comp,
  );
  typeId = (await buildType(owner.api, cid, t))._id;
});
afterAll(() => h.close());

/** A job the owner moved to Quoted, the tech its assignee. */
async function quotedJob(extra: Record<string, unknown> = {}) {
  const client = await buildClient(owner.api, cid);
  const j = await buildJob(owner.api, cid, {
    appointmentTypeId: typeId,
    status: 'New',
    userId: tech.id,
    entityId: client,
    isAllDayEvent: false,
    startDate: inDays(2, 8),
    endDate: inDays(2, 9),
    ...extra,
  });
  const q = await saveJob(owner.api, cid, { _id: j._id, status: 'Quoted' });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  return { id: j._id as string, client };
}
/** The job as stored (the answers hide the assignee in Quoted, even from the owner). */
async function stored(id: string) {
  const [row] = await h.deps.database.db.select().from(appointments).where(eq(appointments.id, id));
  return { ...row!, shownStatus: row!.status };
}

describe('GET /appointments/cards with hostile input', () => {
  it('answers 400, never 5xx, for NUL, SQL, far dates, many or long type lists', async () => {
    const ok = 'from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z';
    const id = '00000000-0000-4000-8000-000000000000';
    for (const q of [
      'from=2026-03-01T00:00:00Z%00&to=2026-04-01T00:00:00Z',
      "from=2026-03-01' or 1=1--&to=2026-04-01T00:00:00Z",
      'from=9999-12-31T00:00:00Z&to=10000-01-02T00:00:00Z',
      'from=1899-12-31T00:00:00Z&to=1900-01-05T00:00:00Z',
      `${ok}&types=${encodeURIComponent("x') or true--")}`,
      `${ok}&types=${Array(51).fill(id).join(',')}`,
      `${ok}&types=${'a'.repeat(2001)}`,
      `${ok}&types=${id}%00`,
    ]) {
      const r = await owner.api.get(`${jobsUrl(cid)}/cards?${q}`);
      expect(r.status, q).toBe(400);
    }
    const many = await owner.api.get(`${jobsUrl(cid)}/cards?${ok}&types=${Array(50).fill(id)}`);
    expect(many.status).toBe(200);
    expect(many.body).toEqual([]);
  });

  it('a status that hides the assignee hides it in the range too', async () => {
    const { id } = await quotedJob();
    const from = inDays(0, 0);
    const to = inDays(7, 0);
    const r = await tech.api.get(`${jobsUrl(cid)}/cards?from=${from}&to=${to}&types=${typeId}`);
    expect(r.status).toBe(200);
    const card = (r.body as Record<string, unknown>[]).find((c) => c._id === id);
    expect(card).toMatchObject({ userId: null, assignedUsers: [] });
  });
});

describe('a board move (partial save) against the status permissions', () => {
  it('a member cannot clear or change a hidden assignee or a view-only client', async () => {
    const { id, client } = await quotedJob();
    const other = await buildClient(owner.api, cid);
    const r = await saveJob(tech.api, cid, {
      _id: id,
      status: 'Quoted',
      userId: null,
      assignedUsers: [],
      entityId: other,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const now = await stored(id);
    expect(now).toMatchObject({ userId: tech.id, entityId: client });
    const again = await saveJob(tech.api, cid, { _id: id, userId: owner.id, entityId: '' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ userId: tech.id, entityId: client });
  });

  it('a move still refuses a status off the links and needs appointments u', async () => {
    const { id } = await quotedJob();
    const skip = await saveJob(tech.api, cid, { _id: id, status: 'Job Done', hasSchedule: true });
    expect(skip.status).toBe(400);
    expect(Object.keys(skip.body.fields)).toEqual(['status']);
    const reader = await buildMember(h, cid, { appointments: { r: true } });
    const ro = await saveJob(reader.api, cid, { _id: id, status: 'On site', hasSchedule: true });
    expect(ro.status).toBe(403);
    expect((await stored(id)).shownStatus).toBe('Quoted');
  });
});

describe('the calendar feed and a status that hides the assignee', () => {
  it('leaves out the jobs whose assignee the member may not see', async () => {
    const { id: hidden } = await quotedJob();
    const seen = await buildJob(owner.api, cid, {
      appointmentTypeId: typeId,
      status: 'New',
      userId: tech.id,
      isAllDayEvent: false,
      startDate: inDays(3, 8),
      endDate: inDays(3, 9),
    });
    const url = (await tech.api.post(`/api/companies/${cid}/calendarFeed`)).body.url as string;
    const text = String((await anonymous(h).get(new URL(url).pathname)).body);
    expect(text).toContain(`UID:${seen._id}@fieldbook`);
    expect(text).not.toContain(`UID:${hidden}@fieldbook`);
  });
});

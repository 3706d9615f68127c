import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZJobCard, type TAppointment, type TJobCard } from '@fieldbook/core';
import { createJobsService } from '../../src/areas/jobs/jobs.service.js';
import { appointments, clients } from '../../src/db/schema/index.js';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, saveJob } from '../support/jobs-helpers.js';

/*
 * GET activeJobs answers cards built in SQL (active-jobs.repo.ts); the
 * presenter (presentJob) picked down to the card fields is the reference.
 * Both must answer the same for jobs with every field filled, in every kind of
 * place, for the owner and for a member whose group hides a value, prices,
 * the assignee and (in another type) the items.
 */
let h: Harness;
let cid: string;
let owner: TestUser;
let tech: TestUser & { groupId: string | null };
const ids: string[] = [];

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
      ? { ...comp, permissions: { 'st-quoted': { groups: { [g]: { hide: true } } } } }
      : comp.prop === 'items'
        ? { ...comp, permissions: { 'st-quoted': { groups: { [g]: { hideItemPrice: true } } } } }
        : comp,
  );
  t.statuses[1]!.permissions = { hideAssignee: true };
  const typeId = (await buildType(owner.api, cid, t))._id;
  // A second type hides its items (and so the lines) from the group on site.
  const t2 = plumbingType();
  t2.components = t2.components.map((comp) =>
    comp.prop === 'items'
      ? { ...comp, permissions: { 'st-site': { groups: { [g]: { hide: true } } } } }
      : comp,
  );
  const type2 = (await buildType(owner.api, cid, t2))._id;

  const client = await buildClient(owner.api, cid, { name: 'Ann', surname: '' });
  await h.deps.database.db
    .update(clients)
    .set({ googlePosition: { lat: -33.9, lng: 18.4 } })
    .where(and(eq(clients.companyId, cid), eq(clients.id, client)));
  const full = (typeId: string, extra: object = {}) => ({
    appointmentTypeId: typeId,
    status: 'New',
    hasSchedule: true,
    startDate: '2026-12-01T08:00:00.000Z',
    endDate: '2026-12-01T09:30:00.000Z',
    isAllDayEvent: false,
    sendClientReminder: true,
    priority: 'High',
    userId: tech.id,
    assignedUsers: [tech.id, owner.id],
    entityId: client,
    faultDescription: 'Leaks',
    resolution: 'Replaced',
    lineItems: [
      line({ price: 100.05, qty: 2, code: 'G1', notes: 'n' }),
      line({ price: 12.5 }),
      line({ price: 0, qty: 0.5 }),
    ],
    to: 'Ann',
    toEmail: 'ann@example.test',
    values: { notes: 'secret', photos: [] },
    location: { latitude: -33.9, longitude: 18.4 },
    ...extra,
  });
  const bodies = [
    full(typeId),
    full(typeId, { address: '1 Own Road', googlePosition: { lat: 1.5, lng: 2.25 } }),
    full(typeId, { status: null, hasSchedule: false }),
    full(typeId),
    full(type2),
    { appointmentTypeId: type2 },
  ];
  for (const b of bodies) {
    const j = await buildJob(owner.api, cid, b);
    ids.push(j._id);
    // A second save so the log has two entries.
    expect((await saveJob(owner.api, cid, { ...j, faultDescription: 'Leaks a lot' })).status).toBe(
      200,
    );
  }
  expect((await owner.api.post(`${jobsUrl(cid)}/${ids[0]}/comments`, { text: 'Hi' })).status).toBe(
    200,
  );
  // Fields the modal does not save (the route planner's), and a status the type no longer has.
  await h.deps.database.db
    .update(appointments)
    .set({
      depart: new Date('2026-12-01T07:15:00.123Z'),
      distance: 12.5,
      duration: 900,
      displayOrder: 3,
      progress: 40,
      dependencies: [ids[1]!],
      order: 2,
      sortOrder: 7,
    })
    .where(and(eq(appointments.companyId, cid), eq(appointments.id, ids[0]!)));
  // Places the workflow reaches in several moves, set directly.
  const place = (i: number, status: string | null) =>
    h.deps.database.db
      .update(appointments)
      .set({ status })
      .where(and(eq(appointments.companyId, cid), eq(appointments.id, ids[i]!)));
  await place(1, 'Quoted');
  // Unscheduled after Quoted: Quoted's permissions still apply (last_status).
  await h.deps.database.db
    .update(appointments)
    .set({ lastStatus: 'Quoted' })
    .where(and(eq(appointments.companyId, cid), eq(appointments.id, ids[2]!)));
  await place(3, 'Gone');
  await place(4, 'On site');
});
afterAll(() => h.close());

const who = (u: TestUser, isOwner: boolean) => ({
  companyId: cid,
  rank: null,
  member: { isOwner, disabled: false, rights: { appointments: { r: true } } },
  userId: u.id,
});

const cardKeys = Object.keys(ZJobCard.shape).sort();
const toCard = (j: TAppointment) =>
  Object.fromEntries(cardKeys.map((k) => [k, j[k as keyof TAppointment]])) as TJobCard;

describe('activeJobs cards built in SQL', () => {
  it('equal the presenter picked down to the card, for the owner and a restricted member', async () => {
    const svc = createJobsService(h.deps);
    for (const [u, isOwner] of [
      [owner, true],
      [tech, false],
    ] as const) {
      const reference = (await svc.active(cid, who(u, isOwner))).map(toCard);
      expect(reference.map((j) => j._id).sort()).toEqual([...ids].sort());
      const cards = JSON.parse(await svc.activeCardsJson(cid, who(u, isOwner))) as TJobCard[];
      expect(cards).toEqual(reference);
      // Exactly the card's fields, each one there (no values, lines, log or prices).
      for (const c of cards) expect(Object.keys(c).sort()).toEqual(cardKeys);
      // And through HTTP, as the board reads it.
      const r = await u.api.get(`${jobsUrl(cid)}/activeJobs`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual(reference);
    }
  });

  it('leaves the assignee out where the group may not see it, and keeps it for the owner', async () => {
    const mine: TJobCard[] = (await tech.api.get(`${jobsUrl(cid)}/activeJobs`)).body;
    const all: TJobCard[] = (await owner.api.get(`${jobsUrl(cid)}/activeJobs`)).body;
    const by = (list: TJobCard[], id: string) => list.find((j) => j._id === id)!;
    // Quoted hides the assignee (the status's hideAssignee, as in the full answer).
    expect(by(mine, ids[1]!).assignedUsers).toEqual([]);
    expect(by(mine, ids[1]!).userId).toBeNull();
    expect(by(mine, ids[0]!).assignedUsers).toHaveLength(2);
    expect(by(mine, ids[0]!).userId).toBe(tech.id);
    const quotedOwner = by(all, ids[1]!);
    expect(quotedOwner.googlePosition).toEqual({ lat: 1.5, lng: 2.25 });
    const first = by(all, ids[0]!);
    expect(first.assignedUsers).toEqual([
      { userId: tech.id, name: expect.any(String) },
      { userId: owner.id, name: expect.any(String) },
    ]);
    expect(first.googlePosition).toEqual({ lat: -33.9, lng: 18.4 });
    expect(first.positionVerified).toBe(true);
    expect(first.displayOrder).toBe(3);
    expect(first.clientName).toBe('Ann');
    expect(by(all, ids[2]!).shownStatus).toBe('Unscheduled');
    // Unscheduled after Quoted keeps Quoted's hideAssignee.
    expect(by(mine, ids[2]!).assignedUsers).toEqual([]);
    expect(by(mine, ids[2]!).userId).toBeNull();
    // sortOrder 7 puts it last.
    expect(all.at(-1)?._id).toBe(ids[0]);
    // A job opened from the board still comes in full.
    const one = await tech.api.get(`${jobsUrl(cid)}/activeJobs/${ids[1]}`);
    expect(one.status).toBe(200);
    expect(one.body.values).not.toHaveProperty('notes');
    expect(one.body.lineItems[0]).not.toHaveProperty('price');
    const full = await owner.api.get(`${jobsUrl(cid)}/activeJobs/${ids[0]}`);
    expect(full.body.values).toHaveProperty('notes', 'secret');
    expect(full.body.lineItems).toHaveLength(3);
  });
});

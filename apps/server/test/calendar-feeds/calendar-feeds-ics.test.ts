import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ymdOfInstant } from '@fieldbook/core';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType } from '../support/jobs-helpers.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let tech: TestUser;
let type: { _id: string };
const ZONE = 'Africa/Johannesburg';
const DAY = 24 * 60 * 60 * 1000;
/** Days from today in the company's zone, as YYYY-MM-DD. */
const day = (n: number) => addDays(ymdOfInstant(Date.now(), ZONE), n);

beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  tech = await buildMember(h, cid, { appointments: { r: true } });
  type = await buildType(owner.api, cid);
});
afterAll(() => h.close());

/** The feed parsed by ical.js (an independent parser), its zones registered. */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { cal, events };
}

describe('GET /api/calendar/{token}.ics parsed by ical.js', () => {
  it("lists the member's scheduled jobs in the company's time zone", async () => {
    const entityId = await buildClient(owner.api, cid, {
      name: 'Thandi',
      surname: 'Mokoena',
      address: '12 Long Street, Cape Town',
    });
    const base = { appointmentTypeId: type._id, hasSchedule: true, status: 'New' };
    // 08:00 in Johannesburg (UTC+2) is 06:00Z.
    const timed = await buildJob(owner.api, cid, {
      ...base,
      entityId,
      userId: tech.id,
      faultDescription: 'Geyser leaking',
      isAllDayEvent: false,
      startDate: `${day(2)}T06:00:00Z`,
      endDate: `${day(2)}T07:30:00Z`,
    });
    // Assigned (not the owner of the job), all day: local midnight to midnight.
    const allDay = await buildJob(owner.api, cid, {
      ...base,
      assignedUsers: [tech.id],
      address: '5 Main Road, Durban',
      faultDescription: 'Annual service',
      isAllDayEvent: true,
      startDate: `${addDays(day(3), -1)}T22:00:00Z`,
      endDate: `${day(3)}T22:00:00Z`,
    });
    const notTheirs = await buildJob(owner.api, cid, {
      ...base,
      userId: owner.id,
      startDate: `${day(2)}T06:00:00Z`,
      endDate: `${day(2)}T07:00:00Z`,
    });
    const unscheduled = await buildJob(owner.api, cid, {
      appointmentTypeId: type._id,
      userId: tech.id,
      startDate: `${day(2)}T06:00:00Z`,
      endDate: `${day(2)}T07:00:00Z`,
    });
    const tooFar = await buildJob(owner.api, cid, {
      ...base,
      userId: tech.id,
      startDate: `${day(100)}T06:00:00Z`,
      endDate: `${day(100)}T07:00:00Z`,
    });
    const past = await buildJob(owner.api, cid, {
      ...base,
      userId: tech.id,
      startDate: `${day(-20)}T06:00:00Z`,
      endDate: `${day(-20)}T07:00:00Z`,
    });

    const url = (await tech.api.post(`/api/companies/${cid}/calendarFeed`)).body.url as string;
    const r = await anonymous(h).get(new URL(url).pathname);
    expect(r.status).toBe(200);
    const { cal, events } = parse(String(r.body));
    const company = (await owner.api.get(`/api/companies/${cid}`)).body;
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe(`${company.companyName} jobs`);
    expect(cal.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(ZONE);

    const uids = events.map((e) => e.uid);
    expect(uids).toEqual(
      expect.arrayContaining([
        `${timed._id}@fieldbook`,
        `${allDay._id}@fieldbook`,
        `${past._id}@fieldbook`,
      ]),
    );
    for (const other of [notTheirs, unscheduled, tooFar])
      expect(uids).not.toContain(`${other._id}@fieldbook`);

    const t = events.find((e) => e.uid === `${timed._id}@fieldbook`)!;
    expect(t.startDate.isDate).toBe(false);
    expect(t.startDate.zone?.tzid).toBe(ZONE);
    expect(t.startDate.toString()).toBe(`${day(2)}T08:00:00`);
    expect(t.startDate.toJSDate().toISOString()).toBe(`${day(2)}T06:00:00.000Z`);
    expect(t.endDate.toJSDate().toISOString()).toBe(`${day(2)}T07:30:00.000Z`);
    expect(t.summary).toBe(`${timed.appointmentNumber} · Thandi Mokoena: Geyser leaking`);
    expect(t.location).toBe('12 Long Street, Cape Town');
    expect(t.description).toBe('Status: New\nFault: Geyser leaking');
    const modified = t.component.getFirstPropertyValue('last-modified') as ICAL.Time;
    expect(modified.toJSDate().toISOString()).toBe(
      new Date(timed.updatedAt).toISOString().replace(/\.\d+Z$/, '.000Z'),
    );

    const a = events.find((e) => e.uid === `${allDay._id}@fieldbook`)!;
    expect(a.startDate.isDate).toBe(true);
    expect(a.startDate.toString()).toBe(day(3));
    expect(a.endDate.toString()).toBe(day(4));
    expect(a.location).toBe('5 Main Road, Durban');
    expect(a.summary).toBe(`${allDay.appointmentNumber} · Annual service`);
  });

  it('the same job keeps its UID when it moves', async () => {
    const job = await buildJob(owner.api, cid, {
      appointmentTypeId: type._id,
      hasSchedule: true,
      userId: tech.id,
      startDate: new Date(Date.now() + 5 * DAY).toISOString(),
      endDate: new Date(Date.now() + 5 * DAY + 3_600_000).toISOString(),
    });
    const url = (await tech.api.get(`/api/companies/${cid}/calendarFeed`)).body.url as string;
    const before = parse(String((await anonymous(h).get(new URL(url).pathname)).body)).events;
    const moved = await owner.api.post(`/api/companies/${cid}/appointments`, {
      _id: job._id,
      startDate: new Date(Date.now() + 6 * DAY).toISOString(),
      endDate: new Date(Date.now() + 6 * DAY + 3_600_000).toISOString(),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = parse(String((await anonymous(h).get(new URL(url).pathname)).body)).events;
    const uid = `${job._id}@fieldbook`;
    const b = before.find((e) => e.uid === uid)!;
    const c = after.find((e) => e.uid === uid)!;
    expect(c.startDate.toJSDate().getTime() - b.startDate.toJSDate().getTime()).toBe(DAY);
    expect(after.filter((e) => e.uid === uid)).toHaveLength(1);
  });
});

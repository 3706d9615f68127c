import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { addMember } from '../../src/areas/companies/companies.repo.js';
import { invalidateCompany } from '../../src/platform/access.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType } from '../support/jobs-helpers.js';

/** Hostile input against the public calendar feed (docs/scheduling.md, "Calendar feed"). */
let h: Harness;
let cid: string;
let owner: TestUser;
let tech: TestUser;
let type: { _id: string };
const DAY = 24 * 60 * 60 * 1000;
const feedOf = async (who: TestUser) => {
  const url = (await who.api.post(`/api/companies/${cid}/calendarFeed`)).body.url as string;
  const r = await anonymous(h).get(new URL(url).pathname);
  expect(r.status).toBe(200);
  return String(r.body);
};
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
  tech = await buildMember(h, cid, { appointments: { r: true } });
  type = await buildType(owner.api, cid);
});
afterAll(() => h.close());

describe('the calendar feed against hostile text', () => {
  it('a company or client name with line breaks and control characters adds no lines', async () => {
    const evil =
      'Acme\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Pay here\r\nURL:http://evil.test';
    const renamed = await owner.api.post(`/api/companies/${cid}`, { companyName: evil });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const entityId = await buildClient(owner.api, cid, {
      name: 'Bob\u0007\r\nATTACH:http://evil.test/x',
      surname: 'Smith\u000b',
      address: 'Street 1\r\nEND:VEVENT',
    });
    await buildJob(owner.api, cid, {
      appointmentTypeId: type._id,
      hasSchedule: true,
      status: 'New',
      entityId,
      userId: tech.id,
      faultDescription: 'Leak\u0001\r\nEND:VEVENT\r\nBEGIN:VEVENT' + ' long'.repeat(400),
      isAllDayEvent: false,
      startDate: inDays(2, 8),
      endDate: inDays(2, 9),
    });
    const text = await feedOf(tech);
    // Only CRLF ends a line and no control character other than a tab is left (RFC 5545 3.3.11).
    // eslint-disable-next-line no-control-regex
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
    const lines = text.split('\r\n');
    for (const l of lines) expect(Buffer.byteLength(l), l).toBeLessThanOrEqual(75);
    for (const bad of ['URL:', 'ATTACH:', 'SUMMARY:Pay here'])
      expect(
        lines.filter((l) => l.startsWith(bad)),
        bad,
      ).toEqual([]);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((l) => l === 'END:VCALENDAR')).toHaveLength(1);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(String(cal.getFirstPropertyValue('x-wr-calname'))).toMatch(/^Acme END:VCALENDAR/);
  });
});

describe('the calendar feed in a zone the VTIMEZONE library lacks', () => {
  it('times are still the right instants (Europe/Kyiv)', async () => {
    const c = await buildCompany(h);
    const set = await c.owner.api.post(`/api/companies/${c.id}`, {
      companyName: 'Kyiv Co',
      timeZone: 'Europe/Kyiv',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const t = await buildType(c.owner.api, c.id);
    const start = inDays(3, 7);
    const job = await buildJob(c.owner.api, c.id, {
      appointmentTypeId: t._id,
      hasSchedule: true,
      userId: c.owner.id,
      isAllDayEvent: false,
      startDate: start,
      endDate: inDays(3, 8),
    });
    const url = (await c.owner.api.post(`/api/companies/${c.id}/calendarFeed`)).body.url as string;
    const r = await anonymous(h).get(new URL(url).pathname);
    expect(r.status).toBe(200);
    const cal = new ICAL.Component(ICAL.parse(String(r.body)));
    for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    // Every TZID used is defined in the feed, or the time is UTC.
    const tzids = new Set(
      cal.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid'))),
    );
    const ev = cal
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.uid === `${job._id}@fieldbook`)!;
    const zone = ev.startDate.zone?.tzid;
    expect(zone === 'UTC' || tzids.has(String(zone)), String(zone)).toBe(true);
    expect(ev.startDate.toJSDate().toISOString()).toBe(start);
  });
});

describe('the calendar feed of a member who was removed', () => {
  it('stays dead when the member is added again', async () => {
    const m = await buildMember(h, cid, { appointments: { r: true } });
    const url = (await m.api.post(`/api/companies/${cid}/calendarFeed`)).body.url as string;
    const path = new URL(url).pathname;
    expect((await anonymous(h).get(path)).status).toBe(200);
    const rm = await owner.api.post(`/api/companies/${cid}/users/${m.id}/delete`);
    expect(rm.status).toBe(200);
    expect((await anonymous(h).get(path)).status).toBe(404);
    // Invited again later: the old URL (perhaps still in a calendar it was shared to) stays off.
    await addMember(h.deps.database.db, cid, m.id, m.groupId);
    invalidateCompany(h.deps, cid, m.id);
    expect((await m.api.get(`/api/companies/${cid}/calendarFeed`)).status).toBe(200);
    const back = await anonymous(h).get(path);
    expect(back.status).toBe(404);
    expect(back.body).toEqual({ error: 'Calendar feed not found' });
    expect((await m.api.get(`/api/companies/${cid}/calendarFeed`)).body.enabled).toBe(false);
  });
});

// Last in this file: it spends the minute's allowance of the test client's address.
describe('GET /api/calendar/{token}.ics is rate limited per address', () => {
  it('answers 429 after 60 requests in a minute, whatever the token', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push((await anonymous(h).get(`/api/calendar/${'A'.repeat(43)}.ics`)).status);
    expect(codes.slice(0, 60).every((c) => c === 404 || c === 429)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});

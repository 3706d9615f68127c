import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let cid: string;
let owner: TestUser;
beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
});
afterAll(() => h.close());

const feedUrl = (c: string) => `/api/companies/${c}/calendarFeed`;
/** The path of a feed URL as the app answers it (PUBLIC_URL is http://fieldbook.test). */
const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => anonymous(h).get(pathOf(url));
const jobsRights = { appointments: { r: true, c: true, u: true } };

describe('the calendar feed of a member (/calendarFeed)', () => {
  it('is off at first, turns on with a private URL, answers the same URL again', async () => {
    const m = await buildMember(h, cid, jobsRights);
    const off = await m.api.get(feedUrl(cid));
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, url: null });

    const on = await m.api.post(feedUrl(cid));
    expect(on.status).toBe(200);
    expect(on.body.enabled).toBe(true);
    expect(on.body.url).toMatch(
      /^http:\/\/fieldbook\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect((await m.api.get(feedUrl(cid))).body).toEqual(on.body);

    const got = await fetchFeed(on.body.url);
    expect(got.status).toBe(200);
    expect(String(got.headers['content-type'])).toMatch(/^text\/calendar/);
    expect(got.headers['cache-control']).toBe('private, max-age=300');
    expect(String(got.body)).toContain('BEGIN:VCALENDAR');
  });

  it('a new URL stops the old one at once; turning off stops the feed', async () => {
    const m = await buildMember(h, cid, jobsRights);
    const first = (await m.api.post(feedUrl(cid))).body.url as string;
    const second = (await m.api.post(feedUrl(cid))).body.url as string;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await m.api.get(feedUrl(cid))).body.url).toBe(second);

    const off = await m.api.post(`${feedUrl(cid)}/delete`);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, url: null });
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await m.api.get(feedUrl(cid))).body.enabled).toBe(false);
  });

  it('one feed per company: the same user has another URL in another company', async () => {
    const other = await buildCompany(h, owner);
    const a = (await owner.api.post(feedUrl(cid))).body.url;
    const b = (await owner.api.post(feedUrl(other.id))).body.url;
    expect(a).not.toBe(b);
    expect((await fetchFeed(a)).status).toBe(200);
    expect((await fetchFeed(b)).status).toBe(200);
  });

  it('unknown, malformed and guessed tokens are the same 404', async () => {
    for (const t of ['x', 'A'.repeat(43), 'A'.repeat(44), '..%2F..%2Fetc']) {
      const r = await anonymous(h).get(`/api/calendar/${t}.ics`);
      expect(r.status, t).toBe(404);
      expect(r.body, t).toEqual({ error: 'Calendar feed not found' });
    }
  });

  it('a disabled member, a removed member and one who lost appointments r: 404', async () => {
    const disabled = await buildMember(h, cid, jobsRights);
    const removed = await buildMember(h, cid, jobsRights);
    const demoted = await buildMember(h, cid, jobsRights);
    const urls = new Map<TestUser, string>();
    for (const m of [disabled, removed, demoted]) {
      urls.set(m, (await m.api.post(feedUrl(cid))).body.url);
      expect((await fetchFeed(urls.get(m)!)).status).toBe(200);
    }
    const d = await owner.api.post(`/api/companies/${cid}/users/${disabled.id}`, {
      disabled: true,
    });
    expect(d.status).toBe(200);
    expect((await fetchFeed(urls.get(disabled)!)).status).toBe(404);

    const rm = await owner.api.post(`/api/companies/${cid}/users/${removed.id}/delete`);
    expect(rm.status).toBe(200);
    expect((await fetchFeed(urls.get(removed)!)).status).toBe(404);

    const g = await owner.api.post(`/api/companies/${cid}/groups`, {
      _id: demoted.groupId,
      name: `G ${demoted.username}`,
      rights: { invoices: { r: true } },
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect((await fetchFeed(urls.get(demoted)!)).status).toBe(404);
  });

  it("401 without a session, 403 without appointments r, 404 for another company's", async () => {
    for (const [method, url] of [
      ['GET', feedUrl(cid)],
      ['POST', feedUrl(cid)],
      ['POST', `${feedUrl(cid)}/delete`],
    ] as const) {
      expect((await anonymous(h).request(method, url)).status, url).toBe(401);
      const noR = await buildMember(h, cid, { invoices: { r: true, c: true } });
      expect((await noR.api.request(method, url)).status, url).toBe(403);
      const stranger = await buildCompany(h);
      expect((await stranger.owner.api.request(method, url)).status, url).toBe(404);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, FLAGS, allRights, type Area, type Flag } from '@fieldbook/core';
import type { RouteEntry } from '../src/platform/access.js';
import { anonymous, buildCompany, buildMember, buildUser, type TestUser } from './factories.js';
import { startHarness, type Harness } from './harness.js';

/**
 * Walks the server's route table. Every company-scoped route answers 401
 * without a token, 404 for a company the caller is not in, 403 to a disabled
 * member and 403 to a member whose group lacks the route's flag. Public routes
 * must be listed here on purpose.
 */
const PUBLIC_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/activate',
  'POST /api/auth/login',
  'POST /api/auth/confirm-email',
  'POST /api/auth/invitation',
  'POST /api/auth/invitation/register',
  'GET /api/auth/apple',
  'GET /api/auth/apple/start',
  'POST /api/auth/apple/callback',
  'POST /api/error',
  'GET /api/images/:file',
  'GET /api/images/template/:id',
  'GET /api/docs',
  'GET /api/health',
  'GET /api/customer/:company/:client/:key',
  'GET /api/customer/:company/:client/:key/download',
  'GET /api/customer/:companyId/:key/:templateId/document',
  'POST /api/payfast/notify',
  'GET /api/calendar/:token.ics',
];

let h: Harness;
let mine: { id: string; owner: TestUser };
let foreign: { id: string; owner: TestUser };
let disabled: TestUser;
let routes: RouteEntry[];

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  foreign = await buildCompany(h);
  disabled = await buildMember(h, mine.id, allRights(true), { disabled: true });
  routes = h.app.routeTable;
});
afterAll(() => h.close());

/** The route's path with the company id where the route takes it and fresh uuids elsewhere. */
function call(r: RouteEntry, companyId: string) {
  const from = r.access.kind === 'company' || r.access.kind === 'member' ? r.access.from : null;
  const url = r.url.replace(/:(\w+)/g, (_, name: string) =>
    (name === 'cid' && from === 'params.cid') || (name === 'id' && from === 'params.id')
      ? companyId
      : randomUUID(),
  );
  const body = from === 'body.companyId' ? { companyId } : r.method === 'GET' ? undefined : {};
  return { url: from === 'query.companyId' ? `${url}?companyId=${companyId}` : url, body };
}

const companyRoutes = () =>
  routes.filter((r) => r.access.kind === 'company' || r.access.kind === 'member');
const name = (r: RouteEntry) => `${r.method} ${r.url}`;

describe('the route table', () => {
  it('has every route under /api declared, and the public ones are exactly the known list', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(
      routes
        .filter((r) => r.access.kind === 'public')
        .map(name)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
    expect(companyRoutes().length).toBeGreaterThan(5);
  });
});

describe('every signed-in route', () => {
  it('answers 401 without a token, and with a token of another username', async () => {
    const stranger = await buildUser(h);
    for (const r of routes.filter((x) => x.access.kind !== 'public')) {
      const { url, body } = call(r, mine.id);
      const a = await anonymous(h).request(r.method as 'GET', url, body);
      expect(a.status, name(r)).toBe(401);
      const b = await h.app.inject({
        method: r.method as 'GET',
        url,
        headers: { username: mine.owner.username, token: stranger.token },
        payload: body as object,
      });
      expect(b.statusCode, `${name(r)} with a mismatched username`).toBe(401);
    }
  });

  it('answers 403 on super routes to a user without rank super', async () => {
    const superRoutes = routes.filter((r) => r.access.kind === 'super');
    expect(superRoutes.length).toBeGreaterThan(0);
    for (const r of superRoutes) {
      const { url, body } = call(r, mine.id);
      expect((await mine.owner.api.request(r.method as 'GET', url, body)).status, name(r)).toBe(
        403,
      );
    }
  });
});

describe('every company-scoped route', () => {
  it("answers 404 for another company's id, even to the owner of a company", async () => {
    for (const r of companyRoutes()) {
      const { url, body } = call(r, foreign.id);
      const res = await mine.owner.api.request(r.method as 'GET', url, body);
      expect(res.status, name(r)).toBe(404);
      expect(JSON.stringify(res.body), name(r)).not.toContain(foreign.id);
    }
  });

  it('answers 404 for a company id that is not a uuid or does not exist', async () => {
    for (const r of companyRoutes()) {
      for (const bad of ['nope', randomUUID()]) {
        const { url, body } = call(r, bad);
        expect(
          (await mine.owner.api.request(r.method as 'GET', url, body)).status,
          `${name(r)} ${bad}`,
        ).toBe(404);
      }
    }
  });

  it('answers 403 to a disabled member, whatever their group allows', async () => {
    for (const r of companyRoutes()) {
      const { url, body } = call(r, mine.id);
      expect((await disabled.api.request(r.method as 'GET', url, body)).status, name(r)).toBe(403);
    }
  });

  it('answers 403 to a member whose group lacks exactly the needed flag, and lets one with it through', async () => {
    const byNeed = new Map<string, RouteEntry[]>();
    for (const r of companyRoutes()) {
      if (r.access.kind !== 'company') continue;
      const k = `${r.access.area}.${r.access.flag}`;
      byNeed.set(k, [...(byNeed.get(k) ?? []), r]);
    }
    for (const [need, rs] of byNeed) {
      const [area, flag] = need.split('.') as [Area, Flag];
      const lacking = allRights(true);
      lacking[area][flag] = false;
      const without = await buildMember(h, mine.id, lacking);
      const only = await buildMember(h, mine.id, { [area]: { [flag]: true } });
      for (const r of rs) {
        const { url, body } = call(r, mine.id);
        expect(
          (await without.api.request(r.method as 'GET', url, body)).status,
          `${name(r)} without ${need}`,
        ).toBe(403);
        const ok = await only.api.request(r.method as 'GET', url, body);
        expect(
          [401, 403],
          `${name(r)} with only ${need}: ${JSON.stringify(ok.body)}`,
        ).not.toContain(ok.status);
      }
    }
  });

  it('covers only real areas and flags', () => {
    for (const r of companyRoutes()) {
      if (r.access.kind !== 'company') continue;
      expect(AREAS).toContain(r.access.area);
      expect(FLAGS).toContain(r.access.flag);
    }
  });
});

/**
 * Chat room calls name only the room (`/rooms/{id}...`, access `user`): the
 * service finds the room's company and answers like the company hook would.
 */
describe('every room-scoped route', () => {
  const roomRoutes = () => routes.filter((r) => r.url.startsWith('/api/rooms/:id'));

  it("answers 404 for another company's room, 404 to a non-member and 403 to a disabled member", async () => {
    expect(roomRoutes().map(name).sort()).toEqual([
      'GET /api/rooms/:id',
      'POST /api/rooms/:id/message',
      'POST /api/rooms/:id/read',
    ]);
    const colleague = await buildMember(h, mine.id, null);
    const outsider = await buildMember(h, mine.id, allRights(true));
    const start = (u: TestUser, companyId: string, userIds: string[]) =>
      u.api.post('/api/rooms/initiate', { companyId, userIds });
    const room = (await start(mine.owner, mine.id, [colleague.id])).body.chatRoom._id as string;
    const other = await buildMember(h, foreign.id, null);
    const theirs = (await start(foreign.owner, foreign.id, [other.id])).body.chatRoom._id as string;
    const soonDisabled = await buildMember(h, mine.id, null);
    const withDisabled = (await start(mine.owner, mine.id, [soonDisabled.id])).body.chatRoom
      ._id as string;
    const off = await mine.owner.api.post(`/api/companies/${mine.id}/users/${soonDisabled.id}`, {
      disabled: true,
    });
    expect(off.status).toBe(200);
    const body = (r: RouteEntry) => (r.method === 'GET' ? undefined : { text: 'hi' });
    for (const r of roomRoutes()) {
      const at = (id: string) => r.url.replace(':id', id);
      const req = (u: TestUser, id: string) => u.api.request(r.method as 'GET', at(id), body(r));
      expect((await req(mine.owner, theirs)).status, `${name(r)} foreign`).toBe(404);
      expect((await req(outsider, room)).status, `${name(r)} not in the room`).toBe(404);
      expect((await req(mine.owner, randomUUID())).status, `${name(r)} unknown`).toBe(404);
      expect((await req(soonDisabled, withDisabled)).status, `${name(r)} disabled`).toBe(403);
      expect((await req(colleague, room)).status, `${name(r)} member`).toBe(200);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, FLAGS, allRights, type Area, type Flag, type GroupRights } from '@fieldbook/core';
import {
  takesApiTokens,
  type Condition,
  type RouteEntry,
  type Right,
  type UpdateTest,
} from '../../src/platform/access.js';
import { newToken, sha256 } from '../../src/platform/crypto.js';
import { insertApiToken } from '../../src/platform/api-tokens.repo.js';

import {
  BearerClient,
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * Walks the server's route table. Every company-scoped route answers 401
 * without a token, 404 for a company the caller is not in, 403 to a disabled
 * member and 403 to a member whose group lacks a right of the route's rule
 * (every right of `all`, one of `any`, c to create and u to update for a save,
 * the rights a request asks for more with). Public and member-only routes
 * must be listed here on purpose.
 */
const PUBLIC_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/activate',
  'POST /api/auth/login',
  'POST /api/auth/second-factor',
  'POST /api/auth/second-factor/passkey-options',
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey',
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
  'GET /healthz',
  'GET /readyz',
  'GET /api/customer/:company/:client/:key',
  'GET /api/customer/:company/:client/:key/download',
  'GET /api/customer/:companyId/:key/:templateId/document',
  'POST /api/payfast/notify',
  'GET /api/calendar/:token.ics',
  // The client portal (docs/portal.md): its link's token is the key.
  'GET /api/portal/:token',
  'GET /api/portal/:token/statement',
  'GET /api/portal/:token/credit-notes/:note/download',
  'POST /api/portal/:token/renew',
  'POST /api/portal/:token/quotes/:quote/accept',
  'POST /api/portal/:token/quotes/:quote/decline',
  'POST /api/portal/:token/quotes/:quote/changes',
];

/**
 * Routes that take a token of their own from the configuration, never a
 * session (`GET /metrics`, METRICS_TOKEN): 401 without it or with a session's
 * token, 404 when the setting is unset (test/platform/metrics.test.ts).
 */
const TOKEN_ROUTES = ['GET /metrics'];
const METRICS_TOKEN = 'matrix-metrics-token-0123456789';

/** Routes any active member may call: they read their own things, or filter by right in the service (docs/security.md). */
const MEMBER_ROUTES = [
  'GET /api/companies/:id',
  'GET /api/companies/:id/dashboard',
  'GET /api/companies/:cid/search',
  'GET /api/companies/:cid/recurring/all',
  'GET /api/companies/:cid/recurring/all/export',
  'GET /api/companies/:cid/recurring/all/exportSage',
  'GET /api/notifications',
  'POST /api/notifications/read',
  'GET /api/rooms',
  'POST /api/rooms/initiate',
  'GET /api/tasks',
  'POST /api/tasks/:id/open',
  'POST /api/tasks/:id/request',
  'POST /api/tasks/:id/use',
  // The API tokens themselves: a signed-in member only, never a token (docs/api.md).
  'GET /api/companies/:cid/api-tokens',
  'POST /api/companies/:cid/api-tokens',
  'POST /api/companies/:cid/api-tokens/:id/revoke',
];

/**
 * The member-only routes an API token may call too: each reads the caller's
 * own things or filters by right (the company answer leaves out members'
 * addresses and the PayFast and SMTP identifiers without settings r). Chat
 * rooms and task coupons are a person's: never a token's.
 */
const MEMBER_TOKEN_ROUTES = [
  'GET /api/companies/:id',
  'GET /api/companies/:id/dashboard',
  'GET /api/companies/:cid/search',
  'GET /api/companies/:cid/recurring/all',
  'GET /api/companies/:cid/recurring/all/export',
  'GET /api/companies/:cid/recurring/all/exportSage',
  'GET /api/notifications',
  'POST /api/notifications/read',
];

let h: Harness;
let mine: { id: string; owner: TestUser };
let foreign: { id: string; owner: TestUser };
let disabled: TestUser;
let routes: RouteEntry[];

beforeAll(async () => {
  h = await startHarness({ METRICS_TOKEN });
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

describe('every token route', () => {
  it('is exactly the known list, and answers 401 without its token, to a session, and with a wrong one', async () => {
    const tokenRoutes = routes.filter((r) => r.access.kind === 'token');
    expect(tokenRoutes.map(name).sort()).toEqual([...TOKEN_ROUTES].sort());
    for (const r of tokenRoutes) {
      const send = (headers: Record<string, string>) =>
        h.app.inject({ method: r.method as 'GET', url: r.url, headers });
      expect((await send({})).statusCode, name(r)).toBe(401);
      const session = { username: mine.owner.username, token: mine.owner.token };
      expect((await send(session)).statusCode, `${name(r)} with a session`).toBe(401);
      const bearer = { authorization: `Bearer ${mine.owner.token}` };
      expect((await send(bearer)).statusCode, `${name(r)} with a session's bearer`).toBe(401);
      const wrong = { authorization: `Bearer ${METRICS_TOKEN}x` };
      expect((await send(wrong)).statusCode, `${name(r)} with a wrong token`).toBe(401);
      const right = { authorization: `Bearer ${METRICS_TOKEN}` };
      expect((await send(right)).statusCode, `${name(r)} with its token`).toBe(200);
    }
  });
});

describe('every signed-in route', () => {
  it('answers 401 without a token, and with a token of another username', async () => {
    const stranger = await buildUser(h);
    for (const r of routes.filter((x) => !['public', 'token'].includes(x.access.kind))) {
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

  it('answers 403 to a member who lacks any right of its rule, and lets one with just the rule through', async () => {
    for (const r of companyRoutes()) {
      if (r.access.kind !== 'company') continue;
      const rule = r.access.rule;
      const base = [...rule.all, ...(rule.any?.slice(0, 1) ?? [])];
      const create = rule.save ? [`${rule.save.area}.c` as Right] : [];
      // Every right the rule names is needed: without it, 403.
      for (const x of rule.all) await expectStatus(r, allBut([x]), {}, 403, `without ${x}`);
      if (rule.any?.length) {
        await expectStatus(r, allBut(rule.any), {}, 403, `without any of ${rule.any.join(', ')}`);
        for (const x of rule.any)
          await expectThrough(r, [...rule.all, x, ...create], {}, `with ${x}`);
      }
      await expectThrough(r, [...base, ...create], {}, 'with just the rule');
      if (rule.save) await checkSave(r, rule.save.area, rule.save.update, base);
      if (rule.when) {
        const asked = ask(rule.when.if);
        for (const x of rule.when.all)
          await expectStatus(
            r,
            allBut([x]),
            asked,
            403,
            `asking ${rule.when.if.field} without ${x}`,
          );
        await expectThrough(
          r,
          [...base, ...create, ...rule.when.all],
          asked,
          `asking ${rule.when.if.field}`,
        );
      }
    }
  }, 300_000);

  it('are member-only (no right needed) on purpose: exactly the known list', () => {
    expect(
      companyRoutes()
        .filter((r) => r.access.kind === 'member')
        .map(name)
        .sort(),
    ).toEqual([...MEMBER_ROUTES].sort());
  });

  it('take an API token only where listed on purpose', () => {
    expect(
      companyRoutes()
        .filter((r) => r.access.kind === 'member' && takesApiTokens(r.access))
        .map(name)
        .sort(),
    ).toEqual([...MEMBER_TOKEN_ROUTES].sort());
  });

  it('covers only real areas and flags', () => {
    for (const r of companyRoutes()) {
      if (r.access.kind !== 'company') continue;
      const { all, any = [], save, when } = r.access.rule;
      for (const x of [...all, ...any, ...(when?.all ?? [])]) {
        const [area, flag] = x.split('.');
        expect(AREAS, name(r)).toContain(area);
        expect(FLAGS, name(r)).toContain(flag);
      }
      if (save) expect(AREAS, name(r)).toContain(save.area);
    }
  });
});

/**
 * API tokens (docs/api.md): a token of the owner, narrowed to some rights,
 * works on its company's routes only, within those rights; every other
 * signed-in route answers it 401, another company 404.
 */
describe('every signed-in route, called with an API token', () => {
  const tokens = new Map<string, Promise<BearerClient>>();
  /** The owner's token of `mine` with these rights, made once (straight in the table: no cap). */
  function tokenWith(rights: GroupRights): Promise<BearerClient> {
    const key = JSON.stringify(rights);
    if (!tokens.has(key))
      tokens.set(
        key,
        (async () => {
          const t = newToken();
          const token = `fbk_${t.token}`;
          await insertApiToken(h.deps.database.db, {
            companyId: mine.id,
            userId: mine.owner.id,
            name: key.slice(0, 60),
            tokenHash: sha256(token),
            prefix: token.slice(0, 8),
            rights,
            expiresAt: null,
          });
          return new BearerClient(h, token);
        })(),
      );
    return tokens.get(key)!;
  }
  const viaToken = async (r: RouteEntry, rights: GroupRights, companyId = mine.id) => {
    const { url, body } = call(r, companyId);
    return (await tokenWith(rights)).request(r.method as 'GET', url, body);
  };

  it('answers 401 on every route that is not a company API (user, super, the tokens themselves)', async () => {
    const refused = routes.filter(
      (r) => !['public', 'token'].includes(r.access.kind) && !takesApiTokens(r.access),
    );
    expect(refused.length).toBeGreaterThan(10);
    for (const r of refused) expect((await viaToken(r, allRights(true))).status, name(r)).toBe(401);
  });

  it("gets through its company's routes with every right, and 404 in another company", async () => {
    for (const r of companyRoutes().filter((x) => takesApiTokens(x.access))) {
      const res = await viaToken(r, allRights(true));
      expect([401, 403], `${name(r)}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
      expect((await viaToken(r, allRights(true), foreign.id)).status, `${name(r)} foreign`).toBe(
        404,
      );
    }
  });

  it("answers 403 without a right of the route's rule, though its owner holds every right", async () => {
    for (const r of companyRoutes()) {
      if (r.access.kind !== 'company') continue;
      const rule = r.access.rule;
      for (const x of rule.all)
        expect((await viaToken(r, allBut([x]))).status, `${name(r)} without ${x}`).toBe(403);
      if (rule.any?.length)
        expect((await viaToken(r, allBut(rule.any))).status, `${name(r)} without any`).toBe(403);
      if (rule.save && rule.save.update !== 'handler') {
        const c = `${rule.save.area}.c` as Right;
        expect((await viaToken(r, allBut([c]))).status, `${name(r)} creating without c`).toBe(403);
      }
    }
  }, 300_000);
});

/** A save: c to create (no `_id`, or an id nothing has), u to update. */
async function checkSave(r: RouteEntry, area: Area, update: UpdateTest, base: Right[]) {
  const c = `${area}.c` as Right;
  const u = `${area}.u` as Right;
  if (update === 'handler') {
    // The hook admits c or u; the handler decides once it has read the multipart body.
    await expectStatus(r, allBut([c, u]), {}, 403, 'without c and u');
    await expectThrough(r, [...base, u], {}, 'with u alone (the handler decides)');
    return;
  }
  await expectStatus(r, allBut([c]), {}, 403, 'creating without c');
  await expectStatus(r, [...base, u], {}, 403, 'creating with u alone');
  if (update !== 'body._id') return;
  const asUpdate = { body: { _id: randomUUID() } };
  await expectStatus(r, allBut([u]), asUpdate, 403, 'updating without u');
  await expectStatus(r, [...base, c], asUpdate, 403, 'updating with c alone');
  await expectThrough(r, [...base, u], asUpdate, 'updating with u');
}

interface Extra {
  body?: Record<string, unknown>;
  query?: string;
}

const ask = (c: Condition): Extra => {
  const [where, field] = c.field.split('.') as ['body' | 'query', string];
  const value = c.equals ?? randomUUID();
  return where === 'body' ? { body: { [field]: value } } : { query: `${field}=${value}` };
};

/** Rights as a group holds them. */
function rightsOf(rights: Right[]): GroupRights {
  const out: GroupRights = {};
  for (const x of rights) {
    const [area, flag] = x.split('.') as [Area, Flag];
    out[area] = { ...out[area], [flag]: true };
  }
  return out;
}

/** Every right but these. */
function allBut(rights: Right[]): GroupRights {
  const out: GroupRights = allRights(true);
  for (const x of rights) {
    const [area, flag] = x.split('.') as [Area, Flag];
    out[area] = { ...out[area], [flag]: false };
  }
  return out;
}

/** One member per set of rights, made once. */
const members = new Map<string, Promise<TestUser>>();
function memberWith(rights: Right[] | GroupRights): Promise<TestUser> {
  const g = Array.isArray(rights) ? rightsOf(rights) : rights;
  const key = JSON.stringify(g);
  if (!members.has(key)) members.set(key, buildMember(h, mine.id, g));
  return members.get(key)!;
}

async function send(r: RouteEntry, who: TestUser, extra: Extra) {
  const { url, body } = call(r, mine.id);
  const full = extra.query ? `${url}${url.includes('?') ? '&' : '?'}${extra.query}` : url;
  const payload = extra.body ? { ...(body ?? {}), ...extra.body } : body;
  return who.api.request(r.method as 'GET', full, payload);
}

async function expectStatus(
  r: RouteEntry,
  rights: Right[] | GroupRights,
  extra: Extra,
  status: number,
  what: string,
) {
  const res = await send(r, await memberWith(rights), extra);
  expect(res.status, `${name(r)} ${what}`).toBe(status);
}

async function expectThrough(r: RouteEntry, rights: Right[], extra: Extra, what: string) {
  const res = await send(r, await memberWith(rights), extra);
  expect([401, 403], `${name(r)} ${what}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
}

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

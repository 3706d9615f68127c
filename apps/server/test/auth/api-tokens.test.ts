import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_TOKENS, allRights, type GroupRights } from '@fieldbook/core';
import { resolveApiToken } from '../../src/platform/api-tokens.js';
import { apiTokens } from '../../src/db/schema/index.js';
import { BearerClient, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { attachRealtime } from '../../src/platform/realtime.js';
import { startHarness, type Harness } from '../support/harness.js';
import { connectSocket } from '../support/socket-helpers.js';

/** API tokens (docs/api.md "API tokens", DECISIONS §17). */

/** The per-token limit in this file (600 by default). */
const CALLS = 40;

let h: Harness;
let base: string;
let io: Server;
const sockets: Socket[] = [];
beforeAll(async () => {
  h = await startHarness({ API_TOKEN_CALLS_PER_MINUTE: String(CALLS) });
  io = attachRealtime(h.app.server, h.deps);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await io.close();
  await h.close();
});

const url = (cid: string) => `/api/companies/${cid}/api-tokens`;

async function makeToken(
  user: TestUser,
  cid: string,
  rights: GroupRights,
  over: { name?: string; expiresInDays?: number | null } = {},
) {
  const r = await user.api.post(url(cid), {
    name: over.name ?? 'Accounting sync',
    expiresInDays: over.expiresInDays === undefined ? 30 : over.expiresInDays,
    rights,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return {
    token: r.body.token as string,
    id: r.body.apiToken._id as string,
    client: new BearerClient(h, r.body.token),
  };
}

describe('making a token', () => {
  it('answers the token once, lists it without it, and writes an entry on the profile', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const made = await owner.api.post(url(cid), {
      name: '  Xero sync ',
      expiresInDays: 90,
      rights: { invoices: { r: true, u: false } },
    });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^fbk_[A-Za-z0-9_-]{43}$/);
    expect(made.body.apiToken).toMatchObject({
      name: 'Xero sync',
      rights: { invoices: { r: true } },
      prefix: made.body.token.slice(0, 8),
      lastUsedAt: null,
      userId: owner.id,
    });
    const days = (Date.parse(made.body.apiToken.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    const list = await owner.api.get(url(cid));
    expect(list.status).toBe(200);
    expect(list.body.tokens.map((t: { _id: string }) => t._id)).toEqual([made.body.apiToken._id]);
    expect(JSON.stringify(list.body)).not.toContain(made.body.token.slice(8));
    const [row] = await h.deps.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.companyId, cid));
    expect(row!.tokenHash).not.toContain(made.body.token.slice(4));
    const events = (await owner.api.get('/api/people/two-factor')).body.events;
    expect(events.map((e: { kind: string }) => e.kind)).toContain('api-token-created');
  });

  it('refuses bad input naming the field, and rights the member does not hold', async () => {
    const { id: cid } = await buildCompany(h);
    const clerk = await buildMember(h, cid, { invoices: { r: true } });
    const post = (body: object) =>
      clerk.api.post(url(cid), {
        name: 'n',
        expiresInDays: null,
        rights: { invoices: { r: true } },
        ...body,
      });
    for (const [body, field] of [
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ expiresInDays: 0 }, 'expiresInDays'],
      [{ expiresInDays: 1.5 }, 'expiresInDays'],
      [{ expiresInDays: 367 }, 'expiresInDays'],
      [{ rights: { invoices: { u: true } } }, 'rights'],
      [{ rights: { clients: { r: true } } }, 'rights'],
      [{ rights: {} }, 'rights'],
      [{ rights: { invoices: { r: false } } }, 'rights'],
    ] as const) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.fields ?? {}).join(), JSON.stringify(body)).toContain(field);
    }
    expect((await post({})).status).toBe(201);
  });

  it(`holds at most ${MAX_API_TOKENS} working tokens per member and company`, async () => {
    const { id: cid, owner } = await buildCompany(h);
    await Promise.all(
      Array.from({ length: MAX_API_TOKENS + 3 }, (_, i) =>
        owner.api.post(url(cid), {
          name: `t${i}`,
          expiresInDays: null,
          rights: { invoices: { r: true } },
        }),
      ),
    ).then((all) => {
      expect(all.filter((r) => r.status === 201)).toHaveLength(MAX_API_TOKENS);
      expect(all.filter((r) => r.status === 409)).toHaveLength(3);
    });
    const first = (await owner.api.get(url(cid))).body.tokens[0]._id;
    expect((await owner.api.post(`${url(cid)}/${first}/revoke`)).status).toBe(200);
    expect(
      (
        await owner.api.post(url(cid), {
          name: 'again',
          expiresInDays: null,
          rights: { invoices: { r: true } },
        })
      ).status,
    ).toBe(201);
  });
});

describe('calling with a token', () => {
  it('reads what its rights allow and nothing more: a write is 403', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const entityId = await buildClient(owner.api, cid);
    const inv = await buildInvoice(owner.api, cid, entityId);
    const { client } = await makeToken(owner, cid, { invoices: { r: true } });
    const list = await client.get(`/api/companies/${cid}/invoices?from=2026-11-01&to=2026-11-30`);
    expect(list.status).toBe(200);
    expect(list.body.map((i: { _id: string }) => i._id)).toContain(inv._id);
    expect((await client.get(`/api/companies/${cid}/invoices/${inv._id}`)).status).toBe(200);
    const write = await client.post(`/api/companies/${cid}/invoices`, {
      _id: inv._id,
      invoiceDate: '2026-11-02',
      dueDate: '2026-11-09',
      entityId,
      descriptions: [],
    });
    expect(write.status).toBe(403);
    expect((await client.post(`/api/companies/${cid}/invoices/${inv._id}/delete`)).status).toBe(
      403,
    );
    expect((await client.get(`/api/companies/${cid}/entities`)).status).toBe(403);
    // The owner's rights do not widen the token.
    expect((await client.get(`/api/companies/${cid}/groups`)).status).toBe(403);
  });

  it('works nowhere but its company API: not on user calls, tokens, sockets or another company', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const other = await buildCompany(h, owner);
    const { token, client } = await makeToken(owner, cid, allRights(true));
    expect((await client.get(`/api/companies/${cid}`)).status).toBe(200);
    for (const path of [
      '/api/people/two-factor',
      '/api/companies',
      '/api/notifications/settings',
      url(cid),
    ]) {
      const r = await client.get(path);
      expect(r.status, path).toBe(401);
    }
    const made = await client.post(url(cid), {
      name: 'child',
      expiresInDays: null,
      rights: { invoices: { r: true } },
    });
    expect(made.status).toBe(401);
    expect((await client.get(`/api/companies/${other.id}/invoices`)).status).toBe(404);
    // Only as a bearer: the sessions' header does not take it.
    const asHeader = await h.app.inject({
      url: `/api/companies/${cid}`,
      headers: { token, username: owner.username },
    });
    expect(asHeader.statusCode).toBe(401);
    await expect(
      connectSocket(base, { username: owner.username, token }, sockets),
    ).rejects.toThrow();
  });

  it("an owner's token is not the owner: the owner-only settings stay out of its reach", async () => {
    const { id: cid, owner } = await buildCompany(h);
    const { client } = await makeToken(owner, cid, { settings: { r: true, u: true } });
    const save = (extra: object) =>
      client.post(`/api/companies/${cid}`, { companyName: 'Token Co', ...extra });
    expect((await save({})).status).toBe(200);
    for (const extra of [
      { payfast: { merchantId: '10000100', merchantKey: 'abc', sandbox: true } },
      { smtp: { host: 'mail.example.com', port: 587, secure: false, user: 'u' } },
      { requireTwoFactor: true },
    ])
      expect((await save(extra)).status, JSON.stringify(extra)).toBe(403);
  });

  it('shows when it was last used', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const { client, id } = await makeToken(owner, cid, { invoices: { r: true } });
    expect((await client.get(`/api/companies/${cid}/invoices/summary`)).status).toBe(200);
    const t = (await owner.api.get(url(cid))).body.tokens.find(
      (x: { _id: string }) => x._id === id,
    );
    expect(Date.now() - Date.parse(t.lastUsedAt)).toBeLessThan(60_000);
  });

  it('stops at its expiry, and a wrong or unknown token is 401', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const { token } = await makeToken(owner, cid, { invoices: { r: true } }, { expiresInDays: 7 });
    const now = Date.now();
    expect(await resolveApiToken(h.deps, token, now + 6 * 86_400_000)).not.toBeNull();
    expect(await resolveApiToken(h.deps, token, now + 7 * 86_400_000 + 1000)).toBeNull();
    const wrong = new BearerClient(h, `${token.slice(0, -2)}xx`);
    expect((await wrong.get(`/api/companies/${cid}/invoices`)).status).toBe(401);
  });

  it(`takes ${CALLS} calls a minute per token, then 429`, async () => {
    const { id: cid, owner } = await buildCompany(h);
    const a = await makeToken(owner, cid, { invoices: { r: true } });
    const b = await makeToken(owner, cid, { invoices: { r: true } });
    const path = `/api/companies/${cid}`;
    for (let i = 0; i < CALLS; i++) {
      const r = await a.client.get(path);
      if (r.status !== 200) throw new Error(`call ${i + 1}: ${r.status}`);
    }
    const over = await a.client.get(path);
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('60');
    // Another token of the same member is not held back.
    expect((await b.client.get(path)).status).toBe(200);
  });
});

describe('a token dies with the member', () => {
  it('loses a right the member loses, at once', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const clerk = await buildMember(h, cid, { invoices: { r: true }, clients: { r: true } });
    const { client } = await makeToken(clerk, cid, { invoices: { r: true }, clients: { r: true } });
    expect((await client.get(`/api/companies/${cid}/entities`)).status).toBe(200);
    const saved = await owner.api.post(`/api/companies/${cid}/groups`, {
      _id: clerk.groupId,
      name: 'Clerks',
      rights: { invoices: { r: true } },
    });
    expect(saved.status).toBe(200);
    expect((await client.get(`/api/companies/${cid}/entities`)).status).toBe(403);
    expect((await client.get(`/api/companies/${cid}/invoices/summary`)).status).toBe(200);
  });

  it('is refused while the member is disabled, and gone once the member is removed', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const clerk = await buildMember(h, cid, { invoices: { r: true } });
    const { client, id } = await makeToken(clerk, cid, { invoices: { r: true } });
    const path = `/api/companies/${cid}/invoices/summary`;
    expect((await client.get(path)).status).toBe(200);
    expect(
      (await owner.api.post(`/api/companies/${cid}/users/${clerk.id}`, { disabled: true })).status,
    ).toBe(200);
    expect((await client.get(path)).status).toBe(403);
    expect(
      (await owner.api.post(`/api/companies/${cid}/users/${clerk.id}`, { disabled: false })).status,
    ).toBe(200);
    expect((await client.get(path)).status).toBe(200);
    expect((await owner.api.post(`/api/companies/${cid}/users/${clerk.id}/delete`)).status).toBe(
      200,
    );
    expect((await client.get(path)).status).toBe(401);
    const rows = await h.deps.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(rows).toEqual([]);
  });
});

describe('revoking', () => {
  it('stops the token at once; the owner may revoke a member’s, a member only their own', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const clerk = await buildMember(h, cid, { invoices: { r: true } });
    const peer = await buildMember(h, cid, { invoices: { r: true } });
    const mine = await makeToken(clerk, cid, { invoices: { r: true } });
    const theirs = await makeToken(peer, cid, { invoices: { r: true } });
    const path = `/api/companies/${cid}/invoices/summary`;
    expect((await mine.client.get(path)).status).toBe(200);
    // A member sees and revokes only their own.
    expect((await clerk.api.get(url(cid))).body.tokens.map((t: { _id: string }) => t._id)).toEqual([
      mine.id,
    ]);
    expect((await clerk.api.post(`${url(cid)}/${theirs.id}/revoke`)).status).toBe(404);
    expect((await theirs.client.get(path)).status).toBe(200);
    // The owner sees both, with whose they are.
    const all = (await owner.api.get(url(cid))).body.tokens;
    expect(all.map((t: { userId: string }) => t.userId).sort()).toEqual([clerk.id, peer.id].sort());
    const r = await owner.api.post(`${url(cid)}/${theirs.id}/revoke`);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('API token Accounting sync revoked');
    expect((await theirs.client.get(path)).status).toBe(401);
    expect((await owner.api.post(`${url(cid)}/${theirs.id}/revoke`)).status).toBe(404);
    const peerEvents = (await peer.api.get('/api/people/two-factor')).body.events;
    expect(peerEvents[0]).toMatchObject({ kind: 'api-token-revoked', bySomeoneElse: true });
    expect((await clerk.api.post(`${url(cid)}/${mine.id}/revoke`)).status).toBe(200);
    expect((await mine.client.get(path)).status).toBe(401);
    expect((await clerk.api.get(url(cid))).body.tokens).toEqual([]);
  });

  it("answers 404 for another company's token and for ids that are not tokens", async () => {
    const a = await buildCompany(h);
    const b = await buildCompany(h);
    const theirs = await makeToken(b.owner, b.id, { invoices: { r: true } });
    expect((await a.owner.api.post(`${url(a.id)}/${theirs.id}/revoke`)).status).toBe(404);
    expect((await a.owner.api.post(`${url(b.id)}/${theirs.id}/revoke`)).status).toBe(404);
    expect((await a.owner.api.post(`${url(a.id)}/not-a-uuid/revoke`)).status).toBe(404);
    expect((await theirs.client.get(`/api/companies/${b.id}`)).status).toBe(200);
  });
});

import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../src/areas/auth/two-factor.js';
import { TWO_FACTOR_REQUIRED } from '../../src/platform/access.js';
import { BearerClient, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { attachRealtime } from '../../src/platform/realtime.js';
import { startHarness, type Harness } from '../support/harness.js';
import { connectSocket } from '../support/socket-helpers.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';

/**
 * The company setting "members must use two-factor sign-in" (docs/auth.md):
 * the owner's alone, on only with the owner's own second factor; a member
 * without one reaches nothing of the company (API, token, socket) until they
 * turn it on, and the change holds at once.
 */
let h: Harness;
let base: string;
let io: Server;
const sockets: Socket[] = [];
beforeAll(async () => {
  h = await startHarness();
  io = attachRealtime(h.app.server, h.deps);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await io.close();
  await h.close();
});

/** A POST from an address of its own (the two-factor calls take 10 a minute per address). */
let n = 0;
async function post(u: TestUser, url: string, body: object) {
  n += 1;
  const r = await h.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.77.${Math.floor(n / 250)}.${n % 250}`,
    headers: { username: u.username, token: u.token },
    payload: body,
  });
  return { status: r.statusCode, body: r.json() };
}

/** Turns it on; answers a backup code (the step's own code is taken). */
async function turnOn(u: TestUser): Promise<string> {
  const setup = await post(u, '/api/people/two-factor/setup', {});
  const secret = setup.body.secret as string;
  const on = await post(u, '/api/people/two-factor/enable', {
    password: u.password,
    code: codeAt(secret),
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return (on.body.backupCodes as string[])[0]!;
}

const rule = (u: TestUser, cid: string, requireTwoFactor: unknown) =>
  post(u, `/api/companies/${cid}`, { companyName: 'Policy Co', requireTwoFactor });

describe('members must use two-factor sign-in', () => {
  it('is the owner’s alone, and goes on only once the owner has a second factor', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const admin = await buildMember(h, cid, { settings: { r: true, u: true } });
    expect((await rule(owner, cid, 'yes')).body.fields).toHaveProperty('requireTwoFactor');
    const early = await rule(owner, cid, true);
    expect(early.status).toBe(409);
    expect(early.body.error).toContain('Turn on two-factor sign-in for yourself first');
    await turnOn(owner);
    await turnOn(admin);
    const notOwner = await rule(admin, cid, true);
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.error).toContain('Only the owner');
    expect((await rule(owner, cid, true)).status).toBe(200);
    // Saving the rest as it is, the rule unchanged, stays open to the admin.
    expect((await rule(admin, cid, true)).status).toBe(200);
    expect((await owner.api.get(`/api/companies/${cid}`)).body.requireTwoFactor).toBe(true);
  });

  it('keeps a member without one out of everything in the company until they turn it on, at once', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const tech = await buildMember(h, cid, { invoices: { r: true }, appointments: { r: true } });
    const made = await tech.api.post(`/api/companies/${cid}/api-tokens`, {
      name: 'Phone sync',
      expiresInDays: null,
      rights: { invoices: { r: true } },
    });
    expect(made.status).toBe(201);
    const token = new BearerClient(h, made.body.token);
    const summary = `/api/companies/${cid}/invoices/summary`;
    const started = await owner.api.post('/api/rooms/initiate', {
      companyId: cid,
      userIds: [tech.id],
    });
    expect(started.status).toBe(200);
    const room = started.body.chatRoom._id as string;
    expect((await tech.api.get(`/api/rooms/${room}`)).status).toBe(200);
    // Read once before: the member cache holds the old answer, which the rule must clear.
    expect((await tech.api.get(summary)).status).toBe(200);
    await turnOn(owner);
    expect((await rule(owner, cid, true)).status).toBe(200);

    for (const path of [summary, `/api/companies/${cid}`, `/api/companies/${cid}/api-tokens`]) {
      const r = await tech.api.get(path);
      expect(r.status, path).toBe(403);
      expect(r.body.error, path).toBe(TWO_FACTOR_REQUIRED);
    }
    expect((await token.get(summary)).status).toBe(403);
    // Chat rooms name only the room: the same rule holds there.
    expect((await tech.api.get(`/api/rooms/${room}`)).status).toBe(403);
    const socket = await connectSocket(base, tech, sockets);
    expect(await socket.timeout(5000).emitWithAck('joinCompany', cid)).toEqual({
      error: TWO_FACTOR_REQUIRED,
    });
    // The companies list says why, and the profile is open to set it up.
    const mine = (await tech.api.get('/api/companies')).body;
    expect(mine).toEqual([expect.objectContaining({ _id: cid, requireTwoFactor: true })]);
    const backup = await turnOn(tech);
    expect((await tech.api.get(summary)).status).toBe(200);
    expect((await token.get(summary)).status).toBe(200);
    expect((await tech.api.get(`/api/rooms/${room}`)).status).toBe(200);
    expect(await socket.timeout(5000).emitWithAck('joinCompany', cid)).toEqual({ ok: true });

    // Off again: out again; the owner lifting the rule lets them back.
    const off = await post(tech, '/api/people/two-factor/disable', {
      password: tech.password,
      code: backup,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await tech.api.get(summary)).status).toBe(403);
    expect((await rule(owner, cid, false)).status).toBe(200);
    expect((await tech.api.get(summary)).status).toBe(200);
  });

  it('takes a passkey for a second factor, and stops the member again once it is removed', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const tech = await buildMember(h, cid, { invoices: { r: true } });
    await turnOn(owner);
    expect((await rule(owner, cid, true)).status).toBe(200);
    const summary = `/api/companies/${cid}/invoices/summary`;
    expect((await tech.api.get(summary)).status).toBe(403);
    // The harness's PUBLIC_URL, http://fieldbook.test, is the relying party.
    const a = new SoftAuthenticator({ origin: 'http://fieldbook.test', rpId: 'fieldbook.test' });
    const options = await post(tech, '/api/people/passkeys/options', { password: tech.password });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const added = await post(tech, '/api/people/passkeys', {
      name: 'Phone',
      response: a.register(options.body),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await tech.api.get(summary)).status).toBe(200);
    const confirm = await post(tech, '/api/people/passkeys/confirm-options', {});
    const removed = await post(tech, `/api/people/passkeys/${added.body._id}/remove`, {
      password: tech.password,
      passkey: a.assert(confirm.body),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await tech.api.get(summary)).status).toBe(403);
  });
});

import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/db/schema/index.js';
import { attachRealtime } from '../../src/platform/realtime.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../support/factories.js';
import { connectSocket } from '../support/socket-helpers.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let io: Server;
let base: string;
let cid: string;
let owner: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await startHarness();
  io = attachRealtime(h.app.server, h.deps);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await io.close();
  await h.close();
});

/** A connected socket of `user` (rejects with the server's refusal). */
const socketOf = (user: { username: string; token: string }) => connectSocket(base, user, sockets);
const join = (s: Socket, companyId: unknown) =>
  s.timeout(5000).emitWithAck('joinCompany', companyId) as Promise<{ ok?: true; error?: string }>;

/** The `invoicesChanged` pushes a socket receives. */
function collect(s: Socket) {
  const got: { ids: string[] }[] = [];
  s.on('invoicesChanged', (p: { ids: string[] }) => got.push(p));
  return got;
}

/** The `updateActiveJobs` pushes a socket receives. */
function collectJobs(s: Socket) {
  const got: unknown[] = [];
  s.on('updateActiveJobs', (p: unknown) => got.push(p));
  return got;
}

describe('socket.io', () => {
  it('refuses a connection without a valid session', async () => {
    await expect(socketOf({ username: owner.username, token: 'wrong' })).rejects.toThrow(
      'Please sign in',
    );
  });

  it("joins a member to the company's room and pushes invoicesChanged when sends are queued", async () => {
    const s = await socketOf(owner);
    expect(await join(s, cid)).toEqual({ ok: true });
    const got = collect(s);
    const client = await buildClient(owner.api, cid);
    const inv = await buildInvoice(owner.api, cid, client);
    const r = await owner.api.post(`/api/companies/${cid}/invoices/bulkemail`, { ids: [inv._id] });
    expect(r.status).toBe(200);
    const deadline = Date.now() + 5000;
    while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([{ ids: [inv._id] }]);
  });

  it('refuses a stranger, a disabled member and a bad id, and they receive nothing', async () => {
    const stranger = await socketOf(await buildUser(h));
    const disabled = await socketOf(await buildMember(h, cid, null, { disabled: true }));
    expect(await join(stranger, cid)).toEqual({ error: 'Company not found' });
    expect(await join(stranger, 'not-a-uuid')).toEqual({ error: 'Company not found' });
    expect(await join(disabled, cid)).toEqual({
      error: 'Your access to this company is disabled',
    });
    const member = await socketOf(await buildMember(h, cid, { invoices: { r: true } }));
    expect(await join(member, cid)).toEqual({ ok: true });
    const heard = [collect(stranger), collect(disabled), collect(member)];
    h.deps.events.emit({ companyId: cid, name: 'invoicesChanged', ids: ['x'] });
    // The member's push arriving shows the event went out; the others got nothing by then.
    const deadline = Date.now() + 5000;
    while (heard[2]!.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(heard.map((g) => g.length)).toEqual([0, 0, 1]);
  });

  it('pushes invoicesChanged only to members who may read invoices, judged at each push', async () => {
    const reader = await buildMember(h, cid, { invoices: { r: true } });
    const jobsOnly = await buildMember(h, cid, {
      appointments: { r: true },
      invoices: { c: true },
    });
    const socks = [await socketOf(owner), await socketOf(reader), await socketOf(jobsOnly)];
    for (const s of socks) expect(await join(s, cid)).toEqual({ ok: true });
    const heard = socks.map(collect);
    const jobs = socks.map(collectJobs);
    h.deps.events.emit({ companyId: cid, name: 'invoicesChanged', ids: ['first'] });
    // A job push after it reaching the jobs-only member shows the invoice push has passed them.
    h.deps.events.emit({ companyId: cid, name: 'updateActiveJobs', ids: ['probe'] });
    await expect.poll(() => jobs[2]!.length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => heard[0]!.length + heard[1]!.length, { timeout: 5000 }).toBe(2);
    expect(heard[2]).toEqual([]);
    // The reader is moved to a group that reads jobs, not invoices: the next push passes them by.
    const g = await owner.api.post(`/api/companies/${cid}/groups`, {
      name: `Jobs only ${reader.id}`,
      rights: { appointments: { r: true } },
    });
    expect(g.status).toBe(200);
    const moved = await owner.api.post(`/api/companies/${cid}/users/${reader.id}`, {
      group: (g.body as { _id: string })._id,
    });
    expect(moved.status).toBe(200);
    h.deps.events.emit({ companyId: cid, name: 'invoicesChanged', ids: ['second'] });
    h.deps.events.emit({ companyId: cid, name: 'updateActiveJobs', ids: ['probe'] });
    await expect.poll(() => jobs[1]!.length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => heard[0]!.length, { timeout: 5000 }).toBe(2);
    expect(heard[1]).toEqual([{ ids: ['first'] }]);
    expect(heard[2]).toEqual([]);
  });

  it("moves a socket to the new company's room when it joins another", async () => {
    const other = await buildCompany(h, owner);
    const s = await socketOf(owner);
    expect(await join(s, cid)).toEqual({ ok: true });
    expect(await join(s, other.id)).toEqual({ ok: true });
    const got = collect(s);
    h.deps.events.emit({ companyId: cid, name: 'invoicesChanged', ids: ['old'] });
    h.deps.events.emit({ companyId: other.id, name: 'invoicesChanged', ids: ['new'] });
    const deadline = Date.now() + 5000;
    while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([{ ids: ['new'] }]);
  });
});

describe('sockets follow revocations', () => {
  /** Emits to the company until `probe` hears it, so anything `others` would hear has arrived too. */
  async function pushUntilHeard(companyId: string, probe: { ids: string[] }[]) {
    const deadline = Date.now() + 5000;
    while (probe.length === 0 && Date.now() < deadline) {
      h.deps.events.emit({ companyId, name: 'invoicesChanged', ids: ['x'] });
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(probe.length).toBeGreaterThan(0);
  }

  it('a member disabled or removed leaves the company room at once', async () => {
    const disabled = await buildMember(h, cid, null);
    const removed = await buildMember(h, cid, null);
    const sockets = [await socketOf(owner), await socketOf(disabled), await socketOf(removed)];
    for (const s of sockets) expect(await join(s, cid)).toEqual({ ok: true });
    await owner.api.post(`/api/companies/${cid}/users/${disabled.id}`, { disabled: true });
    await owner.api.post(`/api/companies/${cid}/users/${removed.id}/delete`);
    const heard = sockets.map(collect);
    // Leaving is asynchronous (a membership read): give it a moment before pushing.
    await new Promise((r) => setTimeout(r, 300));
    await pushUntilHeard(cid, heard[0]!);
    expect(heard.map((g) => g.length > 0)).toEqual([true, false, false]);
    expect(sockets[1]!.connected).toBe(true);
  });

  it('a session logged out or reset is disconnected', async () => {
    const loggedOut = await buildMember(h, cid, null);
    const reset = await buildMember(h, cid, null);
    const a = await socketOf(loggedOut);
    const b = await socketOf(reset);
    const gone = (s: Socket) => new Promise<string>((r) => s.once('disconnect', r));
    const aGone = gone(a);
    const bGone = gone(b);
    expect((await loggedOut.api.post('/api/auth/logout')).status).toBe(200);
    expect(await aGone).toBe('io server disconnect');
    expect(b.connected).toBe(true);
    await anonymous(h).post('/api/auth/login', { username: reset.username, isReset: true });
    const token = /Reset token: (\S+)/.exec((await h.mail.last(reset.email)).text)![1]!;
    const pw = 'another long password';
    const r = await anonymous(h).post('/api/auth/login', {
      username: reset.username,
      isReset: true,
      token,
      password: pw,
      confirmPassword: pw,
    });
    expect(r.status).toBe(200);
    expect(await bGone).toBe('io server disconnect');
  });

  it('a socket whose session ended unseen cannot join a company', async () => {
    const member = await buildMember(h, cid, null);
    const s = await socketOf(member);
    const heard = collect(s);
    const gone = new Promise<string>((r) => s.once('disconnect', r));
    // Revoked in the database without an event reaching this process.
    await h.deps.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, member.id));
    expect(await join(s, cid)).toEqual({ error: 'Please sign in' });
    expect(await gone).toBe('io server disconnect');
    h.deps.events.emit({ companyId: cid, name: 'invoicesChanged', ids: ['x'] });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
  });
});

import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaches } from '../../src/platform/deps.js';
import { bridgeEventsOverPostgres } from '../../src/platform/events-bridge.js';
import { bridgeEventsOverRedis } from '../../src/platform/events-bridge-redis.js';
import { createEvents, type AppEvents } from '../../src/platform/events.js';
import { attachRealtime } from '../../src/platform/realtime.js';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { connectSocket, joinCompany } from '../support/socket-helpers.js';
import { startHarness, type Harness } from '../support/harness.js';
import { EVENT_BUSES, testRedisUrl, type EventBus } from '../support/redis.js';
import { buildJob, buildType, typesUrl } from '../support/jobs-helpers.js';

/**
 * Types saved or deleted are pushed live (`typesChanged`, docs/jobs.md "Types
 * pushed live"): to the company's members who may read types, on every
 * process, and never to another company or a member without the right.
 */
let h: Harness;
let io: Server;
let base: string;
let cid: string;
let owner: TestUser;
let other: { id: string; owner: TestUser };
const sockets: Socket[] = [];
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  h = await startHarness();
  io = attachRealtime(h.app.server, h.deps);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  ({ id: cid, owner } = await buildCompany(h));
  other = await buildCompany(h);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  for (const close of closers.reverse()) await close();
  await io.close();
  await h.close();
});

type Got = { name: string; ids: string[] }[];

/** A socket of `user` in company `c` at `url`, recording `typesChanged` and `invoicesChanged`. */
async function joined(user: { username: string; token: string }, c = cid, url = base) {
  const s = await connectSocket(url, user, sockets);
  await joinCompany(s, c);
  const got: Got = [];
  for (const name of ['typesChanged', 'invoicesChanged'])
    s.on(name, (p: { ids: string[] }) => got.push({ name, ids: p.ids }));
  return got;
}

const types = (got: Got) => got.filter((g) => g.name === 'typesChanged');

describe('typesChanged', () => {
  it("reaches the type's readers on a delete (naming both types), not another company nor a member without the right", async () => {
    const reader = await buildMember(h, cid, { appointments: { r: true } });
    const designer = await buildMember(h, cid, { settings: { r: true } });
    const invoicesOnly = await buildMember(h, cid, { invoices: { r: true } });
    const [readerGot, designerGot, invoicesGot, otherGot] = [
      await joined(reader),
      await joined(designer),
      await joined(invoicesOnly),
      await joined(other.owner, other.id),
    ];
    const from = await buildType(owner.api, cid);
    const to = await buildType(owner.api, cid);
    await buildJob(owner.api, cid, { appointmentTypeId: from._id, status: 'New' });
    await expect.poll(() => types(readerGot).length).toBe(2);
    const r = await owner.api.post(`${typesUrl(cid)}/${from._id}/delete`, { moveTo: to._id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.movedJobs).toBe(1);
    const deleted = { name: 'typesChanged', ids: [from._id, to._id] };
    await expect.poll(() => types(readerGot).length).toBe(3);
    expect(types(readerGot)).toEqual([
      { name: 'typesChanged', ids: [from._id] },
      { name: 'typesChanged', ids: [to._id] },
      deleted,
    ]);
    await expect.poll(() => types(designerGot).at(-1)).toEqual(deleted);
    // Proof that the pushes have passed: a later event each of them does receive.
    h.deps.events.emit({ companyId: cid, name: 'invoicesChanged', ids: [] });
    await expect.poll(() => invoicesGot.length).toBe(1);
    expect(invoicesGot).toEqual([{ name: 'invoicesChanged', ids: [] }]);
    const own = await buildType(other.owner.api, other.id);
    await expect.poll(() => otherGot.length).toBe(1);
    expect(otherGot).toEqual([{ name: 'typesChanged', ids: [own._id] }]);
  });
});

/** This file's Redis database number (test/support/redis.ts). */
const REDIS_DB = 15;

/** A bridge of `events` over `bus`: NOTIFY on the test database, or Redis. */
async function bridge(bus: EventBus, events: AppEvents) {
  if (bus === 'redis') return bridgeEventsOverRedis(events, await testRedisUrl(REDIS_DB));
  return bridgeEventsOverPostgres(events, process.env.TEST_DATABASE_URL!);
}

// A second server process on the same database, played by a second events bus bridged
// over NOTIFY or Redis and a second socket.io server with its own caches.
for (const bus of EVENT_BUSES)
  describe.runIf(bus === 'redis' || process.env.TEST_DATABASE_URL)(
    `typesChanged across processes over ${bus}`,
    () => {
      it('reaches a browser connected to the other process', async () => {
        const here = await bridge(bus, h.deps.events);
        closers.push(() => here.close());
        const events = createEvents();
        const there = await bridge(bus, events);
        closers.push(() => there.close());
        const server: HttpServer = createServer();
        const io2 = attachRealtime(server, { ...h.deps, events, caches: createCaches() });
        closers.push(() => io2.close());
        await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
        const url2 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const got = await joined(owner, cid, url2);
        const t = await buildType(owner.api, cid);
        const r = await owner.api.post(`${typesUrl(cid)}/${t._id}/delete`, {});
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        await expect.poll(() => types(got).length, { timeout: 5000 }).toBe(2);
        expect(types(got)).toEqual([
          { name: 'typesChanged', ids: [t._id] },
          { name: 'typesChanged', ids: [t._id] },
        ]);
      });
    },
  );

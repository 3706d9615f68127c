import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createEvents, type AccessEvent, type CompanyEvent } from '../../src/platform/events.js';
import type { EventsBridge } from '../../src/platform/events-bridge.js';
import {
  RedisUnreachableError,
  bridgeEventsOverRedis,
} from '../../src/platform/events-bridge-redis.js';
import { killRedisClients, testRedisUrl } from '../support/redis.js';
import { freePort, spawnServer } from '../support/server-process.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

/** This file's Redis database number (docs/deploy.md, "Events across processes"). */
const DB = 11;
/** Another number no other test file takes. */
const OTHER_DB = 10;

// Two server processes sharing one Redis, played by two bridges (as events-bridge.test.ts on NOTIFY).
describe('events across processes on Redis', () => {
  let url = '';
  const a = createEvents();
  const b = createEvents();
  const bridges: EventsBridge[] = [];
  beforeAll(async () => {
    url = await testRedisUrl(DB);
    bridges.push(await bridgeEventsOverRedis(a, url), await bridgeEventsOverRedis(b, url));
  });
  afterAll(async () => {
    for (const br of bridges) await br.close();
  });

  it("reach the other process's listeners once, and this process's once", async () => {
    const atA: CompanyEvent[] = [];
    const atB: CompanyEvent[] = [];
    a.on((e) => atA.push(e));
    b.on((e) => atB.push(e));
    const companyId = randomUUID();
    const ids = Array.from({ length: 250 }, () => randomUUID());
    a.emit({ companyId, name: 'invoicesChanged', ids });
    await expect.poll(() => atB.flatMap((e) => e.ids).length, { timeout: 5000 }).toBe(250);
    expect(atB).toEqual([{ companyId, name: 'invoicesChanged', ids }]);
    expect(atA).toEqual([{ companyId, name: 'invoicesChanged', ids }]);
  });

  it("carry revocations to the other process's caches, in order", async () => {
    const atB: AccessEvent[] = [];
    b.onAccess((e) => atB.push(e));
    const e: AccessEvent = { kind: 'company', companyId: randomUUID(), userId: randomUUID() };
    a.emitAccess(e);
    a.emitAccess({ kind: 'session', tokenHash: 'h' });
    await expect.poll(() => atB.length, { timeout: 5000 }).toBe(2);
    expect(atB).toEqual([e, { kind: 'session', tokenHash: 'h' }]);
  });

  it('never reach processes on another Redis database number', async () => {
    const other = createEvents();
    const u = new URL(url);
    u.pathname = `/${OTHER_DB}`;
    const far = await bridgeEventsOverRedis(other, u.toString());
    try {
      const heard: CompanyEvent[] = [];
      other.on((e) => heard.push(e));
      const atB: CompanyEvent[] = [];
      b.on((e) => atB.push(e));
      const companyId = randomUUID();
      a.emit({ companyId, name: 'chatRooms', ids: [] });
      // Published once to both channels' server: once B has it, the other number had its chance.
      await expect.poll(() => atB.length, { timeout: 5000 }).toBe(1);
      other.emit({ companyId, name: 'chatRooms', ids: ['x'] });
      await expect.poll(() => atB.length, { timeout: 1000 }).toBe(1);
      a.emit({ companyId, name: 'chatRooms', ids: ['y'] });
      await expect.poll(() => atB.length, { timeout: 5000 }).toBe(2);
      expect(atB.map((e) => e.ids)).toEqual([[], ['y']]);
      expect(heard).toEqual([{ companyId, name: 'chatRooms', ids: ['x'] }]);
    } finally {
      await far.close();
    }
  });

  it('keeps working after Redis dropped its connections, and says it may have missed some', async () => {
    const atB: CompanyEvent[] = [];
    b.on((e) => atB.push(e));
    const accessAtB: AccessEvent[] = [];
    b.onAccess((e) => accessAtB.push(e));
    expect(await killRedisClients(url, bridges[0]!.name)).toBe(2);
    expect(await killRedisClients(url, bridges[1]!.name)).toBe(2);
    const companyId = randomUUID();
    // Until both have reconnected, an event may reach only its own process: emit until one arrives.
    await expect
      .poll(
        () => {
          a.emit({ companyId, name: 'invoicesChanged', ids: [] });
          return atB.some((e) => e.companyId === companyId);
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(true);
    expect(accessAtB).toContainEqual({ kind: 'all' });
    expect(bridges[1]!.unavailable?.()).toBeNull();
  });

  it('a revocation emitted while its process cannot reach Redis arrives once it can; readiness says so meanwhile', async () => {
    const target = new URL(url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const via = new URL(url);
    via.hostname = '127.0.0.1';
    via.port = String(proxy.port());
    const c = createEvents();
    let failed: () => void = () => {};
    const sendFailed = new Promise<void>((r) => (failed = r));
    const log = (msg: string) => void (msg.includes('could not send') && failed());
    const bridge = await bridgeEventsOverRedis(c, via.toString(), log, { retryMs: 100 });
    try {
      expect(bridge.unavailable?.()).toBeNull();
      const atB: AccessEvent[] = [];
      b.onAccess((e) => atB.push(e));
      await proxy.cut();
      await expect.poll(() => bridge.unavailable?.(), { timeout: 5000 }).toBeTruthy();
      const e: AccessEvent = { kind: 'user', userId: randomUUID() };
      c.emitAccess(e);
      await sendFailed;
      expect(atB).not.toContainEqual(e);
      await proxy.restore();
      await expect
        .poll(() => atB.filter((x) => 'userId' in x && x.userId === e.userId).length, {
          timeout: 15_000,
        })
        .toBe(1);
      await expect.poll(() => bridge.unavailable?.(), { timeout: 15_000 }).toBeNull();
    } finally {
      await bridge.close();
      await proxy.close();
    }
  });

  it('refuses to start when Redis cannot be reached, naming where it looked but not the password', async () => {
    const port = await freePort();
    const err = await bridgeEventsOverRedis(
      createEvents(),
      `redis://:hush@127.0.0.1:${port}/3`,
      () => {},
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RedisUnreachableError);
    expect((err as Error).message).toContain(
      `Redis (REDIS_URL) at redis://:***@127.0.0.1:${port}/3`,
    );
    expect((err as Error).message).not.toContain('hush');
  });
});

describe('REDIS_URL', () => {
  const db = { DATABASE_URL: 'postgres://x@127.0.0.1/fb' };
  it('is read when it is a redis:// or rediss:// address, and absent keeps NOTIFY', () => {
    expect(loadConfig({ ...db, REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe(
      'redis://127.0.0.1:6379/2',
    );
    expect(loadConfig({ ...db, REDIS_URL: 'rediss://u:p@r.example:6380' }).redisUrl).toBe(
      'rediss://u:p@r.example:6380',
    );
    expect(loadConfig(db).redisUrl).toBeNull();
  });
  it('is refused when it is not a Redis address or has no database to go with', () => {
    expect(() => loadConfig({ ...db, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ ...db, REDIS_URL: 'redis://127.0.0.1:6379/one' })).toThrow(
      /REDIS_URL/,
    );
    expect(() => loadConfig({ ...db, REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/DATABASE_URL/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a server process with REDIS_URL', () => {
  it('refuses to start when Redis cannot be reached, and says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-redis-'));
    try {
      const port = await freePort();
      const err = await spawnServer({
        NODE_ENV: 'production',
        DATABASE_URL: process.env.TEST_DATABASE_URL!,
        REDIS_URL: `redis://127.0.0.1:${port}/4`,
        PORT: String(await freePort()),
        DATA_DIR: dir,
        PUBLIC_URL: 'http://fieldbook.test',
      }).catch((e: unknown) => e as Error);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toContain('server exited with 1 before listening');
      expect((err as Error).message).toContain(
        `Fieldbook will not start: Redis (REDIS_URL) at redis://127.0.0.1:${port}/4 cannot be reached`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

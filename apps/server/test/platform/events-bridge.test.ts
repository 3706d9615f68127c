import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createEvents, type AccessEvent, type CompanyEvent } from '../../src/platform/events.js';
import { bridgeEventsOverPostgres } from '../../src/platform/events-bridge.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

const url = process.env.TEST_DATABASE_URL;

// Two server processes on one PostgreSQL database, played by two bridges.
describe.runIf(url)('events across processes on PostgreSQL', () => {
  const a = createEvents();
  const b = createEvents();
  const bridges: { name: string; close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const br of bridges) await br.close();
  });

  it("reach the other process's listeners once, and this process's once", async () => {
    bridges.push(await bridgeEventsOverPostgres(a, url!), await bridgeEventsOverPostgres(b, url!));
    const atA: CompanyEvent[] = [];
    const atB: CompanyEvent[] = [];
    a.on((e) => atA.push(e));
    b.on((e) => atB.push(e));
    const companyId = randomUUID();
    // 250 ids: more than one notice can carry.
    const ids = Array.from({ length: 250 }, () => randomUUID());
    a.emit({ companyId, name: 'invoicesChanged', ids });
    await expect.poll(() => atB.flatMap((e) => e.ids).length, { timeout: 5000 }).toBe(250);
    expect(atB.flatMap((e) => e.ids)).toEqual(ids);
    expect(atB.every((e) => e.companyId === companyId)).toBe(true);
    expect(atA).toEqual([{ companyId, name: 'invoicesChanged', ids }]);
  });

  it('report each arrival from another process with its lag (metrics), never their own', async () => {
    const c = createEvents();
    const d = createEvents();
    const lagsAtC: number[] = [];
    const lagsAtD: number[] = [];
    let arrived: () => void = () => {};
    const atD = new Promise<void>((r) => (arrived = r));
    const onLagD = (ms: number) => {
      lagsAtD.push(ms);
      arrived();
    };
    bridges.push(
      await bridgeEventsOverPostgres(c, url!, undefined, { onLag: (ms) => lagsAtC.push(ms) }),
      await bridgeEventsOverPostgres(d, url!, undefined, { onLag: onLagD }),
    );
    const before = Date.now();
    c.emit({ companyId: randomUUID(), name: 'invoicesChanged', ids: [] });
    await atD;
    expect(lagsAtD).toHaveLength(1);
    expect(lagsAtD[0]).toBeGreaterThanOrEqual(0);
    expect(lagsAtD[0]).toBeLessThanOrEqual(Date.now() - before);
    expect(lagsAtC).toEqual([]);
  });

  it("carry revocations to the other process's caches", async () => {
    const atB: AccessEvent[] = [];
    b.onAccess((e) => atB.push(e));
    const e: AccessEvent = { kind: 'company', companyId: randomUUID(), userId: randomUUID() };
    a.emitAccess(e);
    a.emitAccess({ kind: 'session', tokenHash: 'h' });
    await expect.poll(() => atB.length, { timeout: 5000 }).toBe(2);
    expect(atB).toEqual([e, { kind: 'session', tokenHash: 'h' }]);
  });

  it('keeps working after the database dropped its listening connection', async () => {
    const atB: CompanyEvent[] = [];
    b.on((e) => atB.push(e));
    const accessAtB: AccessEvent[] = [];
    b.onAccess((e) => accessAtB.push(e));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ANY($1) AND query LIKE 'LISTEN fieldbook_events%'`,
        [bridges.slice(0, 2).map((br) => br.name)],
      );
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
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
    // Notices sent while it was away are lost: the process forgets everything it cached.
    expect(accessAtB).toContainEqual({ kind: 'all' });
  });

  /** A third process on the same database, whose every connection goes through a proxy it can lose. */
  async function viaProxy() {
    const target = new URL(url!);
    const proxy = await startTcpProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    const u = new URL(url!);
    u.hostname = '127.0.0.1';
    u.port = String(proxy.port());
    const c = createEvents();
    const failures: string[] = [];
    let failed: () => void = () => {};
    const sendFailed = new Promise<void>((r) => (failed = r));
    const log = (msg: string) => {
      failures.push(msg);
      if (msg.includes('could not send')) failed();
    };
    const bridge = await bridgeEventsOverPostgres(c, u.toString(), log, { retryMs: 100 });
    return { c, proxy, bridge, sendFailed, failures };
  }

  it('a revocation emitted while its process cannot reach the database arrives once it can', async () => {
    const { c, proxy, bridge, sendFailed } = await viaProxy();
    try {
      const atB: AccessEvent[] = [];
      b.onAccess((e) => atB.push(e));
      await proxy.cut();
      const e: AccessEvent = { kind: 'user', userId: randomUUID() };
      c.emitAccess(e);
      // The send was tried and failed: the database is away from this process.
      await sendFailed;
      expect(atB).not.toContainEqual(e);
      await proxy.restore();
      await expect
        .poll(() => atB.filter((x) => 'userId' in x && x.userId === e.userId).length, {
          timeout: 15_000,
        })
        .toBe(1);
    } finally {
      await bridge.close();
      await proxy.close();
    }
  });

  it("a revocation emitted as the database drops the emitting process's connections still arrives", async () => {
    const { c, proxy, bridge } = await viaProxy();
    try {
      const atB: AccessEvent[] = [];
      b.onAccess((e) => atB.push(e));
      // One event through first, so the sending connection is open when it is cut.
      c.emitAccess({ kind: 'session', tokenHash: 'warm' });
      await expect.poll(() => atB.length, { timeout: 5000 }).toBeGreaterThan(0);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const killed = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [bridge.name],
        );
        // Every connection it has: the listening one and the one it sends on.
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      const e: AccessEvent = { kind: 'company', companyId: randomUUID() };
      c.emitAccess(e);
      await expect
        .poll(() => atB.filter((x) => 'companyId' in x && x.companyId === e.companyId).length, {
          timeout: 10_000,
        })
        .toBe(1);
    } finally {
      await bridge.close();
      await proxy.close();
    }
  });
});

// The queue's wakes (docs/deploy.md, "Roles"): an enqueue on one process wakes another's workers.
describe.runIf(url)('queue wakes across processes on PostgreSQL', () => {
  it("reach the other process's workers, coalesced, never the sender's own", async () => {
    let atA = 0;
    let atB = 0;
    const a = await bridgeEventsOverPostgres(createEvents(), url!, undefined, {
      onWake: () => atA++,
    });
    const b = await bridgeEventsOverPostgres(createEvents(), url!, undefined, {
      onWake: () => atB++,
    });
    try {
      // A burst of enqueues: one notice goes at once, the rest become one more.
      for (let i = 0; i < 50; i++) a.wake();
      await expect.poll(() => atB, { timeout: 5000 }).toBe(2);
      // B's own wake reaches A (and proves A's listener saw A's notices by now).
      b.wake();
      await expect.poll(() => atA, { timeout: 5000 }).toBe(1);
      expect(atB).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

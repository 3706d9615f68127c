import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createEvents, type AccessEvent, type CompanyEvent } from '../src/platform/events.js';
import { bridgeEventsOverPostgres } from '../src/platform/events-bridge.js';

const url = process.env.TEST_DATABASE_URL;

// Two server processes on one PostgreSQL database, played by two bridges.
describe.runIf(url)('events across processes on PostgreSQL', () => {
  const a = createEvents();
  const b = createEvents();
  const bridges: { close(): Promise<void> }[] = [];
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
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND (query LIKE 'LISTEN fieldbook_events%' OR query LIKE 'SELECT pg_notify%')`,
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
});

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../../src/db/schema/index.js';
import { buildUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/*
 * The test harness hands a closed harness's PGlite to the worker's next one
 * (support/pglite-reuse.ts): the next file must find it as the dump left it, or
 * get a fresh one. PostgreSQL copies a template per file and keeps nothing.
 */

let open: Harness[] = [];
const start = async () => {
  const h = await startHarness();
  open.push(h);
  return h;
};
const close = async (h: Harness) => {
  open = open.filter((x) => x !== h);
  await h.close();
};
afterEach(async () => {
  for (const h of open) await h.close();
  open = [];
});

describe.runIf(!process.env.TEST_DATABASE_URL)('a test database handed to the next file', () => {
  it('comes back empty, with its identities restarted and its session reset', async () => {
    const first = await start();
    const user = await buildUser(first, { username: 'reuse-one' });
    await first.deps.database.db.insert(securityEvents).values([
      { userId: user.id, kind: 'one' },
      { userId: user.id, kind: 'two' },
    ]);
    await first.deps.database.db.execute(sql`SET work_mem = '7MB'`);
    const pglite = first.deps.database.pglite;
    await close(first);

    const next = await start();
    expect(next.deps.database.pglite, 'the same database, taken back').toBe(pglite);
    const db = next.deps.database.db;
    expect(await db.$count(users)).toBe(0);
    expect(await db.$count(securityEvents)).toBe(0);
    // The shipped templates are there again, as in a fresh database.
    const templates = await next.deps.database.pglite!.query<{ n: number }>(
      'select count(*)::int as n from templates',
    );
    expect(templates.rows[0]!.n).toBeGreaterThan(0);
    const again = await buildUser(next, { username: 'reuse-two' });
    const [row] = await db
      .insert(securityEvents)
      .values({ userId: again.id, kind: 'three' })
      .returning({ seq: securityEvents.seq });
    expect(row!.seq).toBe(1);
    const mem = await next.deps.database.pglite!.query<{ work_mem: string }>('SHOW work_mem');
    expect(mem.rows[0]!.work_mem).not.toBe('7MB');
  });

  it('is not handed on once a file has changed its schema', async () => {
    const first = await start();
    const pglite = first.deps.database.pglite;
    await first.deps.database.db.execute(sql`CREATE TABLE left_behind (id integer)`);
    await close(first);
    const next = await start();
    expect(next.deps.database.pglite).not.toBe(pglite);
    expect(pglite!.closed).toBe(true);
    const tables = await next.deps.database.pglite!.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where tablename = 'left_behind'",
    );
    expect(tables.rows[0]!.n).toBe(0);
  });

  it('is not handed on from inside a transaction left open', async () => {
    const first = await start();
    const pglite = first.deps.database.pglite!;
    await pglite.exec('BEGIN');
    await close(first);
    const next = await start();
    expect(next.deps.database.pglite).not.toBe(pglite);
    expect(await next.deps.database.db.$count(users)).toBe(0);
  });
});

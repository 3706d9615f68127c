import { sql } from 'drizzle-orm';
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { PipelinedPool } from '../../src/db/pipelined-pool.js';

/**
 * The named statements (hot reads) on pipelined lanes, the rest on the pool
 * (src/db/pipelined-pool.ts). PostgreSQL only: PGlite has one connection.
 */
const url = process.env.TEST_DATABASE_URL;
const pools: PipelinedPool[] = [];
const databases: Database[] = [];
afterEach(async () => {
  await Promise.all([
    ...pools.splice(0).map((p) => p.end()),
    ...databases.splice(0).map((d) => d.close()),
  ]);
});
const newPool = (o: { lanes?: number; statementTimeoutMs?: number } = {}) => {
  const p = new PipelinedPool({ connectionString: url!, max: 3, ...o });
  pools.push(p);
  return p;
};
const double = (n: number) => ({ name: 'pp_double', text: 'select $1::int * 2 as n', values: [n] });
const pid = { name: 'pp_pid', text: 'select pg_backend_pid() as pid' };

describe.skipIf(!url)('a pipelined pool (PostgreSQL)', () => {
  it('answers each of 300 concurrent named reads with its own rows, on at most its lanes and no pooled connection', async () => {
    const pool = newPool({ lanes: 2 });
    const ns = Array.from({ length: 300 }, (_, i) => i);
    const answers = await Promise.all(ns.map((n) => pool.query(double(n))));
    expect(answers.map((r) => (r.rows[0] as { n: number }).n)).toEqual(ns.map((n) => n * 2));
    expect(pool.openLanes).toBeGreaterThanOrEqual(1);
    expect(pool.openLanes).toBeLessThanOrEqual(2);
    expect(pool.totalCount).toBe(0);
  });

  it('sends the reads asked for in one turn of the event loop in one write', async () => {
    const pool = newPool({ lanes: 1 });
    await pool.query(double(0)); // the lane is open
    const toDatabase = (socket: net.Socket) =>
      socket.remotePort === Number(new URL(url!).port || 5432);
    let writes = 0;
    const proto = net.Socket.prototype as unknown as Record<
      '_write' | '_writev',
      (...a: unknown[]) => void
    >;
    for (const method of ['_write', '_writev'] as const) {
      const original = proto[method];
      vi.spyOn(proto, method).mockImplementation(function (this: net.Socket, ...args: unknown[]) {
        if (toDatabase(this)) writes++;
        return original.apply(this, args);
      });
    }
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => pool.query(double(i))),
      );
      expect(answers.map((r) => (r.rows[0] as { n: number }).n)).toEqual(
        Array.from({ length: 20 }, (_, i) => i * 2),
      );
    } finally {
      vi.restoreAllMocks();
    }
    expect(writes).toBe(1);
  });

  it('runs unnamed queries on the pool and opens no lane for them', async () => {
    const pool = newPool();
    const r = await pool.query('select $1::int * 2 as n', [21]);
    expect(r.rows).toEqual([{ n: 42 }]);
    expect(pool.totalCount).toBe(1);
    expect(pool.openLanes).toBe(0);
  });

  it('fails only the read that fails: the ones written around it on the same lane answer', async () => {
    const pool = newPool({ lanes: 1 });
    const divide = (d: number) => ({
      name: 'pp_divide',
      text: 'select 10 / $1::int as q',
      values: [d],
    });
    const results = await Promise.allSettled([2, 0, 5, 0, 1].map((d) => pool.query(divide(d))));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('division by zero');
    expect((results[4] as PromiseFulfilledResult<pg.QueryResult>).value.rows).toEqual([{ q: 10 }]);
    expect(pool.openLanes).toBe(1);
  });

  it('opens a new connection for the next read after its lane is terminated', async () => {
    const pool = newPool({ lanes: 1 });
    const before = (await pool.query(pid)).rows[0].pid as number;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [before]);
    await admin.end();
    // The first read after may land on the lane before its loss is known; the one after it may not.
    const first = await pool.query(pid).then(
      (r) => r.rows[0].pid as number,
      (e: Error) => e,
    );
    if (typeof first !== 'number') expect(first).toBeInstanceOf(Error);
    const after = (await pool.query(pid)).rows[0].pid as number;
    expect(after).not.toBe(before);
    expect(pool.openLanes).toBe(1);
  });

  it('lets a slow read hold only its own lane: a read asked after it takes the other lane and answers', async () => {
    const pool = newPool({ lanes: 2 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(2112)');
      // Waits on the lock the test holds: slow until the test lets it go.
      const order: string[] = [];
      const slow = pool
        .query({
          name: 'pp_wait',
          text: 'select pg_advisory_xact_lock($1::bigint) as w',
          values: [2112],
        })
        .then(() => order.push('slow'));
      const quick = await pool.query(double(3));
      order.push(`quick ${(quick.rows[0] as { n: number }).n}`);
      expect(pool.openLanes).toBe(2);
      await admin.query('select pg_advisory_unlock(2112)');
      await slow;
      expect(order).toEqual(['quick 6', 'slow']);
    } finally {
      await admin.end();
    }
  });

  it('cancels a named read that outlasts the lane statement timeout, and the lane goes on', async () => {
    const pool = newPool({ lanes: 1, statementTimeoutMs: 100 });
    const slow = { name: 'pp_slow', text: 'select pg_sleep($1::float) as s', values: [30] };
    const [late, next] = await Promise.allSettled([pool.query(slow), pool.query(double(4))]);
    expect(late.status).toBe('rejected');
    expect((late as PromiseRejectedResult).reason.message).toBe(
      'canceling statement due to statement timeout',
    );
    expect((next as PromiseFulfilledResult<pg.QueryResult>).value.rows).toEqual([{ n: 8 }]);
  });

  it('lets the reads in flight finish when it ends, and refuses reads after', async () => {
    const pool = newPool({ lanes: 2 });
    const inFlight = Array.from({ length: 40 }, (_, i) => pool.query(double(i)));
    await pool.end();
    const answers = await Promise.all(inFlight);
    expect(answers.map((r) => (r.rows[0] as { n: number }).n)).toEqual(
      Array.from({ length: 40 }, (_, i) => i * 2),
    );
    expect(pool.openLanes).toBe(0);
    await expect(pool.query(double(1))).rejects.toThrow(/after calling end on the pool/);
    pools.splice(pools.indexOf(pool), 1);
  });

  it("keeps a transaction's named reads on the transaction's own connection", async () => {
    const d = await openDatabase({ kind: 'postgres', url: url!, max: 2 });
    databases.push(d);
    const setting = (
      db: Parameters<Parameters<Database['db']['transaction']>[0]>[0] | Database['db'],
    ) =>
      db
        .select({ v: sql<string | null>`current_setting('fb.pp', true)` })
        .from(sql`generate_series(1, 1)`)
        .prepare('pp_setting');
    const seen = await d.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('fb.pp', 'inside', true)`);
      const inside = await setting(tx).execute();
      const outside = await setting(d.db).execute();
      return { inside: inside[0]!.v, outside: outside[0]!.v };
    });
    expect(seen.inside).toBe('inside');
    expect(seen.outside ?? '').toBe('');
  });
});

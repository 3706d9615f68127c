import { sql } from 'drizzle-orm';
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { PipelinedPool, type PipelinedPoolConfig } from '../../src/db/pipelined-pool.js';

/**
 * The hot reads on pipelined lanes, the rest on the pool
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
// heldMs: a lane never counts as held unless the test says so (a slow machine can take
// over 100 ms to write 300 reads).
const newPool = (o: Partial<PipelinedPoolConfig> = {}) => {
  const p = new PipelinedPool({ connectionString: url!, max: 3, heldMs: 60_000, ...o });
  pools.push(p);
  return p;
};
const nOf = (r: pg.QueryResult) => (r.rows[0] as { n: number }).n;
const double = (n: number) => ({
  name: 'hot_pp_double',
  text: 'select $1::int * 2 as n',
  values: [n],
});
const pid = { name: 'hot_pp_pid', text: 'select pg_backend_pid() as pid' };
const pidOf = async (pool: PipelinedPool) => (await pool.query(pid)).rows[0].pid as number;
/** A hot read that waits for the advisory lock `key`, which the test holds: slow until the test lets go. */
const waitFor = (key: number) => ({
  name: 'hot_pp_wait',
  text: 'select pg_advisory_xact_lock($1::bigint) as w',
  values: [key],
});

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** How many of these backends pg_stat_activity still lists (`and …`: a further condition). */
async function backends(admin: pg.Client, pids: number[], and = ''): Promise<number> {
  const r = await admin.query(
    `select count(*)::int as n from pg_stat_activity where pid = any($1::int[]) ${and}`,
    [pids],
  );
  return (r.rows[0] as { n: number }).n;
}

describe.skipIf(!url)('a pipelined pool (PostgreSQL)', () => {
  it('answers each of 300 concurrent hot reads with its own rows, on at most its lanes and no pooled connection', async () => {
    const pool = newPool({ lanes: 2 });
    const ns = Array.from({ length: 300 }, (_, i) => i);
    const answers = await Promise.all(ns.map((n) => pool.query(double(n))));
    expect(answers.map(nOf)).toEqual(ns.map((n) => n * 2));
    expect(pool.openLanes).toBeGreaterThanOrEqual(1);
    expect(pool.openLanes).toBeLessThanOrEqual(2);
    expect(pool.totalCount).toBe(0);
  });

  it('sends the reads asked for in one turn of the event loop in one write', async () => {
    const pool = newPool({ lanes: 1 });
    // The lane's own end of its connection, so no other socket to the database is counted.
    const lanePort = (
      await pool.query({ name: 'hot_pp_port', text: 'select inet_client_port() as p' })
    ).rows[0].p as number;
    let writes = 0;
    const proto = net.Socket.prototype as unknown as Record<
      '_write' | '_writev',
      (...a: unknown[]) => void
    >;
    for (const method of ['_write', '_writev'] as const) {
      const original = proto[method];
      vi.spyOn(proto, method).mockImplementation(function (this: net.Socket, ...args: unknown[]) {
        if (this.localPort === lanePort) writes++;
        return original.apply(this, args);
      });
    }
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => pool.query(double(i))),
      );
      expect(answers.map(nOf)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    } finally {
      vi.restoreAllMocks();
    }
    expect(writes).toBe(1);
  });

  it('runs unnamed queries, statements not named hot_, and everything with no lanes on the pool', async () => {
    const pool = newPool();
    expect((await pool.query('select $1::int * 2 as n', [21])).rows).toEqual([{ n: 42 }]);
    const other = { name: 'pp_not_hot', text: 'select $1::int * 2 as n', values: [4] };
    expect(nOf(await pool.query(other))).toBe(8);
    expect(pool.openLanes).toBe(0);
    expect(pool.totalCount).toBe(1);
    const none = newPool({ lanes: 0 });
    expect(nOf(await none.query(double(5)))).toBe(10);
    expect(none.totalCount).toBe(1);
  });

  it('fails only the read that fails: the ones written around it on the same lane answer', async () => {
    const pool = newPool({ lanes: 1 });
    const divide = (d: number) => ({
      name: 'hot_pp_divide',
      text: 'select 10 / $1::int as n',
      values: [d],
    });
    const results = await Promise.allSettled([2, 0, 5, 0, 1].map((d) => pool.query(divide(d))));
    expect(
      results.map((r) => (r.status === 'fulfilled' ? nOf(r.value) : (r.reason as Error).message)),
    ).toEqual([5, 'division by zero', 2, 'division by zero', 10]);
    expect(pool.openLanes).toBe(1);
    expect(pool.totalCount).toBe(0);
  });

  it('opens a new connection for the next read after its lane is terminated while idle', async () => {
    const pool = newPool({ lanes: 1 });
    const before = await pidOf(pool);
    await withAdmin((admin) => admin.query('select pg_terminate_backend($1)', [before]));
    // The first read after may reach the lane before its loss is known, and fail with it;
    // either way the lane is retired, and the read after it is answered by a new connection.
    const first = await pidOf(pool).catch((e: Error) => e);
    if (typeof first !== 'number') expect(first).toBeInstanceOf(Error);
    const after = await pidOf(pool);
    expect(after).not.toBe(before);
    expect(pool.openLanes).toBe(1);
  });

  it('retires a lane whose connection is terminated under a read: that read fails, the next has a new connection', async () => {
    const pool = newPool({ lanes: 1 });
    const before = await pidOf(pool);
    await withAdmin(async (admin) => {
      await admin.query('select pg_advisory_lock(2113)');
      const held = pool.query(waitFor(2113)).catch((e: Error) => e);
      // The read waits for the lock on the lane's backend (the one that will be terminated).
      await expect.poll(() => backends(admin, [before], "and wait_event_type = 'Lock'")).toBe(1);
      await admin.query('select pg_terminate_backend($1)', [before]);
      expect(await held).toBeInstanceOf(Error);
    });
    const after = await pidOf(pool);
    expect(after).not.toBe(before);
  });

  it('retires a lane whose prepared read a schema change made invalid, and answers on a new connection', async () => {
    const table = `pp_t_${process.pid}_${Date.now()}`;
    const pool = newPool({ lanes: 1 });
    const read = { name: 'hot_pp_table', text: `select v from ${table}` };
    await withAdmin(async (admin) => {
      await admin.query(`create table ${table} (v int)`);
      try {
        await admin.query(`insert into ${table} values (1)`);
        const before = await pidOf(pool);
        expect((await pool.query(read)).rows).toEqual([{ v: 1 }]);
        await admin.query(`alter table ${table} alter column v type text`);
        await expect(pool.query(read)).rejects.toThrow('cached plan must not change result type');
        expect(await pidOf(pool)).not.toBe(before);
        expect((await pool.query(read)).rows).toEqual([{ v: '1' }]);
      } finally {
        await admin.query(`drop table if exists ${table}`);
      }
    });
  });

  it('closes a lane left idle', async () => {
    const pool = newPool({ lanes: 1, idleMs: 60 });
    await pool.query(double(1));
    expect(pool.openLanes).toBe(1);
    await expect.poll(() => pool.openLanes).toBe(0);
    expect(nOf(await pool.query(double(2)))).toBe(4);
  });

  it('lets a slow read hold only its own lane: a read asked after it takes the other lane and answers', async () => {
    const pool = newPool({ lanes: 2 });
    await withAdmin(async (admin) => {
      await admin.query('select pg_advisory_lock(2112)');
      const order: string[] = [];
      const slow = pool.query(waitFor(2112)).then(() => order.push('slow'));
      order.push(`quick ${nOf(await pool.query(double(3)))}`);
      expect(pool.openLanes).toBe(2);
      await admin.query('select pg_advisory_unlock(2112)');
      await slow;
      expect(order).toEqual(['quick 6', 'slow']);
    });
  });

  it('sends a read to the pool when every lane is held by a read with no answer', async () => {
    // heldMs 0: a lane with a read in flight counts as held at once.
    const pool = newPool({ lanes: 1, heldMs: 0 });
    await pool.query(double(0));
    await withAdmin(async (admin) => {
      await admin.query('select pg_advisory_lock(2114)');
      const slow = pool.query(waitFor(2114));
      expect(nOf(await pool.query(double(7)))).toBe(14);
      expect(pool.totalCount).toBe(1);
      await admin.query('select pg_advisory_unlock(2114)');
      await slow;
    });
  });

  it('sends the reads to the pool when a lane cannot connect, and tries no lane for a while after', async () => {
    const pool = newPool({
      lanes: 1,
      laneConnectionString: 'postgres://postgres@127.0.0.1:1/none',
    });
    const answers = await Promise.all([1, 2, 3].map((n) => pool.query(double(n))));
    expect(answers.map(nOf)).toEqual([2, 4, 6]);
    expect(pool.totalCount).toBeGreaterThanOrEqual(1);
    // For a while after, no lane is tried: the next read goes straight to the pool.
    const next = pool.query(double(4));
    expect(pool.openLanes).toBe(0);
    expect(nOf(await next)).toBe(8);
  });

  it('cancels a hot read that outlasts the lane statement timeout, whatever the address says, and the lane goes on', async () => {
    const address = new URL(url!);
    address.searchParams.set('options', '-c statement_timeout=60000');
    const pool = newPool({
      lanes: 1,
      statementTimeoutMs: 100,
      connectionString: address.toString(),
    });
    const slow = { name: 'hot_pp_slow', text: 'select pg_sleep($1::float) as s', values: [30] };
    const [late, next] = await Promise.allSettled([pool.query(slow), pool.query(double(4))]);
    expect(late.status).toBe('rejected');
    expect((late as PromiseRejectedResult).reason.message).toBe(
      'canceling statement due to statement timeout',
    );
    expect(nOf((next as PromiseFulfilledResult<pg.QueryResult>).value)).toBe(8);
    expect(pool.openLanes).toBe(1);
  });

  it('lets the reads in flight finish when it ends, closes its lanes, and refuses reads after', async () => {
    const pool = newPool({ lanes: 2 });
    const pids = await Promise.all([pidOf(pool), pidOf(pool)]);
    const inFlight = Array.from({ length: 40 }, (_, i) => pool.query(double(i)));
    await pool.end();
    expect((await Promise.all(inFlight)).map(nOf)).toEqual(
      Array.from({ length: 40 }, (_, i) => i * 2),
    );
    expect(pool.openLanes).toBe(0);
    await expect(pool.query(double(1))).rejects.toThrow(/after calling end on the pool/);
    pools.splice(pools.indexOf(pool), 1);
    await withAdmin(async (admin) => {
      // A backend leaves pg_stat_activity as it exits, just after its client hung up.
      await expect.poll(() => backends(admin, pids)).toBe(0);
    });
  });

  it("keeps a transaction's hot reads on the transaction's own connection", async () => {
    const d = await openDatabase({ kind: 'postgres', url: url!, max: 2 });
    databases.push(d);
    const setting = (
      db: Parameters<Parameters<Database['db']['transaction']>[0]>[0] | Database['db'],
    ) =>
      db
        .select({ v: sql<string | null>`current_setting('fb.pp', true)` })
        .from(sql`generate_series(1, 1)`)
        .prepare('hot_pp_setting');
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

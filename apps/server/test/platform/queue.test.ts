import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { queueJobs } from '../../src/db/schema/index.js';
import { claimQueueJobs } from '../../src/platform/queue.repo.js';
import {
  PermanentQueueError,
  backoffMs,
  enqueue,
  releaseDeadLeases,
  setRemoteWake,
  startWorker,
  wakeLocalWorkers,
  wakeWorkers,
  type QueueJob,
  type QueueHandler,
  type Worker,
  type WorkerOptions,
} from '../../src/platform/queue.js';
import { freshDatabase } from '../support/harness.js';

let database: Database;
const workers: Worker[] = [];
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await database.close();
});
beforeEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await database.db.delete(queueJobs);
});

const db = () => database.db;
const quiet = () => {};
const opts = (over: Partial<WorkerOptions> = {}): WorkerOptions => ({
  concurrency: 4,
  leaseMs: 60_000,
  pollMs: 20,
  log: quiet,
  ...over,
});
function worker(handlers: Record<string, QueueHandler>, over: Partial<WorkerOptions> = {}) {
  const w = startWorker(db(), handlers, opts(over));
  workers.push(w);
  return w;
}
const add = (kind: string, over: Partial<Parameters<typeof enqueue>[1]> = {}) =>
  db().transaction((tx) => enqueue(tx, { kind, companyId: null, payload: {}, ...over }));
const row = async (id: number) =>
  (await db().select().from(queueJobs).where(eq(queueJobs.id, id)))[0]!;

/** Waits (up to 15 s) until `check` answers true. */
async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const finished = (id: number) => async () => (await row(id)).state !== 'queued';

describe('enqueue', () => {
  it('adds nothing for a dedupe key already there, and commits with the caller', async () => {
    const first = await add('a', { dedupeKey: 'k:1' });
    const again = await add('a', { dedupeKey: 'k:1' });
    expect(first).toBeTypeOf('number');
    expect(again).toBeNull();
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, { kind: 'a', companyId: null, payload: {}, dedupeKey: 'k:2' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const keys = (await db().select({ k: queueJobs.dedupeKey }).from(queueJobs)).map((r) => r.k);
    expect(keys).toEqual(['k:1']);
  });
});

/** Claim any kind, excluding nothing. */
const ANY = { kinds: ['a', 'later', 'done', 'x', 'fail', 'slow'], notIds: [] };

describe('claiming', () => {
  it('takes a lease and counts the attempt; a leased job is not claimed again until the lease runs out', async () => {
    const id = (await add('a'))!;
    const [got] = await claimQueueJobs(db(), 'w1', 10, 60_000, ANY);
    expect(got).toMatchObject({ id, lockedBy: 'w1', attempts: 1 });
    expect(got!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await claimQueueJobs(db(), 'w2', 10, 60_000, ANY)).toEqual([]);
    // The holder died: its lease ran out.
    await db()
      .update(queueJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(queueJobs.id, id));
    const [again] = await claimQueueJobs(db(), 'w2', 10, 60_000, ANY);
    expect(again).toMatchObject({ id, lockedBy: 'w2', attempts: 2 });
  });

  it('does not claim a job before its run time, nor a finished one', async () => {
    await add('later', { runAt: new Date(Date.now() + 3_600_000) });
    const done = (await add('done'))!;
    await db().update(queueJobs).set({ state: 'done' }).where(eq(queueJobs.id, done));
    expect(await claimQueueJobs(db(), 'w1', 10, 60_000, ANY)).toEqual([]);
  });

  it('claims only kinds it can run, and never the ids it is running already', async () => {
    const mine = (await add('a'))!;
    const other = (await add('a'))!;
    await add('unknown-kind');
    // `mine` is running here and its lease has run out (a late renewal): still not claimed.
    await db()
      .update(queueJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'`, lockedBy: 'w1' })
      .where(eq(queueJobs.id, mine));
    const got = await claimQueueJobs(db(), 'w1', 10, 60_000, { kinds: ['a'], notIds: [mine] });
    expect(got.map((j) => j.id)).toEqual([other]);
  });

  it('frees every lease at start-up on the embedded database', async () => {
    const id = (await add('a'))!;
    await claimQueueJobs(db(), 'dead', 10, 3_600_000, ANY);
    expect(await releaseDeadLeases(db())).toBe(1);
    expect((await claimQueueJobs(db(), 'new', 10, 60_000, ANY)).map((j) => j.id)).toEqual([id]);
  });
});

describe('a worker', () => {
  it('runs a job and commits its writes with the job marked done', async () => {
    const id = (await add('a', { payload: { n: 7 } }))!;
    const seen: unknown[] = [];
    let after = 0;
    worker({
      a: {
        run: async (job) => {
          seen.push(job.payload);
          return {
            write: async (tx) => {
              await enqueue(tx, {
                kind: 'marker',
                companyId: null,
                payload: {},
                runAt: new Date(9e12),
              });
            },
            afterCommit: () => after++,
          };
        },
      },
    });
    await until(finished(id), 'the job');
    const r = await row(id);
    expect(r).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null, lastError: null });
    expect(r.finishedAt).toBeInstanceOf(Date);
    expect(seen).toEqual([{ n: 7 }]);
    expect(after).toBe(1);
    expect(await db().$count(queueJobs, eq(queueJobs.kind, 'marker'))).toBe(1);
  });

  it('leaves a job not done when its writes fail, so they never half-commit', async () => {
    const id = (await add('a'))!;
    const logged: string[] = [];
    worker(
      {
        a: {
          run: async () => ({
            write: async (tx) => {
              await enqueue(tx, {
                kind: 'marker',
                companyId: null,
                payload: {},
                runAt: new Date(9e12),
              });
              throw new Error('write failed');
            },
          }),
        },
      },
      { log: (m) => logged.push(m) },
    );
    await until(async () => logged.length > 0, 'the log');
    expect((await row(id)).state).toBe('queued');
    expect(await db().$count(queueJobs, eq(queueJobs.kind, 'marker'))).toBe(0);
  });

  it('retries a failed job with back-off and records the error', async () => {
    const id = (await add('a'))!;
    worker({
      a: {
        run: async () => {
          throw new Error('SMTP said no');
        },
      },
    });
    await until(async () => (await row(id)).attempts === 1 && !(await row(id)).lockedBy, 'retry');
    const [r] = await db()
      .select({
        state: queueJobs.state,
        lastError: queueJobs.lastError,
        lockedUntil: queueJobs.lockedUntil,
        waitS: sql<number>`extract(epoch from ${queueJobs.runAt} - now())::float8`,
      })
      .from(queueJobs)
      .where(eq(queueJobs.id, id));
    expect(r).toMatchObject({ state: 'queued', lastError: 'SMTP said no', lockedUntil: null });
    // Due again about 10 s after the failure (the first back-off step).
    expect(r!.waitS).toBeGreaterThan(5);
    expect(r!.waitS).toBeLessThanOrEqual(10);
  });

  it('backs off 10 s, 1 min, 5 min, then 30 min', () => {
    expect([1, 2, 3, 4, 5, 12].map(backoffMs)).toEqual([
      10_000, 60_000, 300_000, 1_800_000, 1_800_000, 1_800_000,
    ]);
  });

  it('gives up after max attempts and tells the handler once', async () => {
    const id = (await add('a', { maxAttempts: 3 }))!;
    let runs = 0;
    const failures: string[] = [];
    worker(
      {
        a: {
          run: async () => {
            runs++;
            throw new Error(`try ${runs}`);
          },
          failed: async (_tx, job, error) => {
            failures.push(`${job.attempts}: ${error}`);
          },
        },
      },
      { backoff: () => 0 },
    );
    await until(finished(id), 'the job to fail');
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'try 3' });
    expect(runs).toBe(3);
    expect(failures).toEqual(['3: try 3']);
  });

  it('fails at once on a permanent error', async () => {
    const id = (await add('a'))!;
    worker({
      a: {
        run: async () => {
          throw new PermanentQueueError('no address');
        },
      },
    });
    await until(finished(id), 'the job to fail');
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'no address' });
  });

  it('fails a job whose last attempt died with its process, without running it again', async () => {
    const id = (await add('a', { maxAttempts: 2 }))!;
    await db()
      .update(queueJobs)
      .set({ attempts: 2, lockedBy: 'dead', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(queueJobs.id, id));
    let runs = 0;
    worker({ a: { run: async () => void runs++ } });
    await until(finished(id), 'the job to fail');
    expect(runs).toBe(0);
    expect((await row(id)).lastError).toMatch(/Gave up after 2 attempts/);
  });

  it('never lets two workers run the same job', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push((await add('a', { payload: { i } }))!);
    const ran: { id: number; by: string }[] = [];
    const handler = (by: string): QueueHandler => ({
      run: async (job: QueueJob) => {
        ran.push({ id: job.id, by });
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    worker({ a: handler('one') }, { workerId: `one-${randomUUID()}` });
    worker({ a: handler('two') }, { workerId: `two-${randomUUID()}` });
    await until(
      async () => (await db().$count(queueJobs, eq(queueJobs.state, 'done'))) === ids.length,
      'all jobs',
    );
    expect(ran.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('wakes at once when this process enqueues, without waiting for the poll', async () => {
    let runs = 0;
    worker({ a: { run: async () => void runs++ } }, { pollMs: 3_600_000 });
    await new Promise((r) => setTimeout(r, 100)); // the worker's first look found nothing
    const id = (await add('a'))!;
    wakeWorkers();
    await until(finished(id), 'the woken worker');
    expect(runs).toBe(1);
  });

  it('lets a running job finish on stop, and claims nothing after', async () => {
    const id = (await add('a'))!;
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let started = false;
    const w = startWorker(
      db(),
      {
        a: {
          run: async () => {
            started = true;
            await gate;
          },
        },
      },
      opts(),
    );
    await until(async () => started, 'the job to start');
    const stopped = w.stop();
    const later = (await add('a'))!;
    setTimeout(open, 50);
    await stopped;
    expect((await row(id)).state).toBe('done');
    expect((await row(later)).state).toBe('queued');
  });

  it('hands back the lease of a job still running when the stop runs out of time', async () => {
    const id = (await add('a'))!;
    let started = false;
    const w = startWorker(
      db(),
      {
        a: {
          run: async () => {
            started = true;
            await new Promise(() => {}); // stuck (an SMTP server that never answers)
          },
        },
      },
      opts({ stopTimeoutMs: 50 }),
    );
    await until(async () => started, 'the job to start');
    expect((await row(id)).lockedBy).toBe(w.id);
    await w.stop();
    // Back in the queue at once for another process (not after the minute's lease).
    expect(await row(id)).toMatchObject({ state: 'queued', lockedBy: null, lockedUntil: null });
  });

  it('wakes the other processes through the remote wake when set, and this one always', async () => {
    let remote = 0;
    setRemoteWake(() => remote++);
    try {
      wakeWorkers();
      expect(remote).toBe(1);
      wakeLocalWorkers();
      expect(remote).toBe(1);
    } finally {
      setRemoteWake(null);
    }
    wakeWorkers();
    expect(remote).toBe(1);
  });
});

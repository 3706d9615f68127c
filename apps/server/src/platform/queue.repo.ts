import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { queueJobs } from '../db/schema/index.js';

/**
 * The SQL of the queue (table `queue_jobs`). The queue is platform-wide on purpose: a worker
 * claims due jobs of every company, so these queries are not scoped to one
 * company (each job row carries its `companyId` for the handler, which then
 * works through company-scoped repos).
 */

export type QueueJobRow = typeof queueJobs.$inferSelect;
export type QueueJobInsert = Pick<
  typeof queueJobs.$inferInsert,
  'kind' | 'companyId' | 'payload'
> & {
  dedupeKey?: string | null;
  requestId?: string | null;
  runAt?: Date;
  maxAttempts?: number;
};

/**
 * A claim looks at most 2 x SCAN_HALF companies with queued work (from a
 * random point onward, and from the start up to it), so many companies with
 * work waiting (anyone may make companies) cost each claim a bounded number of
 * index probes; with more, each claim sees another window of them.
 */
const SCAN_HALF = 128;

/** `now() + ms` computed by the database, so every process shares one clock. */
const nowPlus = (ms: number) => sql`now() + ${Math.round(ms)}::int * interval '1 millisecond'`;

/** Inserts jobs; a row whose `dedupeKey` exists already is skipped. Answers the new ids. */
export async function insertQueueJobs(tx: Tx, rows: QueueJobInsert[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(queueJobs)
    .values(
      rows.map((r) => ({
        kind: r.kind,
        companyId: r.companyId,
        payload: r.payload,
        dedupeKey: r.dedupeKey ?? null,
        requestId: r.requestId ?? null,
        ...(r.runAt && { runAt: r.runAt }),
        ...(r.maxAttempts && { maxAttempts: r.maxAttempts }),
      })),
    )
    .onConflictDoNothing({ target: queueJobs.dedupeKey, where: sql`dedupe_key is not null` })
    .returning({ id: queueJobs.id });
  return inserted.map((r) => r.id);
}

/**
 * Claims up to `limit` due jobs for `workerId` in one statement (its own short
 * transaction): the inner select locks the rows it picks and skips rows another
 * worker is claiming at the same moment; the update takes a lease and counts
 * the attempt. A job whose lease ran out (its process died) is due again.
 *
 * Fair between companies (DECISIONS §15): due jobs are taken by their place in
 * their company's line, counting the company's running jobs first, then by due
 * time. A company with 4 running and 1,000 due has its next job at place 5; a
 * company with one due job has it at place 1, so it is taken at the next free
 * slot, whatever the other's backlog (docs/performance.md, "Fairness").
 */
export async function claimQueueJobs(
  db: Tx,
  workerId: string,
  limit: number,
  leaseMs: number,
  only: {
    kinds: string[];
    notIds: number[];
    /** Jobs of a kind not to take now for these companies (their handler is at its cap). */
    skip?: { kind: string; companyIds: string[] }[];
  },
): Promise<QueueJobRow[]> {
  if (only.kinds.length === 0) return [];
  const list = (xs: (string | number)[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const kinds = list(only.kinds);
  const skips = (only.skip ?? []).filter((x) => x.companyIds.length > 0);
  const skipped = (q: string) =>
    sql.join(
      skips.map(
        (x) =>
          sql` and not (${sql.raw(q)}.kind = ${x.kind} and ${sql.raw(q)}.company_id in (${sql.join(
            x.companyIds.map((c) => sql`${c}::uuid`),
            sql`, `,
          )}))`,
      ),
      sql``,
    );
  // Where this claim starts looking among the companies (see SCAN_HALF).
  const start = randomUUID();
  // Due and not running: the rows a worker may take.
  const free = (q: string) =>
    sql.raw(`${q}.state = 'queued' and ${q}.run_at <= now()
      and (${q}.locked_until is null or ${q}.locked_until < now())`);
  // Read in bounded steps, so a company's backlog costs the claim nothing
  // (docs/performance.md, "Fairness"): the companies with queued work (due or
  // later) by a loose scan of queue_jobs_company_due_idx (one index probe each, at
  // most 2 x SCAN_HALF of them), then at most
  // `limit` of each company's due rows, placed after its running jobs (counted
  // on queue_jobs_running_idx). Jobs of no company (platform work) form one line.
  // The places are counted here, and only the outer rows are locked: a window
  // function cannot sit beside FOR UPDATE. Only kinds this process can run (an
  // older process in a rolling deploy leaves new kinds alone).
  const line = (of: (q: string) => ReturnType<typeof sql>) => sql`
    select f.id,
      (select count(*) from ${queueJobs} r
        where ${of('r')} and r.state = 'queued' and r.locked_until >= now())
      + row_number() over (order by f.run_at, f.id) as place
    from (
      select q.id, q.run_at from ${queueJobs} q
      where ${of('q')} and ${free('q')} and q.kind in (${kinds})${skipped('q')}
      order by q.run_at, q.id
      limit ${limit}
    ) f`;
  const due = sql`(
    with recursive up(company_id, n) as (
      (select q.company_id, 1 from ${queueJobs} q
        where q.company_id >= ${start}::uuid and q.state = 'queued'
        order by q.company_id limit 1)
      union all
      select (select q.company_id from ${queueJobs} q
        where q.company_id > up.company_id and q.state = 'queued'
        order by q.company_id limit 1), up.n + 1
      from up where up.company_id is not null and up.n < ${SCAN_HALF}
    ),
    down(company_id, n) as (
      (select q.company_id, 1 from ${queueJobs} q
        where q.company_id < ${start}::uuid and q.state = 'queued'
        order by q.company_id limit 1)
      union all
      select (select q.company_id from ${queueJobs} q
        where q.company_id > down.company_id and q.company_id < ${start}::uuid
          and q.state = 'queued'
        order by q.company_id limit 1), down.n + 1
      from down where down.company_id is not null and down.n < ${SCAN_HALF}
    ),
    cs as (select company_id from up union all select company_id from down),
    candidates as (
      select l.id, l.place from cs
        cross join lateral (${line((q) => sql.raw(`${q}.company_id = cs.company_id`))}) l
        where cs.company_id is not null
      union all
      select n.id, n.place from (${line((q) => sql.raw(`${q}.company_id is null`))}) n
    )
    select j.id from ${queueJobs} j
    join candidates c on c.id = j.id
    where ${free('j')}
      ${
        // Never this process's own running queueJobs, even if their lease renewal is late.
        only.notIds.length ? sql`and j.id not in (${list(only.notIds)})` : sql``
      }
    order by c.place, j.run_at, j.id
    limit ${limit}
    for update of j skip locked
  )`;
  return db
    .update(queueJobs)
    .set({
      lockedUntil: nowPlus(leaseMs),
      lockedBy: workerId,
      attempts: sql`${queueJobs.attempts} + 1`,
    })
    .where(inArray(queueJobs.id, due))
    .returning();
}

/** Renews a running job's lease; false when this worker no longer holds it. */
export async function extendLease(
  db: Tx,
  id: number,
  workerId: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(queueJobs)
    .set({ lockedUntil: nowPlus(leaseMs) })
    .where(
      and(eq(queueJobs.id, id), eq(queueJobs.lockedBy, workerId), eq(queueJobs.state, 'queued')),
    )
    .returning({ id: queueJobs.id });
  return rows.length > 0;
}

/** Marks the job done; false when this worker no longer holds it (another took it over). */
export async function completeQueueJob(tx: Tx, id: number, workerId: string): Promise<boolean> {
  const rows = await tx
    .update(queueJobs)
    .set({ state: 'done', finishedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(
      and(eq(queueJobs.id, id), eq(queueJobs.state, 'queued'), eq(queueJobs.lockedBy, workerId)),
    )
    .returning({ id: queueJobs.id });
  return rows.length > 0;
}

/** Back to the queue, due again after `delayMs`. */
export async function retryQueueJob(
  db: Tx,
  id: number,
  workerId: string,
  delayMs: number,
  error: string,
): Promise<void> {
  await db
    .update(queueJobs)
    .set({ runAt: nowPlus(delayMs), lockedUntil: null, lockedBy: null, lastError: error })
    .where(
      and(eq(queueJobs.id, id), eq(queueJobs.state, 'queued'), eq(queueJobs.lockedBy, workerId)),
    );
}

/** Back to the queue until `at`, giving back the attempt its claim counted. */
export async function deferQueueJob(
  db: Tx,
  id: number,
  workerId: string,
  at: Date,
  note: string,
): Promise<void> {
  await db
    .update(queueJobs)
    .set({
      runAt: at,
      lockedUntil: null,
      lockedBy: null,
      lastError: note,
      attempts: sql`greatest(${queueJobs.attempts} - 1, 0)`,
    })
    .where(
      and(eq(queueJobs.id, id), eq(queueJobs.state, 'queued'), eq(queueJobs.lockedBy, workerId)),
    );
}

/**
 * The queued, unclaimed jobs of one company, kind and `group` (payload field):
 * what a grouped send collects when it runs. Rows held by a worker are left out.
 */
export async function findQueuedInGroup(
  db: Tx,
  companyId: string,
  kind: string,
  group: string,
): Promise<QueueJobRow[]> {
  return db
    .select()
    .from(queueJobs)
    .where(
      and(
        eq(queueJobs.companyId, companyId),
        eq(queueJobs.kind, kind),
        eq(queueJobs.state, 'queued'),
        sql`${queueJobs.payload}->>'group' = ${group}`,
        or(isNull(queueJobs.lockedUntil), lt(queueJobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(queueJobs.id))
    .limit(500);
}

/**
 * Marks unclaimed queued jobs of the company done (their work was done by the
 * job whose completion this transaction records); answers the ids it marked.
 */
export async function completeUnclaimed(tx: Tx, companyId: string, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(queueJobs)
    .set({ state: 'done', finishedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(
      and(
        eq(queueJobs.companyId, companyId),
        inArray(queueJobs.id, ids),
        eq(queueJobs.state, 'queued'),
        or(isNull(queueJobs.lockedUntil), lt(queueJobs.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ id: queueJobs.id });
  return rows.map((r) => r.id);
}

export async function failQueueJob(
  tx: Tx,
  id: number,
  workerId: string,
  error: string,
): Promise<void> {
  await tx
    .update(queueJobs)
    .set({ state: 'failed', finishedAt: sql`now()`, lockedUntil: null, lastError: error })
    .where(
      and(eq(queueJobs.id, id), eq(queueJobs.state, 'queued'), eq(queueJobs.lockedBy, workerId)),
    );
}

/**
 * Frees every lease at once. Only for the embedded database at start-up: the
 * data directory lock guarantees no other process runs, so any lease left is
 * a dead process's. Answers how many jobs were freed.
 */
export async function unsafeReleaseAllLeases(db: Tx): Promise<number> {
  const rows = await db
    .update(queueJobs)
    .set({ lockedUntil: null, lockedBy: null })
    .where(and(eq(queueJobs.state, 'queued'), isNotNull(queueJobs.lockedUntil)))
    .returning({ id: queueJobs.id });
  return rows.length;
}

/** Frees the leases one worker holds (it stops): answers how many jobs went back to the queue. */
export async function releaseLeasesOf(db: Tx, workerId: string): Promise<number> {
  const rows = await db
    .update(queueJobs)
    .set({ lockedUntil: null, lockedBy: null })
    .where(and(eq(queueJobs.state, 'queued'), eq(queueJobs.lockedBy, workerId)))
    .returning({ id: queueJobs.id });
  return rows.length;
}

/** Deletes finished jobs older than `days` (dedupe keys of older months go with them). */
export async function purgeFinishedQueueJobs(db: Tx, days: number): Promise<number> {
  const rows = await db
    .delete(queueJobs)
    .where(
      and(
        inArray(queueJobs.state, ['done', 'failed']),
        lt(queueJobs.finishedAt, sql`now() - ${days}::int * interval '1 day'`),
      ),
    )
    .returning({ id: queueJobs.id });
  return rows.length;
}

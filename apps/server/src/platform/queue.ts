import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import * as repo from './queue.repo.js';
import { workerLogs } from './queue-log.js';
import { currentRequestId, runInRequest } from './request-context.js';

/**
 * The durable queue: rows in the `queue_jobs` table, one schema and one SQL for
 * PGlite and PostgreSQL (why not pg-boss: see the delivery notes in docs).
 * A job is a plain insert in the caller's Drizzle transaction, so it exists
 * exactly when the change that asked for it committed. Workers claim due rows
 * with `FOR UPDATE SKIP LOCKED`, hold them for a lease they renew while
 * running, and never keep a transaction open while a job runs (PGlite has
 * one connection).
 */

/** A row of the queue (`queue_jobs`); "job" alone means a field job. */
export type QueueJob = repo.QueueJobRow;

export interface NewQueueJob {
  kind: string;
  companyId: string | null;
  payload: Record<string, unknown>;
  /** A job with the same key already queued or done makes this enqueue a no-op. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/** The jobs with the id of the request that causes them (the worker logs with it). */
const fromRequest = (list: NewQueueJob[]) => {
  const requestId = currentRequestId();
  return list.map((j) => ({ ...j, requestId }));
};

/** Adds a job in the caller's transaction; answers its id, or null when the dedupe key exists. */
export async function enqueue(tx: Tx, job: NewQueueJob): Promise<number | null> {
  const [id] = await repo.insertQueueJobs(tx, fromRequest([job]));
  return id ?? null;
}

/** Adds many jobs in one statement; answers how many were new. */
export async function enqueueMany(tx: Tx, list: NewQueueJob[]): Promise<number> {
  let added = 0;
  // Bounded statements: 1,000 rows of 6 parameters stay far below PostgreSQL's limit.
  for (let i = 0; i < list.length; i += 1000)
    added += (await repo.insertQueueJobs(tx, fromRequest(list.slice(i, i + 1000)))).length;
  return added;
}

/**
 * Jobs that wait to be collected by another job (the members of a grouped
 * send): the collector reads them when it runs and marks them done in the
 * transaction that records its own work.
 */
export const findQueuedInGroup = repo.findQueuedInGroup;
export const completeUnclaimed = repo.completeUnclaimed;

/** A failure that retrying cannot fix (no address, record gone): the job fails at once. */
export class PermanentQueueError extends Error {}

/**
 * Not now, and not a failure: the job goes back to the queue until `at`
 * without using up an attempt (a company's sending limit is full this hour).
 */
export class DeferQueueError extends Error {
  constructor(
    readonly at: Date,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A failure to try again after `waitMs` rather than the worker's backoff: a
 * handler with a schedule of its own (webhooks: about three days, jittered,
 * its next time shown in its log). The last attempt fails as any error does.
 */
export class RetryQueueError extends Error {
  constructor(
    readonly waitMs: number,
    message: string,
  ) {
    super(message);
  }
}

export interface QueueOutcome {
  /** Writes that record the work, committed in the transaction that marks the job done. */
  write?: (tx: Tx) => Promise<void>;
  /** Runs after that commit (pushes to browsers). */
  afterCommit?: () => void;
}

export interface QueueHandler {
  run(job: QueueJob): Promise<QueueOutcome | void>;
  /**
   * The job gave up: record why, in the transaction that marks it failed.
   * May answer a callback to run after the commit.
   */
  failed?(tx: Tx, job: QueueJob, error: string): Promise<(() => void) | void>;
  /**
   * Companies whose jobs of this kind the worker should not claim now (the
   * handler holds as many of theirs as it allows at once): left in the queue
   * rather than claimed and put off, so a company's backlog costs no writes.
   */
  busyCompanies?(): string[];
}

/** Waits after attempt 1, 2, 3, 4 and beyond: 10 s, 1 min, 5 min, 30 min. */
export const BACKOFF_MS = [10_000, 60_000, 300_000, 1_800_000] as const;
export const backoffMs = (attempt: number): number =>
  BACKOFF_MS[Math.min(Math.max(attempt, 1), BACKOFF_MS.length) - 1]!;

export interface WorkerOptions {
  /** Written into `locked_by`; one per process (default a fresh uuid). */
  workerId?: string;
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  backoff?: (attempt: number) => number;
  /** How long `stop()` waits for running jobs before giving up on them (their lease then runs out). */
  stopTimeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
  /**
   * JSON logs (pino): each job's lines go through a child carrying the job
   * and the id of the request that enqueued it (`reqId`). Without it, `log`.
   */
  logger?: FastifyBaseLogger;
}

export interface Worker {
  readonly id: string;
  /** Look for due jobs now (after this process committed new ones). */
  wake(): void;
  /**
   * Stop claiming, wait for running jobs (bounded by `stopTimeoutMs`), hand
   * back the leases of any still running (another process may take them at
   * once), and resolve.
   */
  stop(): Promise<void>;
  /** Claiming jobs: true from the start until `stop()` (readiness, docs/deploy.md). */
  running(): boolean;
}

// Workers of this process, so an enqueue here wakes them without waiting for the poll.
const localWorkers = new Set<Worker>();
// Tells the workers of the other processes (a NOTIFY through the events bridge), when set.
let remoteWake: (() => void) | null = null;

/**
 * Wake the workers of this process and, on PostgreSQL with the events bridge,
 * those of every other process (a web process has none of its own); call
 * after the transaction that enqueued has committed. A wake that is lost
 * costs at most one poll interval.
 */
export function wakeWorkers(): void {
  wakeLocalWorkers();
  remoteWake?.();
}

/** Wake this process's workers only (a wake notice from another process). */
export function wakeLocalWorkers(): void {
  for (const w of localWorkers) w.wake();
}

/** How `wakeWorkers` reaches the other processes (null: it does not). */
export function setRemoteWake(wake: (() => void) | null): void {
  remoteWake = wake;
}

/**
 * Frees every lease left in the embedded database. Call at start-up on PGlite
 * only, before starting workers: the data directory lock proves the holders
 * are dead, and this is quicker than waiting for their leases to run out.
 * On PostgreSQL other live processes may hold leases; rely on expiry there.
 */
export const releaseDeadLeases = (db: Db) => repo.unsafeReleaseAllLeases(db);

/** How often marking a finished job done is tried before the job is left to its lease. */
const DONE_WRITE_TRIES = 5;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2000);

/** Runs due jobs with at most `concurrency` at once, until stopped. */
export function startWorker(
  db: Db,
  handlers: Record<string, QueueHandler>,
  opts: WorkerOptions,
): Worker {
  const id = opts.workerId ?? randomUUID();
  const { log, logOf } = workerLogs(opts);
  const backoff = opts.backoff ?? backoffMs;
  const running = new Set<Promise<void>>();
  const runningIds = new Set<number>();
  let stopping = false;
  let signalled = false;
  let wakeUp: (() => void) | null = null;

  function signal() {
    signalled = true;
    wakeUp?.();
  }

  /** Sleep until signalled or the poll interval passes. */
  function idle(): Promise<void> {
    if (signalled) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(done, opts.pollMs);
      function done() {
        clearTimeout(t);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function runOne(job: QueueJob): Promise<void> {
    const handler = handlers[job.kind];
    const jl = logOf(job);
    const started = Date.now();
    jl.info(`queue job ${job.id} (${job.kind}) started, attempt ${job.attempts}`);
    // Renew the lease while the job runs, so only a dead process loses it.
    const heartbeat = setInterval(
      () =>
        void repo
          .extendLease(db, job.id, id, opts.leaseMs)
          .catch((e: unknown) => jl.error(`job ${job.id}: lease renewal failed`, e)),
      Math.max(Math.floor(opts.leaseMs / 3), 20),
    );
    let outcome: QueueOutcome | void;
    try {
      if (!handler) throw new PermanentQueueError(`No handler for jobs of kind ${job.kind}`);
      if (job.attempts > job.maxAttempts)
        throw new PermanentQueueError(
          `Gave up after ${job.maxAttempts} attempts (the server stopped while it ran)`,
        );
      // Jobs it enqueues carry the same request id.
      outcome = await runInRequest(job.requestId, () => handler.run(job));
    } catch (e) {
      clearInterval(heartbeat);
      await settleFailure(job, handler, e, jl);
      return;
    }
    // The work is done (a mail went out): rerunning it would repeat it. Keep the
    // lease while marking it done, and try that write again before giving up.
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const held = await db.transaction(async (tx) => {
            if (!(await repo.completeQueueJob(tx, job.id, id))) return false;
            await outcome?.write?.(tx);
            return true;
          });
          if (!held)
            jl.error(`job ${job.id} (${job.kind}) ran but another worker had taken it over`);
          else jl.info(`queue job ${job.id} (${job.kind}) done in ${Date.now() - started} ms`);
          break;
        } catch (e) {
          if (attempt >= DONE_WRITE_TRIES) {
            jl.error(`job ${job.id} (${job.kind}) ran but could not be marked done`, e);
            return;
          }
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
    } finally {
      clearInterval(heartbeat);
    }
    try {
      outcome?.afterCommit?.();
    } catch (e) {
      jl.error(`job ${job.id}: after-commit callback failed`, e);
    }
  }

  async function settleFailure(
    job: QueueJob,
    handler: QueueHandler | undefined,
    e: unknown,
    jl: ReturnType<typeof logOf>,
  ) {
    const message = errorText(e);
    if (e instanceof DeferQueueError) {
      try {
        await repo.deferQueueJob(db, job.id, id, e.at, message);
      } catch (e2) {
        jl.error(`job ${job.id} (${job.kind}) could not be put off`, e2);
      }
      return;
    }
    const final = e instanceof PermanentQueueError || job.attempts >= job.maxAttempts;
    try {
      if (!final) {
        const wait = e instanceof RetryQueueError ? e.waitMs : backoff(job.attempts);
        await repo.retryQueueJob(db, job.id, id, wait, message);
        jl.error(
          `job ${job.id} (${job.kind}) attempt ${job.attempts} failed; retrying in ${wait / 1000} s`,
          e,
        );
        return;
      }
      jl.error(`job ${job.id} (${job.kind}) failed for good after ${job.attempts} attempts`, e);
      let after: (() => void) | void = undefined;
      await db.transaction(async (tx) => {
        after = await handler?.failed?.(tx, job, message);
        await repo.failQueueJob(tx, job.id, id, message);
      });
      (after as (() => void) | undefined)?.();
    } catch (e2) {
      jl.error(`job ${job.id} (${job.kind}) failed and its failure could not be recorded`, e2);
    }
  }

  async function loop() {
    while (!stopping) {
      signalled = false;
      const free = opts.concurrency - running.size;
      if (free > 0) {
        let claimed: QueueJob[] = [];
        try {
          claimed = await repo.claimQueueJobs(db, id, free, opts.leaseMs, {
            kinds: Object.keys(handlers),
            notIds: [...runningIds],
            skip: Object.entries(handlers)
              .map(([kind, h]) => ({ kind, companyIds: h.busyCompanies?.() ?? [] }))
              .filter((x) => x.companyIds.length > 0),
          });
        } catch (e) {
          if (!stopping) log('claiming jobs failed', e);
        }
        for (const job of claimed) {
          runningIds.add(job.id);
          const p = runOne(job).finally(() => {
            running.delete(p);
            runningIds.delete(job.id);
            signal(); // a slot is free: look again at once
          });
          running.add(p);
        }
        // Every slot filled: there may be more due; loop (and wait for a slot).
        if (claimed.length === free && !stopping) continue;
      }
      await idle();
    }
  }

  const worker: Worker = {
    id,
    wake: signal,
    running: () => !stopping,
    async stop() {
      if (stopping) return;
      stopping = true;
      localWorkers.delete(worker);
      signal();
      await looping;
      const timeout = opts.stopTimeoutMs ?? 15_000;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise<void>((r) => (timer = setTimeout(r, timeout))),
      ]);
      clearTimeout(timer);
      if (!runningIds.size) return;
      // Out of time: these may be mid-send; another process runs them again (at most these twice).
      try {
        const freed = await repo.releaseLeasesOf(db, id);
        log(
          `stopped with ${runningIds.size} jobs still running; ${freed} handed back to the queue`,
        );
      } catch (e) {
        log('handing back leases failed (they run out by themselves)', e);
      }
    },
  };
  localWorkers.add(worker);
  const looping = loop();
  return worker;
}

import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/client.js';
import * as repo from './jobs.repo.js';

/**
 * The durable job queue: rows in the `jobs` table, one schema and one SQL for
 * PGlite and PostgreSQL (why not pg-boss: see the delivery notes in docs).
 * A job is a plain insert in the caller's Drizzle transaction, so it exists
 * exactly when the change that asked for it committed. Workers claim due rows
 * with `FOR UPDATE SKIP LOCKED`, hold them for a lease they renew while
 * running, and never keep a transaction open while a job runs (PGlite has
 * one connection).
 */

export type Job = repo.JobRow;

export interface EnqueueJob {
  kind: string;
  companyId: string | null;
  payload: Record<string, unknown>;
  /** A job with the same key already queued or done makes this enqueue a no-op. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a job in the caller's transaction; answers its id, or null when the dedupe key exists. */
export async function enqueue(tx: Tx, job: EnqueueJob): Promise<number | null> {
  const [id] = await repo.insertJobs(tx, [job]);
  return id ?? null;
}

/** Adds many jobs in one statement; answers how many were new. */
export async function enqueueMany(tx: Tx, list: EnqueueJob[]): Promise<number> {
  let added = 0;
  // Bounded statements: 1,000 rows of 5 parameters stay far below PostgreSQL's limit.
  for (let i = 0; i < list.length; i += 1000)
    added += (await repo.insertJobs(tx, list.slice(i, i + 1000))).length;
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
export class PermanentJobError extends Error {}

/**
 * Not now, and not a failure: the job goes back to the queue until `at`
 * without using up an attempt (a company's sending limit is full this hour).
 */
export class DeferJobError extends Error {
  constructor(
    readonly at: Date,
    message: string,
  ) {
    super(message);
  }
}

export interface JobOutcome {
  /** Writes that record the work, committed in the transaction that marks the job done. */
  write?: (tx: Tx) => Promise<void>;
  /** Runs after that commit (pushes to browsers). */
  afterCommit?: () => void;
}

export interface JobHandler {
  run(job: Job): Promise<JobOutcome | void>;
  /**
   * The job gave up: record why, in the transaction that marks it failed.
   * May answer a callback to run after the commit.
   */
  failed?(tx: Tx, job: Job, error: string): Promise<(() => void) | void>;
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
}

export interface Worker {
  readonly id: string;
  /** Look for due jobs now (after this process committed new ones). */
  wake(): void;
  /** Stop claiming, wait for running jobs (bounded), and resolve. */
  stop(): Promise<void>;
}

// Workers of this process, so an enqueue here wakes them without waiting for the poll.
const localWorkers = new Set<Worker>();

/** Wake this process's workers; call after the transaction that enqueued has committed. */
export function wakeWorkers(): void {
  for (const w of localWorkers) w.wake();
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
  handlers: Record<string, JobHandler>,
  opts: WorkerOptions,
): Worker {
  const id = opts.workerId ?? randomUUID();
  const log = opts.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));
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

  async function runOne(job: Job): Promise<void> {
    const handler = handlers[job.kind];
    // Renew the lease while the job runs, so only a dead process loses it.
    const heartbeat = setInterval(
      () =>
        void repo
          .extendLease(db, job.id, id, opts.leaseMs)
          .catch((e: unknown) => log(`job ${job.id}: lease renewal failed`, e)),
      Math.max(Math.floor(opts.leaseMs / 3), 20),
    );
    let outcome: JobOutcome | void;
    try {
      if (!handler) throw new PermanentJobError(`No handler for jobs of kind ${job.kind}`);
      if (job.attempts > job.maxAttempts)
        throw new PermanentJobError(
          `Gave up after ${job.maxAttempts} attempts (the server stopped while it ran)`,
        );
      outcome = await handler.run(job);
    } catch (e) {
      clearInterval(heartbeat);
      await settleFailure(job, handler, e);
      return;
    }
    // The work is done (a mail went out): rerunning it would repeat it. Keep the
    // lease while marking it done, and try that write again before giving up.
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const held = await db.transaction(async (tx) => {
            if (!(await repo.completeJob(tx, job.id, id))) return false;
            await outcome?.write?.(tx);
            return true;
          });
          if (!held) log(`job ${job.id} (${job.kind}) ran but another worker had taken it over`);
          break;
        } catch (e) {
          if (attempt >= DONE_WRITE_TRIES) {
            log(`job ${job.id} (${job.kind}) ran but could not be marked done`, e);
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
      log(`job ${job.id}: after-commit callback failed`, e);
    }
  }

  async function settleFailure(job: Job, handler: JobHandler | undefined, e: unknown) {
    const message = errorText(e);
    if (e instanceof DeferJobError) {
      try {
        await repo.deferJob(db, job.id, id, e.at, message);
      } catch (e2) {
        log(`job ${job.id} (${job.kind}) could not be put off`, e2);
      }
      return;
    }
    const final = e instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    try {
      if (!final) {
        const wait = backoff(job.attempts);
        await repo.retryJob(db, job.id, id, wait, message);
        log(
          `job ${job.id} (${job.kind}) attempt ${job.attempts} failed; retrying in ${wait / 1000} s`,
          e,
        );
        return;
      }
      log(`job ${job.id} (${job.kind}) failed for good after ${job.attempts} attempts`, e);
      let after: (() => void) | void = undefined;
      await db.transaction(async (tx) => {
        after = await handler?.failed?.(tx, job, message);
        await repo.failJob(tx, job.id, id, message);
      });
      (after as (() => void) | undefined)?.();
    } catch (e2) {
      log(`job ${job.id} (${job.kind}) failed and its failure could not be recorded`, e2);
    }
  }

  async function loop() {
    while (!stopping) {
      signalled = false;
      const free = opts.concurrency - running.size;
      if (free > 0) {
        let claimed: Job[] = [];
        try {
          claimed = await repo.claimJobs(db, id, free, opts.leaseMs, {
            kinds: Object.keys(handlers),
            notIds: [...runningIds],
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
    },
  };
  localWorkers.add(worker);
  const looping = loop();
  return worker;
}

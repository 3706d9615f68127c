import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import {
  releaseDeadLeases,
  startWorker,
  type QueueHandler,
  type Worker,
} from '../../platform/queue.js';
import { deliveryHandlers } from './delivery.queue.js';
import { startStatementScheduler, type Scheduler } from './statement-scheduler.js';

export interface Delivery {
  worker: Worker;
  scheduler: Scheduler | null;
  /** Stop queuing statements, then let running sends finish (bounded). */
  stop(): Promise<void>;
}

/**
 * The background side of e-mail delivery: a queue worker with the config's
 * lease, poll interval and concurrency (running other areas' kinds handed in
 * too), and the monthly statement scheduler.
 * The server starts it after listening; tests start it when they need it.
 */
export async function startDelivery(
  deps: AppDeps,
  opts: {
    scheduler?: boolean;
    /** Free the leases a dead server left (only for the embedded database at start-up). */
    releaseLeases?: boolean;
    /** Other areas' job kinds run by the same worker (one pool of `QUEUE_CONCURRENCY`). */
    handlers?: Record<string, QueueHandler>;
    /** How long `stop()` waits for sends in flight before handing their leases back. */
    stopTimeoutMs?: number;
    log?: (message: string, error?: unknown) => void;
    /** JSON logs: each job's lines carry the id of the request that queued it. */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<Delivery> {
  const db = deps.database.db;
  if (opts.releaseLeases && deps.database.kind === 'pglite') {
    const freed = await releaseDeadLeases(db);
    if (freed) (opts.log ?? console.log)(`Resumed ${freed} jobs left running by a stopped server`);
  }
  const worker = startWorker(
    db,
    { ...opts.handlers, ...deliveryHandlers(deps) },
    {
      ...deps.config.queue,
      log: opts.log,
      logger: opts.logger,
      stopTimeoutMs: opts.stopTimeoutMs,
    },
  );
  const scheduler =
    opts.scheduler === false ? null : startStatementScheduler(deps, { log: opts.log });
  return {
    worker,
    scheduler,
    async stop() {
      await scheduler?.stop();
      await worker.stop();
    },
  };
}

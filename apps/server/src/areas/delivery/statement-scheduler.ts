import { todayIn } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { purgeFinishedQueueJobs } from '../../platform/queue.repo.js';
import { enqueueMany, wakeWorkers, type NewQueueJob } from '../../platform/queue.js';
import { STATEMENT_EMAIL, type StatementEmailPayload } from './delivery.queue.js';
import { unsafeListAutoStatementClients } from './delivery.repo.js';
import { recipientsOf } from './document-mail.js';
import { startTicker, type Ticker } from '../../platform/ticker.js';

/** How often the scheduler looks (it also looks once at start). */
export const STATEMENT_TICK_MS = 10 * 60_000;
/** Finished jobs are kept this long for inspection, then deleted. */
const KEEP_FINISHED_DAYS = 45;

export interface StatementTick {
  queued: number;
  /** Clients with autoSendStatement but no usable e-mail address (not queued). */
  withoutEmail: number;
}

/**
 * Queues this month's statement for every client with autoSendStatement:
 * one job per client and calendar month in the company's time zone, so the
 * statement goes out on the first tick on or after the 1st, and never twice
 * in a month however many ticks or processes run (the dedupe key
 * `statement:<clientId>:<YYYY-MM>`). A client switched on mid-month gets the
 * current month's statement at the next tick. Clients without an address
 * are skipped and counted.
 */
export async function queueMonthlyStatements(
  deps: AppDeps,
  now: Date = new Date(),
): Promise<StatementTick> {
  const db = deps.database.db;
  const clients = await unsafeListAutoStatementClients(db);
  const jobs: NewQueueJob[] = [];
  let withoutEmail = 0;
  for (const c of clients) {
    if (recipientsOf(c.email).length === 0) {
      withoutEmail++;
      continue;
    }
    const month = todayIn(c.timeZone, now).slice(0, 7);
    const payload: StatementEmailPayload = { clientId: c.clientId, month };
    jobs.push({
      kind: STATEMENT_EMAIL,
      companyId: c.companyId,
      payload: { ...payload },
      dedupeKey: `statement:${c.clientId}:${month}`,
    });
  }
  const queued = jobs.length ? await db.transaction((tx) => enqueueMany(tx, jobs)) : 0;
  if (queued > 0) wakeWorkers();
  return { queued, withoutEmail };
}

const defaultLog = (m: string, e?: unknown) => (e ? console.error(m, e) : console.log(m));

export type Scheduler = Ticker;

/** Runs `queueMonthlyStatements` now and every `intervalMs`, and tidies old finished jobs. */
export function startStatementScheduler(
  deps: AppDeps,
  opts: { intervalMs?: number; log?: (message: string, error?: unknown) => void } = {},
): Scheduler {
  const log = opts.log ?? defaultLog;
  return startTicker(
    async () => {
      const t = await queueMonthlyStatements(deps);
      if (t.queued > 0)
        log(
          `Queued ${t.queued} monthly statements` +
            (t.withoutEmail ? `; ${t.withoutEmail} clients without an e-mail address skipped` : ''),
        );
      await purgeFinishedQueueJobs(deps.database.db, KEEP_FINISHED_DAYS);
    },
    opts.intervalMs ?? STATEMENT_TICK_MS,
    (e) => log('Queuing monthly statements failed', e),
  );
}

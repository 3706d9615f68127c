import type { AppDeps } from '../../platform/deps.js';
import { enqueueMany, wakeWorkers, type NewQueueJob } from '../../platform/queue.js';
import { JOB_CLIENT_REMINDER, type ReminderPayload } from './job-automations.kinds.js';
import { markReminderQueued, unsafeListReminderCandidates } from './job-automations.repo.js';
import { pruneCardChanges } from './active-jobs.repo.js';
import { startTicker, type Ticker } from '../../platform/ticker.js';

/** How often the reminder timer looks (it also looks once at start). */
export const REMINDER_TICK_MS = 10 * 60_000;
/** How long `card_changes` rows are kept (cards-cache.ts): far longer than any transaction. */
export const CARD_CHANGES_KEEP_MINUTES = 60;

/**
 * Queues the client reminder of every job with `sendClientReminder` that
 * starts tomorrow in its company's zone: one job per job and start (the
 * dedupe key `job-reminder:<jobId>:<start>`), with `reminder_sent_for` set
 * to that start in the same transaction, so however many ticks or processes
 * run it goes once. A job moved to another day gets a reminder for the new
 * day. Answers how many were queued.
 */
export async function queueClientReminders(deps: Pick<AppDeps, 'database'>): Promise<number> {
  const db = deps.database.db;
  const due = await unsafeListReminderCandidates(db);
  if (due.length === 0) return 0;
  const queued = await db.transaction(async (tx) => {
    const jobs: NewQueueJob[] = [];
    for (const c of due) {
      if (!(await markReminderQueued(tx, c.companyId, c.jobId, c.startDate))) continue;
      const startDate = c.startDate.toISOString();
      const payload: ReminderPayload = { jobId: c.jobId, startDate };
      jobs.push({
        kind: JOB_CLIENT_REMINDER,
        companyId: c.companyId,
        payload: { ...payload },
        dedupeKey: `job-reminder:${c.jobId}:${startDate}`,
      });
    }
    return enqueueMany(tx, jobs);
  });
  if (queued > 0) wakeWorkers();
  return queued;
}

export type ReminderTimer = Ticker;

const defaultLog = (m: string, e?: unknown) => (e ? console.error(m, e) : console.log(m));

/** Runs `queueClientReminders` (and prunes card changes) now and every `intervalMs` until stopped. */
export function startJobReminders(
  deps: Pick<AppDeps, 'database'>,
  opts: { intervalMs?: number; log?: (message: string, error?: unknown) => void } = {},
): ReminderTimer {
  const log = opts.log ?? defaultLog;
  return startTicker(
    async () => {
      const n = await queueClientReminders(deps);
      if (n > 0) log(`Queued ${n} client reminders`);
      // The cards cache's stamps need only what a running transaction could still add to.
      await pruneCardChanges(deps.database.db, CARD_CHANGES_KEEP_MINUTES);
    },
    opts.intervalMs ?? REMINDER_TICK_MS,
    (e) => log('Queuing client reminders failed', e),
  );
}

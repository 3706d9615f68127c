import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { queueJobs, sendCounts } from '../db/schema/index.js';
import { rowsOf } from '../db/rows.js';

/** Counts stop here: a scrape reads a bounded number of index entries, whatever the backlog. */
export const COUNT_CAP = 100_000;

export interface QueueAndSends {
  /** Queued, due and not held by a worker: waiting for a free slot. */
  due: number;
  /** Held by a worker now. */
  running: number;
  /** Queued for later (a retry's back-off, a deferred send, a reminder). */
  scheduled: number;
  /** Seconds the longest-waiting due job has waited; 0 when none waits. */
  oldestDueSeconds: number;
  /** Companies that sent in the current clock hour, those at `nearAt` or more, and those full. */
  companiesSending: number;
  companiesNear: number;
  companiesFull: number;
  /** Mails counted in the current hour over every company, and the most by one company. */
  sendsThisHour: number;
  maxCompanySends: number;
}

const capped = (where: ReturnType<typeof sql>) =>
  sql`(select count(*)::int from (select 1 from ${queueJobs} where ${where} limit ${COUNT_CAP}) c)`;

/**
 * One statement per scrape (docs/deploy.md, "Metrics and logs"): the queue's
 * depth on its partial indexes, each count capped at COUNT_CAP, and the
 * current hour of the sending limit (one `send_counts` row per company that
 * sent this hour; earlier hours are deleted as they pass).
 */
export async function readQueueAndSends(
  db: Tx,
  limit: number,
  nearAt: number,
): Promise<QueueAndSends> {
  const free = sql`(locked_until is null or locked_until < now())`;
  const hour = sql`${sendCounts.hour} = date_trunc('hour', now())`;
  const r = await db.execute(sql`select
    ${capped(sql`state = 'queued' and run_at <= now() and ${free}`)} as due,
    ${capped(sql`state = 'queued' and locked_until >= now()`)} as running,
    ${capped(sql`state = 'queued' and run_at > now() and ${free}`)} as scheduled,
    (select coalesce(extract(epoch from now() - min(run_at)), 0)::float8 from ${queueJobs}
      where state = 'queued' and run_at <= now() and ${free}) as oldest,
    (select count(*)::int from ${sendCounts} where ${hour}) as sending,
    (select count(*)::int from ${sendCounts} where ${hour} and ${sendCounts.count} >= ${nearAt}) as near,
    (select count(*)::int from ${sendCounts} where ${hour} and ${sendCounts.count} >= ${limit}) as full,
    (select coalesce(sum(${sendCounts.count}), 0)::int from ${sendCounts} where ${hour}) as sends,
    (select coalesce(max(${sendCounts.count}), 0)::int from ${sendCounts} where ${hour}) as top`);
  const row = rowsOf<Record<string, number | string>>(r)[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    due: n('due'),
    running: n('running'),
    scheduled: n('scheduled'),
    oldestDueSeconds: n('oldest'),
    companiesSending: n('sending'),
    companiesNear: n('near'),
    companiesFull: n('full'),
    sendsThisHour: n('sends'),
    maxCompanySends: n('top'),
  };
}

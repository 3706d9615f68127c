import { occurrencesBetween, runAfter, todayIn } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { wakeWorkers } from '../../platform/queue.js';
import { getCompany } from '../companies/index.js';
import { ruleOfItem } from './recurring.input.js';
import { makeDocument } from './recurring.make.js';
import * as repo from './recurring.repo.js';
import { startTicker, type Ticker } from '../../platform/ticker.js';

/** How often the timer looks (it also looks once at start); runs are due after midnight. */
export const RECURRING_TICK_MS = 5 * 60_000;
/** Dates made in one transaction; an item with more continues in the next. */
export const DATES_PER_TRANSACTION = 50;
/** Items read per round (all companies). */
const BATCH = 200;
/**
 * Items of one company run in one round (one transaction each, at most
 * DATES_PER_TRANSACTION dates); the next round starts after every company's
 * batch, so rounds go across companies (DECISIONS §15).
 */
export const ITEMS_PER_COMPANY = 10;
/** A bound on rounds (each round makes progress, so this is never reached in practice). */
const MAX_ROUNDS = 100_000;

export interface RecurringRunResult {
  /** Dates made (documents, or runs that raised an incident). */
  made: number;
  /** Documents made. */
  documents: number;
}

/**
 * One transaction of one item: locks its row (another process running it
 * skips it), makes up to DATES_PER_TRANSACTION due dates in order, each
 * claimed first in `recurring_runs` (a date already there is never made
 * again), then moves `last_run_date` and `next_run_date`. Answers what it
 * made, and whether dates are left (the caller runs it again), or null when
 * the item was locked elsewhere or is no longer due.
 */
async function runItemOnce(
  deps: Pick<AppDeps, 'database'>,
  itemId: string,
  now: Date,
): Promise<(RecurringRunResult & { more: boolean; queued: boolean; companyId: string }) | null> {
  return deps.database.db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, itemId);
    if (!item || !item.active || !item.nextRunDate) return null;
    const company = await getCompany(tx, item.companyId);
    if (!company) return null;
    const today = todayIn(company.timeZone, now);
    if (item.nextRunDate > today) return null;
    const rule = ruleOfItem(item);
    const all = occurrencesBetween(rule, item.nextRunDate, today);
    const dates = all.slice(0, DATES_PER_TRANSACTION);
    let made = 0;
    let documents = 0;
    for (const date of dates) {
      if (!(await repo.claimRun(tx, item.companyId, item.id, date))) continue;
      made++;
      const doc = await makeDocument(tx, company, item, date);
      if (doc) {
        documents++;
        await repo.setRunDocument(tx, item.id, date, doc);
      }
    }
    // No date due (a stale next run): look again from tomorrow.
    const last = dates.at(-1) ?? item.lastRunDate;
    const next = runAfter(rule, dates.at(-1) ?? today);
    await repo.setRunState(tx, item.id, last, next);
    return {
      made,
      documents,
      more: all.length > dates.length,
      queued: item.sendOnCreation && documents > 0,
      companyId: item.companyId,
    };
  });
}

/** Which item a committed transaction was of (the fairness test reads the order). */
export interface RecurringCommit {
  companyId: string;
  itemId: string;
}

/**
 * Makes every due date of every active item (DECISIONS §8, §13): each date
 * exactly once, in order, also after the server was down, in one transaction
 * per item (and per DATES_PER_TRANSACTION dates). Rounds go across companies:
 * each round runs one transaction of at most ITEMS_PER_COMPANY items of each
 * company with dates due, so one company's thousands of items never keep
 * another's waiting for more than a round (DECISIONS §15). A failing item is
 * logged and left due; the others still run. `now` is the clock (tests pass a
 * fake one).
 */
export async function runDueRecurring(
  deps: Pick<AppDeps, 'database'>,
  now: Date = new Date(),
  log: (message: string, error?: unknown) => void = defaultLog,
  /** Called after each committed transaction with the dates made so far (crash tests). */
  onCommit?: (made: number, commit: RecurringCommit) => void,
  /** True when the process stops: the run ends after the transaction under way (the rest stays due). */
  stopping: () => boolean = () => false,
): Promise<RecurringRunResult> {
  const db = deps.database.db;
  // The latest calendar date anywhere (UTC+14): the index's bound before each zone decides.
  const latest = todayIn('Pacific/Kiritimati', now);
  const total: RecurringRunResult = { made: 0, documents: 0 };
  let queued = false;
  const failed = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const ids = await repo.dueItemIds(db, now, latest, BATCH, ITEMS_PER_COMPANY, [...failed]);
    let progressed = false;
    for (const id of ids) {
      if (stopping()) break;
      try {
        const r = await runItemOnce(deps, id, now);
        if (!r) continue;
        progressed = true;
        total.made += r.made;
        total.documents += r.documents;
        queued ||= r.queued;
        onCommit?.(total.made, { companyId: r.companyId, itemId: id });
      } catch (e) {
        failed.add(id);
        log(`Recurring item ${id} could not run`, e);
      }
    }
    // Items locked by another process stay due: that process makes them.
    if (!progressed || stopping()) break;
  }
  if (queued) wakeWorkers();
  return total;
}

const defaultLog = (m: string, e?: unknown) => (e ? console.error(m, e) : console.log(m));

export type RecurringTimer = Ticker;

/** Runs `runDueRecurring` now and every `intervalMs` until stopped. */
export function startRecurringSchedule(
  deps: Pick<AppDeps, 'database'>,
  opts: { intervalMs?: number; log?: (message: string, error?: unknown) => void } = {},
): RecurringTimer {
  const log = opts.log ?? defaultLog;
  return startTicker(
    async (stopping) => {
      const r = await runDueRecurring(deps, new Date(), log, undefined, stopping);
      if (r.made > 0) log(`Recurring: made ${r.made} dates (${r.documents} documents)`);
    },
    opts.intervalMs ?? RECURRING_TICK_MS,
    (e) => log('Running recurring items failed', e),
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AUTO_MOVES } from '@fieldbook/core';
import { JOB_STATUS_AUTOMATION } from '../../src/areas/jobs/job-automations.kinds.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { and, eq, lte, sql } from 'drizzle-orm';
import { queueJobs } from '../../src/db/schema/index.js';
import { PermanentQueueError, startWorker, type QueueHandler } from '../../src/platform/queue.js';
import {
  allHandlers,
  insertType,
  jobRow,
  queueRows,
  statuses,
} from '../support/job-automations-helpers.js';
import { plumbingType, saveJob, typesUrl } from '../support/jobs-helpers.js';

/** Issue 19 B1: automatic moves that go round in a loop (DECISIONS §12). */
let h: Harness;
let cid: string;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
});
afterAll(() => h.close());

/**
 * Runs the queue until nothing is due. Entry runs past `most` fail for good
 * instead of running (so without the bound the loop still ends, and the
 * entry count shows it went past).
 */
async function runCapped(most: number) {
  const db = h.deps.database.db;
  const handlers: Record<string, QueueHandler> = allHandlers(h);
  const inner = handlers[JOB_STATUS_AUTOMATION]!;
  let runs = 0;
  handlers[JOB_STATUS_AUTOMATION] = {
    ...inner,
    run: (job) => {
      if (++runs > most) throw new PermanentQueueError('past the bound');
      return inner.run(job);
    },
  };
  const worker = startWorker(db, handlers, { concurrency: 1, leaseMs: 30_000, pollMs: 20 });
  try {
    for (;;) {
      const due = await db
        .select({ id: queueJobs.id })
        .from(queueJobs)
        .where(and(eq(queueJobs.state, 'queued'), lte(queueJobs.runAt, sql`now()`)))
        .limit(1);
      if (due.length === 0) return;
      await new Promise((r) => setTimeout(r, 30));
    }
  } finally {
    await worker.stop();
  }
}

const LOOP = "Automatic moves go round in a loop: 'Ping' -> 'Pong' -> 'Ping'";

describe('a workflow whose automatic moves loop', () => {
  it('is refused on save with a 400 naming the first status of the loop', async () => {
    const t = plumbingType(undefined, {
      Quoted: { autoMoveInvoiceClient: true },
      'On site': { autoMoveInvoiceClient: true },
    });
    t.statuses[1]!.name = 'Ping';
    t.statuses[2]!.name = 'Pong';
    t.statuses[2]!.draw!.linksTo = ['st-quoted', 'st-done'];
    const r = await owner.api.post(typesUrl(cid), t);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ 'statuses.1.autoMoveInvoiceClient': LOOP });
    // With Pong's first link to Done, the way back is a person's choice: saved.
    t.statuses[2]!.draw!.linksTo = ['st-done', 'st-quoted'];
    expect((await owner.api.post(typesUrl(cid), t)).status).toBe(200);
  });

  it('saved before the check, stops after a bounded chain of automatic moves and says so in the log', async () => {
    const flow = statuses([
      { name: 'Ping', autoMoveInvoiceClient: true, links: ['Pong'] },
      { name: 'Pong', autoMoveInvoiceClient: true, links: ['Ping'] },
    ]);
    const typeId = await insertType(h, cid, flow);
    const saved = await saveJob(owner.api, cid, { appointmentTypeId: typeId, status: 'Ping' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await runCapped(1 + MAX_AUTO_MOVES + 3);
    const job = await jobRow(h, saved.body._id);
    // The person's entry and MAX_AUTO_MOVES automatic ones, then no more.
    expect(job.statusEntries).toBe(1 + MAX_AUTO_MOVES);
    const last = MAX_AUTO_MOVES % 2 === 0 ? 'Ping' : 'Pong';
    expect(job.status).toBe(last);
    expect(job.log[0]!.s).toBe(
      `Automatic move to ${last === 'Ping' ? 'Pong' : 'Ping'} stopped: ${MAX_AUTO_MOVES} automatic moves in a row (the workflow's automatic moves go round in a loop)`,
    );
    const entries = job.log.filter((e) => e.s === 'Ping' || e.s === 'Pong');
    expect(entries).toHaveLength(1 + MAX_AUTO_MOVES);
    const runs = (await queueRows(h, JOB_STATUS_AUTOMATION)).filter(
      (r) => (r.payload as { jobId: string }).jobId === saved.body._id,
    );
    expect(runs).toHaveLength(1 + MAX_AUTO_MOVES);
    expect(runs.every((r) => r.state === 'done')).toBe(true);

    // A person moving it on starts a new chain, bounded the same way.
    const next = last === 'Ping' ? 'Pong' : 'Ping';
    const again = await saveJob(owner.api, cid, { _id: saved.body._id, status: next });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await runCapped(1 + MAX_AUTO_MOVES + 3);
    expect((await jobRow(h, saved.body._id)).statusEntries).toBe(2 * (1 + MAX_AUTO_MOVES));
  }, 120_000);
});

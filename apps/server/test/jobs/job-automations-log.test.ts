import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/db/schema/index.js';
import { JOB_STATUS_AUTOMATION } from '../../src/areas/jobs/job-automations.kinds.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  enter,
  insertJob,
  insertType,
  jobRow,
  queueRows,
  runQueue,
  statuses,
} from '../support/job-automations-helpers.js';
import { typesUrl } from '../support/jobs-helpers.js';

/** PGlite by default; PostgreSQL (where locks can deadlock) when TEST_DATABASE_URL is set. */
let h: Harness;
let cid: string;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
});
afterAll(() => h.close());

describe('automations and the log', () => {
  it('keep the newest 200 log entries', async () => {
    const flow = statuses([{ name: 'Done', autoSendInvoiceClient: true }]);
    const typeId = await insertType(h, cid, flow);
    const job = await insertJob(h, cid, { typeId, status: 'Done' });
    const old = Array.from({ length: 200 }, (_, i) => ({
      s: `old ${i}`,
      d: new Date().toISOString(),
    }));
    await h.deps.database.db
      .update(appointments)
      .set({ log: old })
      .where(eq(appointments.id, job.id));
    await enter(h, cid, job.id, flow[0]!);
    await runQueue(h);
    const log = (await jobRow(h, job.id)).log;
    expect(log).toHaveLength(200);
    expect(log[0]!.s).toBe('No invoice to send: the job has none');
    expect(log[1]!.s).toBe('old 0');
  });

  it('do not deadlock with type saves renaming the status their jobs are in', async () => {
    const flow = statuses([
      { name: 'Done', autoSendInvoiceClient: true, autoMoveInvoiceClient: true, links: ['Next'] },
      { name: 'Next' },
    ]);
    const typeId = await insertType(h, cid, flow);
    const jobs: { id: string }[] = [];
    for (let i = 0; i < 12; i++) jobs.push(await insertJob(h, cid, { typeId, status: 'Done' }));
    for (const j of jobs) await enter(h, cid, j.id, flow[0]!);
    const saves = (async () => {
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) {
        const list = (await owner.api.get(typesUrl(cid))).body as {
          _id: string;
          statuses: { name: string }[];
        }[];
        const t = list.find((x) => x._id === typeId)!;
        t.statuses[0]!.name = t.statuses[0]!.name === 'Done' ? 'Finished' : 'Done';
        answers.push((await owner.api.post(typesUrl(cid), t)).status);
      }
      return answers;
    })();
    await runQueue(h, 2);
    expect(await saves).toEqual(Array(12).fill(200));
    const rows = await queueRows(h, JOB_STATUS_AUTOMATION);
    const mine = rows.filter((r) =>
      jobs.some((j) => (r.payload as { jobId: string }).jobId === j.id),
    );
    expect(mine).toHaveLength(12);
    for (const r of mine) {
      expect(r.state).toBe('done');
      expect(r.lastError ?? '').not.toMatch(/deadlock/i);
    }
  }, 120_000);
});

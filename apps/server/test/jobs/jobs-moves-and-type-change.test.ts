import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';
import { jobsUrl, saveJob } from '../support/jobs-helpers.js';
import { reviewCompany } from '../support/jobs-hidden-fields-fixture.js';

let h: Harness;
let f: Awaited<ReturnType<typeof reviewCompany>>;

beforeAll(async () => {
  h = await startHarness();
  f = await reviewCompany(h);
});
afterAll(() => h.close());

async function query(q: ReturnType<typeof sql>) {
  return rowsOf<Record<string, unknown>>(await h.deps.database.db.execute(q));
}

describe('Unscheduled and Scheduled keep the last status permissions', () => {
  for (const place of ['Unscheduled', 'Scheduled']) {
    it(`a move to ${place} reveals nothing and does not allow delete`, async () => {
      const id = await f.quotedJob();
      const j = (await f.read(f.tech, id)).body;
      const r = await saveJob(f.tech.api, f.cid, { ...j, status: place });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const j2 = (await f.read(f.tech, id)).body;
      expect(j2.shownStatus).toBe(place);
      expect(j2.values).not.toHaveProperty('notes');
      expect(j2.lineItems[0]).not.toHaveProperty('price');
      expect(j2.userId).toBeNull();
      const del = await f.tech.api.post(`${jobsUrl(f.cid)}/${id}/delete`, {});
      expect(del.status).toBe(403);
      expect(del.body.error).toBe(`A job in '${place}' cannot be deleted`);
      // The owner's save keeps the notes (hidden values are kept, not cleared).
      const o = (await f.read(f.owner, id)).body;
      expect(o.values.notes).toBe('TOPSECRET');
      expect(o.lineItems[0].price).toBe(777);
    });
  }
});

describe('changing the type of a job', () => {
  it('refuses a status the new type does not have, or one it cannot start in', async () => {
    const id = await f.quotedJob();
    const j = (await f.read(f.tech, id)).body;
    const a = await saveJob(f.tech.api, f.cid, { ...j, appointmentTypeId: f.otherTypeId });
    expect(a.status).toBe(400);
    expect(a.body.fields).toHaveProperty('status');
    const b = await saveJob(f.tech.api, f.cid, {
      ...j,
      appointmentTypeId: f.otherTypeId,
      status: 'On site',
    });
    expect(b.status).toBe(400);
    expect(b.body.fields).toHaveProperty('status');
  });

  it('a type change is not a re-entry of the same status', async () => {
    const id = await f.quotedJob();
    const j = (await f.read(f.owner, id)).body;
    const a = await saveJob(f.owner.api, f.cid, {
      ...j,
      appointmentTypeId: f.otherTypeId,
      status: 'Unscheduled',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const j2 = (await f.read(f.owner, id)).body;
    const b = await saveJob(f.owner.api, f.cid, {
      ...j2,
      appointmentTypeId: f.typeId,
      status: 'Quoted',
    });
    expect(b.status).toBe(400);
    const c = await saveJob(f.owner.api, f.cid, {
      ...j2,
      appointmentTypeId: f.otherTypeId,
      status: 'New',
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const j3 = (await f.read(f.owner, id)).body;
    // Back to the first type, in a status of the same name: not a new entry.
    const d = await saveJob(f.owner.api, f.cid, {
      ...j3,
      appointmentTypeId: f.typeId,
      status: 'New',
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const [row] = await query(sql`select status_entries from appointments where id = ${id}`);
    // New, Quoted, New (other type); the switch back to New is no entry.
    expect(row!.status_entries).toBe(3);
    const queued = await query(
      sql`select dedupe_key from queue_jobs where payload->>'jobId' = ${id} and kind = 'job-status-automation'`,
    );
    expect(queued).toHaveLength(1);
  });
});

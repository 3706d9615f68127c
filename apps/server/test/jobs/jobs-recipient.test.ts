import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, plumbingType, saveJob } from '../support/jobs-helpers.js';
import { reviewCompany } from '../support/jobs-hidden-fields-fixture.js';

let h: Harness;
let f: Awaited<ReturnType<typeof reviewCompany>>;
let biller: TestUser;

beforeAll(async () => {
  h = await startHarness();
  f = await reviewCompany(h);
  biller = await buildMember(h, f.cid, {
    appointments: { r: true, u: true, c: true },
    invoices: { r: true, u: true },
  });
});
afterAll(() => h.close());

describe("the client's recipient (to, toEmail)", () => {
  it('needs invoices c or u to change (400 naming the field)', async () => {
    const id = await f.quotedJob();
    const back = (await f.read(f.owner, id)).body;
    // Back to a status that hides nothing.
    const u = await saveJob(f.owner.api, f.cid, { ...back, status: 'Unscheduled' });
    expect(u.status).toBe(200);
    const seen = (await f.read(f.tech, id)).body;
    for (const [k, v] of [
      ['to', 'Someone else'],
      ['toEmail', 'attacker@example.com'],
    ] as const) {
      const r = await saveJob(f.tech.api, f.cid, { ...seen, [k]: v });
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty(k);
    }
    // Sent back as answered: fine.
    expect((await saveJob(f.tech.api, f.cid, { ...seen })).status).toBe(200);
    const seen2 = (await f.read(biller, id)).body;
    const ok = await saveJob(biller.api, f.cid, { ...seen2, toEmail: 'billing@example.com' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await f.read(f.owner, id)).body.toEmail).toBe('billing@example.com');
  });

  it('is kept as stored while the client component is view-only', async () => {
    const t = plumbingType();
    t.components = t.components.map((c) =>
      c.prop === 'client' ? { ...c, permissions: { 'st-quoted': { viewOnly: true } } } : c,
    );
    const type = await buildType(f.owner.api, f.cid, t);
    const j = await buildJob(f.owner.api, f.cid, {
      appointmentTypeId: type._id,
      status: 'New',
      toEmail: 'client@example.com',
    });
    const q = await saveJob(f.owner.api, f.cid, { ...j, status: 'Quoted' });
    expect(q.status).toBe(200);
    const seen = (await f.read(biller, j._id)).body;
    const r = await saveJob(biller.api, f.cid, { ...seen, toEmail: 'other@example.com' });
    expect(r.status).toBe(200);
    expect((await f.read(f.owner, j._id)).body.toEmail).toBe('client@example.com');
  });
});

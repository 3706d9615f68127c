import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveJobTo, setJobInvoice } from '../../src/areas/jobs/index.js';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, typesUrl } from '../support/jobs-helpers.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let typeId: string;
beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  typeId = (await buildType(owner.api, cid))._id;
});
afterAll(() => h.close());

const read = async (id: string) => (await owner.api.get(`${jobsUrl(cid)}/activeJobs/${id}`)).body;

describe("the jobs area's face (for automations)", () => {
  it('moveJobTo moves along the links and keeps the rest; a refused move throws the 400', async () => {
    const tech = await buildMember(h, cid, null);
    const client = await buildClient(owner.api, cid);
    const j = await buildJob(owner.api, cid, {
      appointmentTypeId: typeId,
      status: 'New',
      userId: tech.id,
      entityId: client,
      faultDescription: 'Leak',
      values: { notes: 'keep' },
    });
    const db = h.deps.database.db;
    await db.transaction((tx) => moveJobTo(tx, cid, j._id, 'Quoted'));
    const after = await read(j._id);
    expect(after).toMatchObject({
      status: 'Quoted',
      userId: tech.id,
      entityId: client,
      faultDescription: 'Leak',
      values: { notes: 'keep' },
    });
    expect(after.log[0]).toMatchObject({ s: 'Quoted', userId: null });
    await expect(
      db.transaction((tx) => moveJobTo(tx, cid, j._id, 'Job Done')),
    ).rejects.toMatchObject({
      status: 400,
      fields: { status: expect.stringContaining("may move only to 'On site'") },
    });
  });

  it('setJobInvoice links the invoice and moves updatedAt on', async () => {
    const client = await buildClient(owner.api, cid);
    const inv = await buildInvoice(owner.api, cid, client);
    const j = await buildJob(owner.api, cid, {});
    await setJobInvoice(h.deps.database.db, cid, j._id, inv._id);
    const after = await read(j._id);
    expect(after.invoiceId).toBe(inv._id);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(j.updatedAt));
  });
});

describe('renaming statuses', () => {
  it('keeps jobs in their statuses when two statuses swap names', async () => {
    const t = await buildType(owner.api, cid, plumbingType());
    const a = await buildJob(owner.api, cid, { appointmentTypeId: t._id, status: 'New' });
    const b = await buildJob(owner.api, cid, { appointmentTypeId: t._id, status: 'New' });
    expect((await owner.api.post(jobsUrl(cid), { _id: b._id, status: 'Quoted' })).status).toBe(200);
    const swapped = structuredClone(t);
    swapped.statuses[0].name = 'Quoted';
    swapped.statuses[1].name = 'New';
    const r = await owner.api.post(typesUrl(cid), swapped);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await read(a._id)).status).toBe('Quoted');
    expect((await read(b._id)).status).toBe('New');
  });
});

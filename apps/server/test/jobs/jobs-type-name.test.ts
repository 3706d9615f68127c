import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildType, jobsUrl, plumbingType, saveJob } from '../support/jobs-helpers.js';

/** Issue 19 A1: a job names its type by `appointmentType` (spec operations §3). */
let h: Harness;
let cid: string;
let owner: TestUser;
let geyser: { _id: string; name: string };
beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  geyser = await buildType(owner.api, cid, plumbingType('Geyser'));
});
afterAll(() => h.close());

const job = (id: string) => owner.api.get(`${jobsUrl(cid)}/activeJobs/${id}`);

describe('POST /appointments with appointmentType (the type by name)', () => {
  it("puts a new job on the named type and enters that type's first status", async () => {
    const r = await saveJob(owner.api, cid, { appointmentType: 'Geyser', status: 'New' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ appointmentTypeId: geyser._id, appointmentType: 'Geyser' });
    const j = (await job(r.body._id)).body;
    expect(j).toMatchObject({
      appointmentTypeId: geyser._id,
      appointmentType: 'Geyser',
      shownStatus: 'New',
    });
  });

  it('matches the name ignoring case and spaces, and moves a job to the named type', async () => {
    const first = await saveJob(owner.api, cid, {});
    expect(first.status).toBe(200);
    expect(first.body.appointmentType).toBe('Meeting');
    const r = await saveJob(owner.api, cid, { _id: first.body._id, appointmentType: ' geyser ' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await job(first.body._id)).body.appointmentTypeId).toBe(geyser._id);
  });

  it('takes the id over the name when both are given', async () => {
    const types = (await owner.api.get(`${jobsUrl(cid)}/types`)).body as { _id: string }[];
    const r = await saveJob(owner.api, cid, {
      appointmentTypeId: types[0]!._id,
      appointmentType: 'Geyser',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.appointmentTypeId).toBe(types[0]!._id);
  });

  it("answers 400 naming appointmentType for a name the company's types do not have", async () => {
    const other = await buildCompany(h);
    await buildType(other.owner.api, other.id, plumbingType('Solar'));
    for (const name of ['Geyserx', 'Solar']) {
      const r = await saveJob(owner.api, cid, { appointmentType: name, status: 'New' });
      expect(r.status, name).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain('appointmentType');
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, jobComments } from '../../src/db/schema/index.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, jobsUrl } from '../support/jobs-helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let h: Harness;
let cid: string;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
});
afterAll(() => h.close());

const upload = (jobId: string) =>
  owner.api.upload(
    `${jobsUrl(cid)}/${jobId}/images`,
    {},
    {
      file: { data: PNG, filename: 'a.png', type: 'image/png' },
    },
  );

describe('what one job may hold', () => {
  it('at most 500 images (400 naming file on the 501st)', async () => {
    const j = await buildJob(owner.api, cid, {});
    expect((await upload(j._id)).status).toBe(200);
    await h.deps.database.db
      .update(appointments)
      .set({ imageUploads: 499 })
      .where(eq(appointments.id, j._id));
    expect((await upload(j._id)).status).toBe(200);
    const r = await upload(j._id);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
  });

  it('at most 2,000 comments (400 naming text on the 2,001st)', async () => {
    const j = await buildJob(owner.api, cid, {});
    const url = `${jobsUrl(cid)}/${j._id}/comments`;
    expect((await owner.api.post(url, { text: 'first' })).status).toBe(200);
    await h.deps.database.db.insert(jobComments).values(
      Array.from({ length: 1999 }, (_, i) => ({
        companyId: cid,
        appointmentId: j._id as string,
        userId: owner.id,
        text: `c${i}`,
      })),
    );
    const r = await owner.api.post(url, { text: 'one too many' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('text');
    expect((await owner.api.get(url)).body.total).toBe(2000);
  }, 60_000);
});

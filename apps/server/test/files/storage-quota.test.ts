import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFullMessage } from '../../src/areas/files/index.js';
import { companies, files } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, saveJob } from '../support/jobs-helpers.js';

/**
 * Storage per company (DECISIONS §15, issue 19 B5): files are counted against
 * STORAGE_QUOTA_MB, a job's files go with the job, a company's with the company.
 */

const MB = 1024 * 1024;
/** A JPEG of `kb` kilobytes (its header, then padding). */
const jpeg = (kb: number) => ({
  data: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
    Buffer.alloc(kb * 1024 - 12),
  ]),
  filename: 'photo.jpg',
  type: 'image/jpeg',
});

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let typeId: string;

beforeAll(async () => {
  h = await startHarness({ STORAGE_QUOTA_MB: '1' });
  co = await buildCompany(h);
  other = await buildCompany(h);
  typeId = (await buildType(co.owner.api, co.id, plumbingType()))._id;
});
afterAll(() => h.close());

const upload = (u: TestUser, cid: string, jobId: string, kb: number) =>
  u.api.upload(`${jobsUrl(cid)}/${jobId}/images`, {}, { file: jpeg(kb) });
const image = (id: string) => anonymous(h).get(`/api/images/${id}`);

describe('the storage quota and deletes', () => {
  it('refuses an upload over the quota with a 413 naming the file; deleting the job frees it and takes its files', async () => {
    const job = await buildJob(co.owner.api, co.id, { appointmentTypeId: typeId, status: 'New' });
    const a = await upload(co.owner, co.id, job._id, 400);
    const b = await upload(co.owner, co.id, job._id, 400);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Another company's files are not counted in this one's quota.
    const theirJob = await buildJob(other.owner.api, other.id, {});
    expect((await upload(other.owner, other.id, theirJob._id, 400)).status).toBe(200);

    const over = await upload(co.owner, co.id, job._id, 400);
    expect(over.status).toBe(413);
    expect(over.body.error).toBe(storageFullMessage(800 * 1024, 1 * MB));
    expect(over.body.error).toBe(
      'Storage is full: this company uses 0.8 MB of its 1 MB. Delete old jobs or files to make room.',
    );
    expect(over.body.fields).toHaveProperty('file');

    // Saved into the job's values or not, the job's files go with it.
    const saved = await saveJob(co.owner.api, co.id, { ...job, values: { sig: a.body.file } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const del = await co.owner.api.post(`${jobsUrl(co.id)}/${job._id}/delete`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    for (const f of [a.body.file, b.body.file]) expect((await image(f)).status).toBe(404);
    const left = await h.deps.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.companyId, co.id));
    expect(left).toEqual([]);

    // The room is back.
    const next = await buildJob(co.owner.api, co.id, {});
    expect((await upload(co.owner, co.id, next._id, 400)).status).toBe(200);
  });

  it("a job shows only its own uploads: another job's image is refused (it goes with that job)", async () => {
    const one = await buildJob(co.owner.api, co.id, { appointmentTypeId: typeId, status: 'New' });
    const two = await buildJob(co.owner.api, co.id, { appointmentTypeId: typeId, status: 'New' });
    const f = await upload(co.owner, co.id, one._id, 1);
    expect(f.status).toBe(200);
    const r = await saveJob(co.owner.api, co.id, { ...two, values: { sig: f.body.file } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('values.sig');
  });

  it('deleting a company deletes its files, and only its files', async () => {
    const gone = await buildCompany(h);
    const job = await buildJob(gone.owner.api, gone.id, {});
    const img = await upload(gone.owner, gone.id, job._id, 10);
    const logo = await gone.owner.api.upload(
      `/api/companies/${gone.id}/logo`,
      {},
      { logo: jpeg(5) },
    );
    expect([img.status, logo.status], JSON.stringify(logo.body)).toEqual([200, 200]);
    const kept = await buildJob(other.owner.api, other.id, {});
    const theirs = await upload(other.owner, other.id, kept._id, 10);
    const before = await h.deps.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.companyId, gone.id));
    expect(before.length).toBe(2);
    expect((await image(img.body.file)).status).toBe(200);

    // There is no company delete call: the operator deletes the row, the files go with it.
    await h.deps.database.db.delete(companies).where(eq(companies.id, gone.id));
    for (const f of before) expect((await image(f.id)).status).toBe(404);
    expect((await image(theirs.body.file)).status).toBe(200);
  });
});

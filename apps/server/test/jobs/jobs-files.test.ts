import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, saveJob } from '../support/jobs-helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const png = { data: PNG, filename: 'sig.png', type: 'image/png' };
const jpeg = { data: JPEG, filename: 'photo.jpg', type: 'image/jpeg' };

let h: Harness;
let cid: string;
let owner: TestUser;
let typeId: string;
beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  const t = plumbingType();
  // Several photos are allowed on site only.
  t.components = t.components.map((comp) =>
    comp.prop === 'photos'
      ? { ...comp, permissions: { 'st-site': { allowMultiImages: true } } }
      : comp,
  );
  typeId = (await buildType(owner.api, cid, t))._id;
});
afterAll(() => h.close());

const upload = (u: TestUser, jobId: string, file = png, fields: Record<string, string> = {}) =>
  u.api.upload(`${jobsUrl(cid)}/${jobId}/images`, fields, { file });

describe('POST /appointments/{id}/images', () => {
  it('stores an image or a PNG signature and answers its id; the id saves into values', async () => {
    const j = await buildJob(owner.api, cid, { appointmentTypeId: typeId, status: 'New' });
    const sig = await upload(owner, j._id, png, { kind: 'signature' });
    expect(sig.status, JSON.stringify(sig.body)).toBe(200);
    expect(sig.body.file).toMatch(/^[0-9a-f-]{36}$/);
    const photo = await upload(owner, j._id, jpeg);
    expect(photo.status).toBe(200);
    const r = await saveJob(owner.api, cid, {
      ...j,
      values: { sig: sig.body.file, photos: [photo.body.file] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const img = await anonymous(h).get(`/api/images/${sig.body.file}`);
    expect(img.status).toBe(200);
  });

  it('refuses a signature that is not a PNG, and a file that is not an image', async () => {
    const j = await buildJob(owner.api, cid, {});
    let r = await upload(owner, j._id, jpeg, { kind: 'signature' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    r = await upload(owner, j._id, {
      data: Buffer.from('hello'),
      filename: 'x.txt',
      type: 'text/plain',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
  });

  it("needs appointments u, a token, and the company's job", async () => {
    const j = await buildJob(owner.api, cid, {});
    const reader = await buildMember(h, cid, { appointments: { r: true } });
    expect((await upload(reader, j._id)).status).toBe(403);
    expect(
      (await anonymous(h).upload(`${jobsUrl(cid)}/${j._id}/images`, {}, { file: png })).status,
    ).toBe(401);
    const other = await buildCompany(h);
    const theirs = await buildJob(other.owner.api, other.id, {});
    expect((await upload(owner, theirs._id)).status).toBe(404);
  });
});

describe('file values on save', () => {
  it("refuses another company's file, a made-up id, and too many images", async () => {
    const j = await buildJob(owner.api, cid, { appointmentTypeId: typeId, status: 'New' });
    const other = await buildCompany(h);
    const theirJob = await buildJob(other.owner.api, other.id, {});
    const theirs = await other.owner.api.upload(
      `${jobsUrl(other.id)}/${theirJob._id}/images`,
      {},
      { file: png },
    );
    for (const sig of [theirs.body.file, 'not-a-file', '00000000-0000-4000-8000-000000000000']) {
      const r = await saveJob(owner.api, cid, { ...j, values: { sig } });
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty(['values.sig']);
    }
    const a = (await upload(owner, j._id)).body.file;
    const b = (await upload(owner, j._id)).body.file;
    let r = await saveJob(owner.api, cid, { ...j, values: { photos: [a, b] } });
    expect(r.status).toBe(400);
    expect(r.body.fields['values.photos']).toBe('may hold at most 1 image');
    r = await saveJob(owner.api, cid, { ...j, values: { photos: 'x' } });
    expect(r.body.fields).toHaveProperty(['values.photos']);
    // On site allows several.
    for (const s of ['Quoted', 'On site'])
      expect((await saveJob(owner.api, cid, { _id: j._id, status: s })).status).toBe(200);
    r = await saveJob(owner.api, cid, { _id: j._id, values: { photos: [a, b] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    r = await saveJob(owner.api, cid, { _id: j._id, values: { photos: Array(70).fill(a) } });
    expect(r.status).toBe(400);
  });
});

describe('comments', () => {
  it('adds comments and pages them newest first with the author and the total', async () => {
    const j = await buildJob(owner.api, cid, {});
    const url = `${jobsUrl(cid)}/${j._id}/comments`;
    for (const text of ['one', 'two', 'three']) {
      const r = await owner.api.post(url, { text });
      expect(r.status).toBe(200);
      await new Promise((res) => setTimeout(res, 5));
    }
    const first = await owner.api.get(`${url}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.comments.map((c: { text: string }) => c.text)).toEqual(['three', 'two']);
    expect(first.body.comments[0].author).toBe(`Test ${owner.username}`);
    const rest = await owner.api.get(
      `${url}?before=${encodeURIComponent(first.body.comments[1].createdAt)}`,
    );
    expect(rest.body.comments.map((c: { text: string }) => c.text)).toEqual(['one']);
    expect((await owner.api.post(url, { text: '' })).body.fields).toHaveProperty('text');
    expect((await owner.api.get(`${url}?limit=0`)).body.fields).toHaveProperty('limit');
    expect((await owner.api.get(`${url}?before=-100000-01-01`)).body.fields).toHaveProperty(
      'before',
    );
    expect((await owner.api.get(`${jobsUrl(cid)}/activeJobs/${j._id}`)).body.commentCount).toBe(3);
  });

  it('reading needs appointments r and writing u; 404 for another company; 401 without a token', async () => {
    const j = await buildJob(owner.api, cid, {});
    const url = `${jobsUrl(cid)}/${j._id}/comments`;
    const reader = await buildMember(h, cid, { appointments: { r: true } });
    expect((await reader.api.get(url)).status).toBe(200);
    expect((await reader.api.post(url, { text: 'hi' })).status).toBe(403);
    expect((await anonymous(h).get(url)).status).toBe(401);
    const other = await buildCompany(h);
    const theirs = await buildJob(other.owner.api, other.id, {});
    expect((await owner.api.get(`${jobsUrl(cid)}/${theirs._id}/comments`)).status).toBe(404);
    expect(
      (await owner.api.post(`${jobsUrl(cid)}/${theirs._id}/comments`, { text: 'x' })).status,
    ).toBe(404);
  });
});

describe('GET /appointments/export', () => {
  it('writes the CSV columns, the Job Done date as cleared, and neutralises formulas', async () => {
    const j = await buildJob(owner.api, cid, {
      appointmentTypeId: typeId,
      status: 'New',
      faultDescription: '=HYPERLINK("http://evil.example","x")',
      resolution: '+cmd',
    });
    for (const s of ['Quoted', 'On site', 'Job Done'])
      expect((await saveJob(owner.api, cid, { _id: j._id, status: s })).status).toBe(200);
    const done = (await owner.api.get(`${jobsUrl(cid)}/activeJobs/${j._id}`)).body;
    const r = await owner.api.get(`${jobsUrl(cid)}/export`);
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('text/csv');
    const text = Buffer.from(r.body as Buffer).toString('utf8');
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Number;Reported Date;Cleared Date;Current Status;Fault;Resolution');
    const row = lines.find((l) => l.startsWith(done.appointmentNumber))!;
    // The company's zone (Africa/Johannesburg by default): two hours ahead of UTC.
    const d = new Date(Date.parse(done.log[0].d) + 2 * 3600 * 1000).toISOString();
    expect(row).toContain(`;${d.slice(0, 10)} ${d.slice(11, 16)};Job Done;`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(row).toContain(";'+cmd");
    expect(row).toContain(';Job Done;');
    const none = await buildMember(h, cid, { invoices: { r: true } });
    expect((await none.api.get(`${jobsUrl(cid)}/export`)).status).toBe(403);
  });
});

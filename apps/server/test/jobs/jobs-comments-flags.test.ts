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

const comments = (id: string) => `${jobsUrl(f.cid)}/${id}/comments`;

describe("comments follow the comments component's flags", () => {
  it('hidden: not read, not written, not counted', async () => {
    const id = await f.quotedJob();
    expect((await f.owner.api.post(comments(id), { text: 'owner-only remark' })).status).toBe(200);
    const g = await f.tech.api.get(comments(id));
    expect(g.status).toBe(403);
    expect(JSON.stringify(g.body)).not.toContain('owner-only remark');
    expect((await f.tech.api.post(comments(id), { text: 'tech writes' })).status).toBe(403);
    expect((await f.read(f.tech, id)).body.commentCount).toBe(0);
    expect((await f.read(f.owner, id)).body.commentCount).toBe(1);
    expect((await f.owner.api.get(comments(id))).body.total).toBe(1);
  });

  it('view-only: read but not written', async () => {
    const id = await f.quotedJob();
    await f.owner.api.post(comments(id), { text: 'on the way' });
    const j = (await f.read(f.owner, id)).body;
    const r = await saveJob(f.owner.api, f.cid, { ...j, status: 'On site' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const g = await f.tech.api.get(comments(id));
    expect(g.status).toBe(200);
    expect(g.body.total).toBe(1);
    expect((await f.tech.api.post(comments(id), { text: 'tech writes' })).status).toBe(403);
    expect((await f.owner.api.post(comments(id), { text: 'owner writes' })).status).toBe(200);
  });
});

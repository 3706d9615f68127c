import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildMember } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { jobsUrl } from '../support/jobs-helpers.js';
import { reviewCompany } from '../support/jobs-hidden-fields-fixture.js';

let h: Harness;
let f: Awaited<ReturnType<typeof reviewCompany>>;
let templateId: string;

beforeAll(async () => {
  h = await startHarness();
  f = await reviewCompany(h);
  const tpl = await f.owner.api.post(`/api/companies/${f.cid}/templates`, {
    templateName: 'Card',
    template:
      '<p>N={{#each job.fields}}{{label}}:{{value}};{{/each}}</p><p>A={{job.assignee}}</p>' +
      '{{#each lines}}<p>P={{description}} {{amount}}</p>{{/each}}<p>T={{totals.total}}</p>',
    templateEmailBody: '',
    type: 'custom',
  });
  expect(tpl.status).toBe(200);
  templateId = tpl.body._id;
});
afterAll(() => h.close());

/** Runs `call` and answers the HTML the PDF printer was given. */
async function printed(call: () => Promise<{ status: number }>) {
  let html = '';
  const orig = h.deps.pdf.print;
  h.deps.pdf.print = (async (x: string) => {
    html = x.replace(/<style[\s\S]*?<\/style>/g, '');
    return Buffer.from('%PDF-1.4');
  }) as typeof orig;
  try {
    const r = await call();
    return { status: r.status, html };
  } finally {
    h.deps.pdf.print = orig;
  }
}
const memberDoc = (id: string, tpl = templateId) => `${jobsUrl(f.cid)}/${id}/document/${tpl}`;

describe('job documents follow the reader', () => {
  it('the public key goes only to those who see the whole job', async () => {
    const id = await f.quotedJob();
    expect((await f.read(f.tech, id)).body.publicKey).toBe('');
    expect((await f.read(f.owner, id)).body.publicKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the member route prints with the caller's view", async () => {
    const id = await f.quotedJob();
    const tech = await printed(() => f.tech.api.get(memberDoc(id)));
    expect(tech.status).toBe(200);
    expect(tech.html).not.toContain('TOPSECRET');
    expect(tech.html).not.toContain('777');
    expect(tech.html).toContain('P=Valve');
    expect(tech.html).toContain('A=</p>');
    const owner = await printed(() => f.owner.api.get(memberDoc(id)));
    expect(owner.status).toBe(200);
    expect(owner.html).toContain('TOPSECRET');
    expect(owner.html).toContain('777');
  });

  it('the public link honours the general hideAssignee and hideItemPrice', async () => {
    const id = await f.quotedJob();
    const key = (await f.read(f.owner, id)).body.publicKey;
    const r = await printed(() =>
      anonymous(h).get(`/api/customer/${f.cid}/${key}/${templateId}/document`),
    );
    expect(r.status).toBe(200);
    // Quoted hides the assignee for everyone; the notes only from the technician's group.
    expect(r.html).toContain('A=</p>');
    expect(r.html).toContain('TOPSECRET');
  });

  it('answers 401 without a token, 403 without appointments r, 404 for foreign ids', async () => {
    const id = await f.quotedJob();
    expect((await anonymous(h).get(memberDoc(id))).status).toBe(401);
    const clerk = await buildMember(h, f.cid, { clients: { r: true } });
    expect((await clerk.api.get(memberDoc(id))).status).toBe(403);
    const other = reviewCompany(h);
    const o = await other;
    const theirs = await o.quotedJob();
    expect((await f.owner.api.get(memberDoc(theirs))).status).toBe(404);
    expect((await f.owner.api.get(memberDoc(id, 'not-a-uuid'))).status).toBe(404);
    expect((await f.owner.api.get(memberDoc('nope'))).status).toBe(404);
  });
});

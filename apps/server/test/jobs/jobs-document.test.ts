import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, plumbingType } from '../support/jobs-helpers.js';
import { pdfText } from '../support/pdf-text.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let templateId: string;
let job: { _id: string; publicKey: string; appointmentNumber: string };

const TEMPLATE = `<h1>Job card {{job.number}}</h1>
<p>For {{client.fullName}} at {{company.name}}</p>
<p>Fault: {{job.fault}}</p><p>Status: {{job.status}}</p>
{{#each job.fields}}<p>{{label}}: {{value}}</p>{{/each}}
{{#each lines}}<p>{{description}} {{amount}}</p>{{/each}}<p>Total {{totals.total}}</p>`;

beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  const t = await owner.api.post(`/api/companies/${cid}/templates`, {
    templateName: 'Job card',
    template: TEMPLATE,
    templateEmailBody: '',
    type: 'custom',
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  templateId = t.body._id;
  const type = await buildType(owner.api, cid, plumbingType());
  const client = await buildClient(owner.api, cid, { name: 'Thandi', surname: 'Mokoena' });
  job = await buildJob(owner.api, cid, {
    appointmentTypeId: type._id,
    status: 'New',
    entityId: client,
    faultDescription: 'Geyser leaks',
    lineItems: [line({ description: 'Valve', price: 250 })],
    values: { notes: 'Back door' },
  });
});
afterAll(() => h.close());

const url = (company: string, key: string, template: string) =>
  `/api/customer/${company}/${key}/${template}/document`;

describe('GET /api/customer/{companyId}/{key}/{templateId}/document', () => {
  it('prints the job with the template as a PDF, without signing in', async () => {
    expect(job.publicKey).toMatch(/^[0-9a-f]{64}$/);
    const r = await anonymous(h).get(url(cid, job.publicKey, templateId));
    expect(r.status, String(r.body)).toBe(200);
    expect(String(r.headers['content-type'])).toBe('application/pdf');
    const text = await pdfText(r.body as Buffer);
    expect(text).toContain(`Job card ${job.appointmentNumber}`);
    expect(text).toContain('Thandi Mokoena');
    expect(text).toContain('Geyser leaks');
    expect(text).toContain('Notes: Back door');
    expect(text).toContain('Valve');
    expect(text).toContain('Status: New');
  }, 60_000);

  it('prints the job with the shipped Quotation: its number and date, no empty valid-until', async () => {
    const list = await owner.api.get(`/api/companies/${cid}/templates`);
    const quote = (list.body as { _id: string; builtIn: string | null }[]).find(
      (t) => t.builtIn === 'quote',
    )!;
    const r = await anonymous(h).get(url(cid, job.publicKey, quote._id));
    expect(r.status, String(r.body)).toBe(200);
    const text = (await pdfText(r.body as Buffer)).replace(/\s+/g, ' ');
    expect(text).toMatch(new RegExp(`Quote no\\. ?${job.appointmentNumber}`));
    expect(text).toMatch(/Date ?\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/valid until/i);
  }, 60_000);

  it('answers 404 for a wrong key, the job id, another company, or a foreign template', async () => {
    const other = await buildCompany(h);
    const foreign = await other.owner.api.post(`/api/companies/${other.id}/templates`, {
      templateName: 'Theirs',
      template: '<p>x</p>',
      templateEmailBody: '',
      type: 'custom',
    });
    const wrong = job.publicKey.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const u of [
      url(cid, wrong, templateId),
      url(cid, job._id, templateId),
      url(cid, 'short', templateId),
      url(other.id, job.publicKey, templateId),
      url(cid, job.publicKey, foreign.body._id),
      url(cid, job.publicKey, 'not-a-uuid'),
    ]) {
      const r = await anonymous(h).get(u);
      expect(r.status, u).toBe(404);
    }
  });
});

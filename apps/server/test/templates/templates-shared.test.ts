import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOR_EVERY_COMPANY_MESSAGE } from '@fieldbook/core';
import {
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';

/**
 * Shipped and shared templates: "Copy to my company", rank super changing one
 * only as an explicit choice, the All Companies switch as the list reads, and
 * a quote's number with the quote prefix in previews, PDFs and e-mails.
 */

let h: Harness;
let cid: string;
let owner: TestUser;
let sup: { id: string; owner: TestUser };

const url = (path: string, company = cid) => `/api/companies/${company}/${path}`;
const shipped = async (api: TestUser['api'], key: string, company = cid) =>
  (await api.get(url('templates', company))).body.find((t: Loose) => t.builtIn === key);

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  sup = await buildCompany(h, await buildUser(h, { rank: 'super' }));
});
afterAll(() => h.close());

describe('POST /templates/{id}/copy', () => {
  it('copies a shipped template into the company, editable there', async () => {
    const quote = await shipped(owner.api, 'quote');
    expect(quote).toMatchObject({ editable: false, anyCompany: true });
    const r = await owner.api.post(url(`templates/${quote._id}/copy`), {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const copy = (await owner.api.get(url(`templates/${r.body._id}`))).body;
    expect(copy).toMatchObject({
      templateName: 'Quotation (copy)',
      type: 'invoice',
      isInvoice: true,
      isStatement: false,
      builtIn: null,
      anyCompany: false,
      editable: true,
      template: quote.template,
      templateEmailBody: quote.templateEmailBody,
    });
    expect(copy.companyName).toMatch(/^Company /);
    // The copy is the company's own: saving it changes nothing for anyone else.
    const saved = await owner.api.post(url('templates'), {
      _id: r.body._id,
      templateName: 'Our quote',
      template: '<p>{{invoice.number}}</p>',
      type: 'invoice',
    });
    expect(saved.status).toBe(200);
    expect((await shipped(owner.api, 'quote')).template).toBe(quote.template);
  });

  it('takes a name', async () => {
    const tax = await shipped(owner.api, 'tax-invoice');
    const r = await owner.api.post(url(`templates/${tax._id}/copy`), { name: '  Ours  ' });
    expect((await owner.api.get(url(`invoiceTemplate/${r.body._id}`))).body).toMatchObject({
      invoiceTemplateName: 'Ours',
    });
  });

  it('answers 400 naming the field for a bad name', async () => {
    const tax = await shipped(owner.api, 'tax-invoice');
    for (const name of ['', '   ', 'x'.repeat(121), 5]) {
      const r = await owner.api.post(url(`templates/${tax._id}/copy`), { name });
      expect(r.status, String(name)).toBe(400);
      expect(r.body.fields).toHaveProperty('name');
    }
  });

  it('answers 401 without a token', async () => {
    const tax = await shipped(owner.api, 'tax-invoice');
    expect((await anonymous(h).post(url(`templates/${tax._id}/copy`), {})).status).toBe(401);
  });

  it("answers 404 for another company's own template, or through a company not one's own", async () => {
    const other = await buildCompany(h);
    const theirs = await other.owner.api.post(url('templates', other.id), {
      templateName: 'Private',
      template: '<p>x</p>',
      type: 'custom',
    });
    expect(theirs.status).toBe(200);
    expect((await owner.api.post(url(`templates/${theirs.body._id}/copy`), {})).status).toBe(404);
    const tax = await shipped(owner.api, 'tax-invoice');
    expect((await owner.api.post(url(`templates/${tax._id}/copy`, other.id), {})).status).toBe(404);
  });

  it('answers 403 to a member without settings c', async () => {
    const tax = await shipped(owner.api, 'tax-invoice');
    const editor = await buildMember(h, cid, { settings: { r: true, u: true } });
    expect((await editor.api.post(url(`templates/${tax._id}/copy`), {})).status).toBe(403);
    const maker = await buildMember(h, cid, { settings: { c: true } });
    expect((await maker.api.post(url(`templates/${tax._id}/copy`), {})).status).toBe(200);
  });
});

describe('changing a template every company uses (rank super)', () => {
  it('is refused without the explicit choice, naming it, and done with it', async () => {
    const st = await shipped(sup.owner.api, 'statement', sup.id);
    expect(st.editable).toBe(true);
    const body = {
      _id: st._id,
      statementTemplateName: st.templateName,
      template: `${st.template}<p>Changed for all</p>`,
    };
    const refused = await sup.owner.api.post(url('statementTemplate', sup.id), body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(FOR_EVERY_COMPANY_MESSAGE);
    expect(refused.body.fields).toHaveProperty('forEveryCompany');
    expect((await shipped(owner.api, 'statement')).template).not.toContain('Changed for all');

    const ok = await sup.owner.api.post(url('statementTemplate', sup.id), {
      ...body,
      forEveryCompany: true,
    });
    expect(ok.status).toBe(200);
    // Every company sees the change, and the template still reads as every company's.
    const seen = await shipped(owner.api, 'statement');
    expect(seen.template).toContain('Changed for all');
    expect(seen).toMatchObject({ anyCompany: true, companyName: 'All companies' });
  });

  it("applies to a template shared with all companies, not to the company's own", async () => {
    const shared = await sup.owner.api.post(url('templates', sup.id), {
      templateName: 'Shared',
      template: '<p>a</p>',
      type: 'custom',
      anyCompany: true,
    });
    expect(shared.status).toBe(200);
    const again = { templateName: 'Shared', template: '<p>b</p>', type: 'custom' };
    const refused = await sup.owner.api.post(url('templates', sup.id), {
      ...again,
      _id: shared.body._id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty('forEveryCompany');
    const own = await sup.owner.api.post(url('templates', sup.id), {
      templateName: 'Own',
      template: '<p>a</p>',
      type: 'custom',
    });
    const changed = await sup.owner.api.post(url('templates', sup.id), {
      ...again,
      templateName: 'Own',
      _id: own.body._id,
    });
    expect(changed.status).toBe(200);
  });
});

describe("a quote's number", () => {
  const QUOTE_HTML = '<h1>{{invoice.title}} {{invoice.number}}</h1>';

  it('has the quote prefix in a sample preview of a quote, the invoice prefix otherwise', async () => {
    const asQuote = await owner.api.post(url('templates/preview'), {
      template: QUOTE_HTML,
      type: 'invoice',
      sample: 'quote',
    });
    expect(asQuote.status, JSON.stringify(asQuote.body)).toBe(200);
    expect(asQuote.body.html).toContain('Quotation QUO00017');
    const asInvoice = await owner.api.post(url('templates/preview'), {
      template: QUOTE_HTML,
      type: 'invoice',
    });
    expect(asInvoice.body.html).toContain('INV00042');
    expect(asInvoice.body.html).not.toContain('QUO');
    const bad = await owner.api.post(url('templates/preview'), {
      template: QUOTE_HTML,
      type: 'invoice',
      sample: 'receipt',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('sample');
  });

  it("follows the company's numbering scheme in a sample", async () => {
    const c = await buildCompany(h);
    await setCompany(c.owner.api, c.id, { numbering: 'DDMMYYYY' });
    const r = await c.owner.api.post(url('templates/preview', c.id), {
      template: QUOTE_HTML,
      type: 'invoice',
      sample: 'quote',
    });
    expect(r.body.html).toMatch(/Quotation \d{8}-17/);
  });

  it('is the quote number in a real quote’s preview, PDF name and e-mail subject', async () => {
    await setCompany(owner.api, cid, { companyName: 'Quote Co', EmailAddress: 'q@quote.test' });
    const client = await buildClient(owner.api, cid, { email: 'buyer@example.test' });
    const quote = await buildInvoice(owner.api, cid, client, { isQuote: true });
    expect(quote.quoteNumber).toMatch(/^QUO\d{5}$/);
    const preview = await owner.api.post(url('templates/preview'), {
      template: QUOTE_HTML,
      type: 'invoice',
      recordId: quote._id,
    });
    expect(preview.body.html).toContain(`Quotation ${quote.quoteNumber}`);
    const draft = await owner.api.get(url(`invoices/${quote._id}/email`));
    expect(draft.body.subject).toBe(`Quote ${quote.quoteNumber} from Quote Co`);
    expect(draft.body.message).toContain(`quotation ${quote.quoteNumber}`);
    expect(draft.body.message).not.toContain('INV');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, formatMoney, todayIn, vatTax } from '@fieldbook/core';
import { invoiceDocument } from '../../src/areas/invoices/index.js';
import { renderHtml, templateCacheStats } from '../../src/areas/templates/render.js';
import { templates } from '../../src/db/schema/index.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';
import { pdfText } from '../support/pdf-text.js';

/** Template previews (sample data or a real record), "Generate PDF" and template images. */

let h: Harness;
let cid: string;
let owner: TestUser;
let other: { id: string; owner: TestUser };
let invoice: Loose;

const url = (path: string, company = cid) => `/api/companies/${company}/${path}`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const png = { data: PNG, filename: 'logo.png', type: 'image/png' };

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  other = await buildCompany(h);
  await setCompany(owner.api, cid, { tax: vatTax({ taxNumber: '4111111111' }) });
  const client = await buildClient(owner.api, cid, { name: 'Thandi', surname: 'Nkosi' });
  invoice = await buildInvoice(owner.api, cid, client, {
    descriptions: [line({ qty: 2, price: 1234.5 })],
  });
});
afterAll(() => h.close());

describe('POST /templates/preview', () => {
  const body = {
    template:
      '<h1>{{invoice.title}} {{invoice.number}}</h1><p>{{client.fullName}}</p><p>{{totals.total}}</p>' +
      '<p>{{statement.aging.d120}}</p><script>document.write("PWNED")</script>',
    type: 'invoice',
  };

  it('fills unsaved HTML with sample data, sanitised', async () => {
    const r = await owner.api.post(url('templates/preview'), body);
    expect(r.status).toBe(200);
    expect(r.body.html).toContain('<h1>Tax Invoice INV00042</h1><p>Jane Doe</p>');
    expect(r.body.html).toContain('[script removed]');
    expect(r.body.html).not.toMatch(/<script|PWNED/);
    expect(r.body.html).toMatch(/^<!DOCTYPE html>/);
  });

  it('fills it with a real invoice the caller may read', async () => {
    const r = await owner.api.post(url('templates/preview'), { ...body, recordId: invoice._id });
    expect(r.status).toBe(200);
    expect(r.body.html).toContain(`Tax Invoice ${invoice.invoiceNumber}`);
    expect(r.body.html).toContain('Thandi Nkosi');
    expect(r.body.html).toContain(formatMoney(invoice.totals.total));
  });

  it("answers 404 for another company's record, 403 without the record's right, 400 naming the field", async () => {
    const theirs = await buildInvoice(
      other.owner.api,
      other.id,
      await buildClient(other.owner.api, other.id),
    );
    const foreign = await owner.api.post(url('templates/preview'), {
      ...body,
      recordId: theirs._id,
    });
    expect(foreign.status).toBe(404);
    const settingsOnly = await buildMember(h, cid, { ...allRights(false), settings: { r: true } });
    expect((await settingsOnly.api.post(url('templates/preview'), body)).status).toBe(200);
    const withRecord = { ...body, recordId: invoice._id };
    expect((await settingsOnly.api.post(url('templates/preview'), withRecord)).status).toBe(403);
    const bad = await owner.api.post(url('templates/preview'), { ...body, template: '{{#if}}' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['template']);
    const badType = await owner.api.post(url('templates/preview'), { ...body, type: 'x' });
    expect(Object.keys(badType.body.fields)).toEqual(['type']);
    expect((await anonymous(h).post(url('templates/preview'), body)).status).toBe(401);
  });

  it('prints the preview as a PDF', async () => {
    const r = await owner.api.post(url('templates/pdf'), { ...body, recordId: invoice._id });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(r.body as Buffer);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(formatMoney(invoice.totals.total));
    expect(text).not.toContain('PWNED');
  });
});

describe('extra fields', () => {
  const fields = [
    { name: 'orderNo', label: 'Order number', type: 'text' },
    { name: 'visit', label: 'Visit date', type: 'date' },
  ];
  const template =
    '{{#each invoice.extraFields}}<p class="x">{{label}}: {{value}}</p>{{/each}}<p id="c">{{invoice.custom.orderNo}}</p>';

  it("show in a preview: the unsaved template's fields, labels as sample values", async () => {
    const r = await owner.api.post(url('templates/preview'), { template, type: 'invoice', fields });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const today = todayIn('Africa/Johannesburg');
    expect(r.body.html).toContain('<p class="x">Order number: Order number</p>');
    expect(r.body.html).toContain(`<p class="x">Visit date: ${today}</p>`);
    expect(r.body.html).toContain('<p id="c">Order number</p>');
    // The shipped tax invoice lists them under Details.
    const shipped = (await owner.api.get(url('invoiceTemplate'))).body.find(
      (t: Loose) => t.builtIn === 'tax-invoice',
    );
    const withShipped = await owner.api.post(url('templates/preview'), {
      template: shipped.template,
      type: 'invoice',
      fields,
    });
    expect(withShipped.body.html).toMatch(/Details[\s\S]*Order number:<\/span> Order number/);
  });

  it("show in a preview with a real invoice: that invoice's values", async () => {
    const client = await buildClient(owner.api, cid);
    const inv = await buildInvoice(owner.api, cid, client, { custom: { orderNo: 'PO-4411' } });
    const r = await owner.api.post(url('templates/preview'), {
      template,
      type: 'invoice',
      fields,
      recordId: inv._id,
    });
    expect(r.body.html).toContain('<p class="x">Order number: PO-4411</p>');
    expect(r.body.html).not.toContain('Visit date');
    const bad = await owner.api.post(url('templates/preview'), {
      template,
      type: 'invoice',
      fields: [{ name: 'constructor', label: 'C', type: 'text' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['fields.0.name']);
  });

  it("named like an object's built-ins (an old template) print nothing, not the built-in", async () => {
    const odd = ['constructor', 'toString', 'valueOf', 'hasOwnProperty'];
    const [t] = await h.deps.database.db
      .insert(templates)
      .values({
        companyId: cid,
        type: 'invoice',
        name: 'Old',
        isInvoice: true,
        html: '{{#each invoice.extraFields}}<p class="x">{{label}}={{value}}</p>{{/each}}<p>end</p>',
        fields: [...odd, 'orderNo'].map((name) => ({ name, label: name, type: 'text' as const })),
      })
      .returning({ id: templates.id });
    const client = await buildClient(owner.api, cid);
    const inv = await buildInvoice(owner.api, cid, client, {
      invoiceTemplateId: t!.id,
      custom: { orderNo: 'PO-1' },
    });
    const doc = await invoiceDocument(h.deps, cid, inv._id);
    expect(doc.html).toContain('<p class="x">orderNo=PO-1</p><p>end</p>');
    expect(doc.html).not.toMatch(/native code|function|\[object/);
    // Stored before such names were refused, the template still lists and reads.
    const listed = await owner.api.get(url('invoiceTemplate'));
    expect(listed.status).toBe(200);
    expect(listed.body.find((x: Loose) => x._id === t!.id).fields).toHaveLength(5);
  });
});

describe('compiled templates', () => {
  const big = (n: number) => `<p>{{invoice.number}} ${n}</p>${'<p>filler text</p>'.repeat(6000)}`;

  it('are not kept for previews: unsaved HTML changes with every keystroke', async () => {
    const before = templateCacheStats();
    for (let n = 0; n < 5; n++) {
      const r = await owner.api.post(url('templates/preview'), {
        template: big(n),
        type: 'invoice',
      });
      expect(r.status).toBe(200);
      expect(r.body.html).toContain(`INV00042 ${n}</p>`);
    }
    const pdf = await owner.api.post(url('templates/pdf'), { template: big(9), type: 'invoice' });
    expect(pdf.status).toBe(200);
    expect(templateCacheStats()).toEqual(before);
  });

  it('are kept for a stored template by id and version, the old version replaced', async () => {
    const t = await owner.api.post(url('invoiceTemplate'), {
      invoiceTemplateName: 'Cached',
      invoiceTemplateEmailBody: 'Dear {{client.name}}',
      template: '<h1>First {{invoice.number}}</h1>',
    });
    const client = await buildClient(owner.api, cid);
    const inv = await buildInvoice(owner.api, cid, client, { invoiceTemplateId: t.body._id });
    const before = templateCacheStats();
    expect((await invoiceDocument(h.deps, cid, inv._id)).html).toContain('<h1>First INV');
    const once = templateCacheStats();
    expect(once.entries).toBe(before.entries + 2); // the document and its e-mail body
    await invoiceDocument(h.deps, cid, inv._id);
    expect(templateCacheStats()).toEqual(once);

    await owner.api.post(url('invoiceTemplate'), {
      _id: t.body._id,
      invoiceTemplateName: 'Cached',
      invoiceTemplateEmailBody: 'Dear {{client.name}}',
      template: '<h1>Second version {{invoice.number}}</h1>',
    });
    expect((await invoiceDocument(h.deps, cid, inv._id)).html).toContain('<h1>Second version INV');
    const after = templateCacheStats();
    expect(after.entries).toBe(once.entries);
    expect(after.bytes).toBe(once.bytes + 'Second version'.length - 'First'.length);
  });

  it('are bounded in bytes, however many large templates print', () => {
    const html = '<p>{{x}}</p>' + '<p>0123456789</p>'.repeat(25_000); // about 425 kB
    for (let n = 0; n < 25; n++)
      expect(renderHtml(html, { x: n }, { id: `big-${n}`, version: '1' })).toContain(`<p>${n}</p>`);
    const stats = templateCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(stats.entries).toBeLessThanOrEqual(200);
  });
});

describe('template images', () => {
  it('are stored for an editable template and served publicly', async () => {
    const t = await owner.api.post(url('invoiceTemplate'), {
      invoiceTemplateName: 'With logo',
      template: '<p>x</p>',
    });
    const r = await owner.api.upload(url(`templates/${t.body._id}/images`), {}, { file: png });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.url).toBe(`/images/template/${r.body._id}`);
    const img = await anonymous(h).get(`/api${r.body.url}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.body as Buffer, PNG)).toBe(0);

    // Placed in the template as answered, it is served to the preview and the printer from /api.
    const html = `<img src="${r.body.url}" alt="logo">`;
    const saved = await owner.api.post(url('invoiceTemplate'), {
      _id: t.body._id,
      invoiceTemplateName: 'With logo',
      template: html,
    });
    expect(saved.status).toBe(200);
    const got = await owner.api.get(url(`invoiceTemplate/${t.body._id}`));
    expect(got.body.template).toContain(`src="/api/images/template/${r.body._id}"`);
  });

  it('refuses what is not an image, a read-only template and a foreign one', async () => {
    const t = await owner.api.post(url('invoiceTemplate'), {
      invoiceTemplateName: 'Images',
      template: '<p>x</p>',
    });
    const text = {
      data: Buffer.from('<svg onload=alert(1)>'),
      filename: 'x.png',
      type: 'image/png',
    };
    const bad = await owner.api.upload(url(`templates/${t.body._id}/images`), {}, { file: text });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['file']);
    const none = await owner.api.upload(url(`templates/${t.body._id}/images`), { a: 'b' }, {});
    expect(none.status).toBe(400);

    const shipped = (await owner.api.get(url('invoiceTemplate'))).body.find(
      (x: Loose) => x.builtIn,
    );
    expect(
      (await owner.api.upload(url(`templates/${shipped._id}/images`), {}, { file: png })).status,
    ).toBe(403);
    const superUser = await buildCompany(h, await buildUser(h, { rank: 'super' }));
    const asSuper = await superUser.owner.api.upload(
      url(`templates/${shipped._id}/images`, superUser.id),
      {},
      { file: png },
    );
    expect(asSuper.status).toBe(200);

    const theirs = await other.owner.api.post(url('invoiceTemplate', other.id), {
      invoiceTemplateName: 'Theirs',
      template: '<p>x</p>',
    });
    const foreign = await owner.api.upload(
      url(`templates/${theirs.body._id}/images`),
      {},
      { file: png },
    );
    expect(foreign.status).toBe(404);
    expect((await anonymous(h).get(`/api/images/template/${theirs.body._id}`)).status).toBe(404);
  });
});

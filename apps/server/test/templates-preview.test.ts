import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, formatMoney, vatTax } from '@fieldbook/core';
import {
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type Loose,
  type TestUser,
} from './factories.js';
import { buildClient, buildInvoice, line } from './finance-factories.js';
import { startHarness, type Harness } from './harness.js';
import { setCompany } from './invoices-helpers.js';
import { pdfText } from './pdf-text.js';

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

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights } from '@fieldbook/core';
import { installShippedTemplates } from '../../src/areas/templates/builtin/shipped.js';
import { templates } from '../../src/db/schema/index.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/** The template calls: lists, reads, saves, who may change what (previews: templates-preview.test.ts). */

let h: Harness;
let cid: string;
let owner: TestUser;
let other: { id: string; owner: TestUser };
let sup: { id: string; owner: TestUser };

const url = (path: string, company = cid) => `/api/companies/${company}/${path}`;
const HTML = '<h1>{{invoice.number}}</h1>{{#each lines}}<p>{{description}} {{amount}}</p>{{/each}}';

const invoiceTemplate = (over: Loose = {}) => ({
  invoiceTemplateName: 'Mine',
  invoiceTemplateEmailBody: 'Hello {{client.name}}',
  template: HTML,
  fields: [{ name: 'orderNo', label: 'Order number', type: 'text' }],
  ...over,
});

async function saved(api: TestUser['api'], path: string, body: unknown, company = cid) {
  const r = await api.post(url(path, company), body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  other = await buildCompany(h);
  sup = await buildCompany(h, await buildUser(h, { rank: 'super' }));
});
afterAll(() => h.close());

describe('the shipped templates', () => {
  it('are listed to every company, owned by All companies, read-only for a non-super', async () => {
    const inv = await owner.api.get(url('invoiceTemplate'));
    expect(inv.status).toBe(200);
    const shipped = inv.body.filter((t: Loose) => t.builtIn);
    expect(shipped.map((t: Loose) => t.invoiceTemplateName).sort()).toEqual([
      'Quotation',
      'Tax Invoice',
    ]);
    for (const t of shipped) {
      expect(t).toMatchObject({ companyName: 'All companies', editable: false, anyCompany: true });
      expect(t.template).toContain('{{invoice.number}}');
    }
    const st = await owner.api.get(url('statementTemplate'));
    expect(st.body.map((t: Loose) => t.builtIn)).toEqual(['statement']);
    const all = await other.owner.api.get(url('templates', other.id));
    expect(all.body.map((t: Loose) => `${t.type}:${t.builtIn}`).sort()).toEqual([
      'invoice:quote',
      'invoice:tax-invoice',
      'statement:statement',
    ]);
  });

  it('are installed once however often the server starts', async () => {
    await installShippedTemplates(h.deps.database.db);
    await installShippedTemplates(h.deps.database.db);
    const rows = await h.deps.database.db.select().from(templates);
    expect(rows.filter((r) => r.builtIn).length).toBe(3);
  });

  it('may not be changed by the owner of a company', async () => {
    const [tax] = (await owner.api.get(url('invoiceTemplate'))).body.filter(
      (t: Loose) => t.builtIn === 'tax-invoice',
    );
    const r = await owner.api.post(url('invoiceTemplate'), invoiceTemplate({ _id: tax._id }));
    expect(r.status).toBe(403);
  });
});

describe('a company template', () => {
  it('is saved sanitised and read back by all three calls', async () => {
    const id = await saved(
      owner.api,
      'invoiceTemplate',
      invoiceTemplate({ template: `${HTML}<script>alert(1)</script><img src=x onerror=alert(1)>` }),
    );
    const r = await owner.api.get(url(`invoiceTemplate/${id}`));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      _id: id,
      invoiceTemplateName: 'Mine',
      invoiceTemplateEmailBody: 'Hello {{client.name}}',
      anyCompany: false,
      editable: true,
      builtIn: null,
      fields: [{ name: 'orderNo', label: 'Order number', type: 'text' }],
    });
    expect(r.body.companyName).toMatch(/^Company /);
    expect(r.body.template).toContain('<span class="script-removed">[script removed]</span>');
    expect(r.body.template).not.toMatch(/<script|onerror/i);
    const general = await owner.api.get(url(`templates/${id}`));
    expect(general.body).toMatchObject({ type: 'invoice', isInvoice: true, isStatement: false });
    // An invoice template is not a statement template.
    expect((await owner.api.get(url(`statementTemplate/${id}`))).status).toBe(404);
  });

  it('is updated with its _id, and a statement save answers id as well', async () => {
    const id = await saved(owner.api, 'invoiceTemplate', invoiceTemplate());
    await saved(
      owner.api,
      'invoiceTemplate',
      invoiceTemplate({ _id: id, invoiceTemplateName: 'Renamed' }),
    );
    expect((await owner.api.get(url(`invoiceTemplate/${id}`))).body.invoiceTemplateName).toBe(
      'Renamed',
    );

    const r = await owner.api.post(url('statementTemplate'), {
      statementTemplateName: 'My statement',
      template: '<p>{{statement.total}}</p>',
    });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(r.body._id);
    const got = await owner.api.get(url(`templates/${r.body._id}`));
    expect(got.body).toMatchObject({ type: 'statement', isStatement: true, isInvoice: false });
  });

  it('of any type is saved through /templates and listed there', async () => {
    const id = await saved(owner.api, 'templates', {
      templateName: 'Job card',
      description: 'For the van',
      template: '<p>{{client.name}}</p>',
      type: 'custom',
    });
    const list = await owner.api.get(url('templates'));
    expect(list.body.find((t: Loose) => t._id === id)).toMatchObject({
      templateName: 'Job card',
      description: 'For the van',
      type: 'custom',
      templateEmailBody: '',
    });
    expect(
      (await owner.api.get(url('invoiceTemplate'))).body.map((t: Loose) => t._id),
    ).not.toContain(id);
  });

  it('is refused with a 400 naming the field', async () => {
    const cases: [Loose, string][] = [
      [invoiceTemplate({ template: '{{#each lines}}<p>' }), 'template'],
      [invoiceTemplate({ template: '{{upper invoice.number}}' }), 'template'],
      [invoiceTemplate({ template: '{{> header}}' }), 'template'],
      [invoiceTemplate({ invoiceTemplateEmailBody: '{{#if x}}' }), 'invoiceTemplateEmailBody'],
      [invoiceTemplate({ invoiceTemplateName: '' }), 'invoiceTemplateName'],
      [invoiceTemplate({ template: 7 }), 'template'],
      [invoiceTemplate({ fields: [{ name: '1bad', label: 'x', type: 'text' }] }), 'fields.0.name'],
      [invoiceTemplate({ fields: [{ name: 'a', label: '', type: 'text' }] }), 'fields.0.label'],
      [invoiceTemplate({ fields: [{ name: 'a', label: 'A', type: 'colour' }] }), 'fields.0.type'],
      // Names every object answers to would print the built-in, not the value.
      [
        invoiceTemplate({ fields: [{ name: 'constructor', label: 'C', type: 'text' }] }),
        'fields.0.name',
      ],
      [
        invoiceTemplate({
          fields: [
            { name: 'orderNo', label: 'O', type: 'text' },
            { name: 'toString', label: 'T', type: 'text' },
          ],
        }),
        'fields.1.name',
      ],
      [
        invoiceTemplate({
          fields: [
            { name: 'a', label: 'A', type: 'text' },
            { name: 'a', label: 'B', type: 'date' },
          ],
        }),
        'fields.1.name',
      ],
    ];
    for (const [body, field] of cases) {
      const r = await owner.api.post(url('invoiceTemplate'), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
    }
    const bad = await owner.api.post(url('templates'), {
      templateName: 'x',
      template: '',
      type: 'letter',
    });
    expect(Object.keys(bad.body.fields)).toContain('type');
  });

  it('keeps its type when saved again through /invoiceTemplate or /statementTemplate', async () => {
    const id = await saved(owner.api, 'templates', {
      templateName: 'Job card for invoices',
      template: '<p>{{invoice.number}}</p>',
      type: 'custom',
      isInvoice: true,
      isStatement: true,
    });
    await saved(
      owner.api,
      'invoiceTemplate',
      invoiceTemplate({ _id: id, invoiceTemplateName: 'Job card (renamed)' }),
    );
    expect((await owner.api.get(url(`templates/${id}`))).body).toMatchObject({
      templateName: 'Job card (renamed)',
      type: 'custom',
      isInvoice: true,
      isStatement: true,
    });
    await saved(owner.api, 'statementTemplate', {
      _id: id,
      statementTemplateName: 'Job card (statement)',
      template: '<p>{{statement.total}}</p>',
    });
    expect((await owner.api.get(url(`templates/${id}`))).body).toMatchObject({
      templateName: 'Job card (statement)',
      type: 'custom',
      isInvoice: true,
      isStatement: true,
    });
    // /templates sets the type.
    await saved(owner.api, 'templates', {
      _id: id,
      templateName: 'Job card',
      template: '<p/>',
      type: 'invoice',
    });
    expect((await owner.api.get(url(`templates/${id}`))).body.type).toBe('invoice');
  });

  it('of another company is a 404, to read and to save over', async () => {
    const theirs = await saved(other.owner.api, 'invoiceTemplate', invoiceTemplate(), other.id);
    expect((await owner.api.get(url(`invoiceTemplate/${theirs}`))).status).toBe(404);
    expect((await owner.api.get(url(`templates/${theirs}`))).status).toBe(404);
    const r = await owner.api.post(url('invoiceTemplate'), invoiceTemplate({ _id: theirs }));
    expect(r.status).toBe(404);
    const [row] = await h.deps.database.db.select().from(templates).where(eq(templates.id, theirs));
    expect(row!.name).toBe('Mine');
    expect((await owner.api.get(url(`templates/${randomUUID()}`))).status).toBe(404);
  });
});

describe('rights', () => {
  it('reading needs invoices r, clients r or settings r; saving needs settings c or u', async () => {
    const none = allRights(false);
    const reader = await buildMember(h, cid, { ...none, invoices: { r: true } });
    const clientsReader = await buildMember(h, cid, { ...none, clients: { r: true } });
    const nobody = await buildMember(h, cid, { ...none, expenses: { r: true, c: true } });
    for (const path of ['invoiceTemplate', 'statementTemplate', 'templates']) {
      expect((await reader.api.get(url(path))).status).toBe(200);
      expect((await clientsReader.api.get(url(path))).status).toBe(200);
      expect((await nobody.api.get(url(path))).status).toBe(403);
      expect((await anonymous(h).get(url(path))).status).toBe(401);
    }
    expect((await reader.api.post(url('invoiceTemplate'), invoiceTemplate())).status).toBe(403);

    const creator = await buildMember(h, cid, { ...none, settings: { c: true, r: true } });
    const id = await saved(creator.api, 'invoiceTemplate', invoiceTemplate());
    const update = await creator.api.post(url('invoiceTemplate'), invoiceTemplate({ _id: id }));
    expect(update.status).toBe(403);
    const updater = await buildMember(h, cid, { ...none, settings: { u: true } });
    expect((await updater.api.post(url('invoiceTemplate'), invoiceTemplate())).status).toBe(403);
    await saved(
      updater.api,
      'invoiceTemplate',
      invoiceTemplate({ _id: id, invoiceTemplateName: 'U' }),
    );
  });

  it('only rank super shares a template with all companies or changes a shared one', async () => {
    const refused = await owner.api.post(
      url('invoiceTemplate'),
      invoiceTemplate({ anyCompany: true }),
    );
    expect(refused.status).toBe(403);

    const shared = await saved(
      sup.owner.api,
      'invoiceTemplate',
      invoiceTemplate({ anyCompany: true, invoiceTemplateName: 'Shared' }),
      sup.id,
    );
    const seen = (await owner.api.get(url('invoiceTemplate'))).body.find(
      (t: Loose) => t._id === shared,
    );
    const superName = (await sup.owner.api.get(`/api/companies/${sup.id}`)).body.companyName;
    expect(seen).toMatchObject({ anyCompany: true, editable: false, companyName: superName });
    const r = await owner.api.post(url('invoiceTemplate'), invoiceTemplate({ _id: shared }));
    expect(r.status).toBe(403);

    // The super user changes a shipped template; a restart keeps the change.
    const tax = (await sup.owner.api.get(url('invoiceTemplate', sup.id))).body.find(
      (t: Loose) => t.builtIn === 'tax-invoice',
    );
    expect(tax.editable).toBe(true);
    const edited = `${tax.template}<!-- kept -->`.replace(
      'Thank you for your business.',
      'Thanks!',
    );
    await saved(
      sup.owner.api,
      'invoiceTemplate',
      { ...invoiceTemplate(), _id: tax._id, template: edited, forEveryCompany: true },
      sup.id,
    );
    await installShippedTemplates(h.deps.database.db);
    const after = await owner.api.get(url(`invoiceTemplate/${tax._id}`));
    expect(after.body).toMatchObject({ companyName: 'All companies', builtIn: 'tax-invoice' });
    expect(after.body.template).toContain('Thanks!');
  });
});

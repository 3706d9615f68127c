import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TAX, allRights, formatMoney, vatTax } from '@fieldbook/core';
import { statementDocument } from '../../src/areas/clients/index.js';
import { invoiceDocument } from '../../src/areas/invoices/index.js';
import { invoices } from '../../src/db/schema/index.js';
import { CHROMIUM_ARGS, PRINTS_PER_USER, TOO_MANY_PRINTS } from '../../src/platform/pdf.js';
import { dangers, startDomInspector } from '../support/browser-dom.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';
import { pdfText, pdfTitle } from '../support/pdf-text.js';
import { buildPeriodAccount } from '../support/statement-period.js';

/** Invoice and statement PDFs, the template each document prints with, and hostile templates. */

let h: Harness;
let cid: string;
let owner: TestUser;
let clientId: string;

const url = (path: string, company = cid) => `/api/companies/${company}/${path}`;

async function download(api: TestUser['api'], path: string) {
  const r = await api.get(url(path));
  expect(r.status, String(r.body)).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  return {
    text: await pdfText(r.body as Buffer),
    title: await pdfTitle(r.body as Buffer),
    disposition: String(r.headers['content-disposition']),
  };
}

async function template(html: string, path = 'invoiceTemplate', name = 'invoiceTemplateName') {
  const r = await owner.api.post(url(path), { [name]: `T ${Math.random()}`, template: html });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  await setCompany(owner.api, cid, {
    tax: vatTax({ taxNumber: '4220123456' }),
    address: '14 Long Street\nCape Town 8001',
    phone: '021 555 0101',
  });
  clientId = await buildClient(owner.api, cid, { name: 'Sipho', surname: 'Dlamini' });
});
afterAll(() => h.close());

describe('GET /invoices/{id}/download', () => {
  it('is the tax invoice with the number and the figures of the screen', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId, {
      descriptions: [
        line({ qty: 3, price: 1234.56 }),
        line({ description: 'Parts', price: 99.99, hasTax: false }),
      ],
      discount: { hasDiscount: true, discountType: 'Percentage', discountValue: 5 },
      amountPaid: 500,
    });
    const { text, title, disposition } = await download(owner.api, `invoices/${inv._id}/download`);
    // The title a PDF viewer shows: the document's name, not the print page's address.
    expect(title).toBe(`Invoice ${inv.invoiceNumber}`);
    expect(disposition).toBe(
      `attachment; filename="${inv.invoiceNumber}.pdf"; filename*=UTF-8''${inv.invoiceNumber}.pdf`,
    );
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(inv.invoiceNumber);
    expect(text).toContain('4220123456');
    expect(text).toContain('Sipho Dlamini');
    // Exactly the figures the invoice screen shows, formatted by core's formatMoney.
    for (const amount of [
      inv.totals.subtotal,
      inv.totals.discount,
      inv.totals.tax1,
      inv.totals.total,
      inv.balance,
    ])
      expect(text).toContain(formatMoney(amount));
    expect(formatMoney(inv.totals.total)).toMatch(/^R\d,\d{3}\.\d{2}$/);
  });

  it('says Invoice without VAT, and Quotation with the quote number for a quote', async () => {
    const { id: plain, owner: plainOwner } = await buildCompany(h);
    await setCompany(plainOwner.api, plain, { tax: DEFAULT_TAX });
    const c = await buildClient(plainOwner.api, plain);
    const inv = await buildInvoice(plainOwner.api, plain, c);
    const r = await plainOwner.api.get(url(`invoices/${inv._id}/download`, plain));
    const text = await pdfText(r.body as Buffer);
    expect(text).toContain('INVOICE');
    expect(text).not.toMatch(/TAX INVOICE|VAT No/i);

    const quote = await buildInvoice(owner.api, cid, clientId, { isQuote: true });
    const q = await download(owner.api, `invoices/${quote._id}/download`);
    expect(q.text).toContain('QUOTATION');
    expect(q.text).toContain(quote.quoteNumber);
    expect(q.text).toContain('Valid until');
    expect(q.disposition).toContain(`filename="${quote.quoteNumber}.pdf"`);
    expect(q.title).toBe(`Quote ${quote.quoteNumber}`);
  });

  it('answers 401, 403 and 404 as every company route does', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId);
    expect((await anonymous(h).get(url(`invoices/${inv._id}/download`))).status).toBe(401);
    const noInvoices = allRights(true);
    noInvoices.invoices.r = false;
    const member = await buildMember(h, cid, noInvoices);
    expect((await member.api.get(url(`invoices/${inv._id}/download`))).status).toBe(403);
    const other = await buildCompany(h);
    const theirs = await buildInvoice(
      other.owner.api,
      other.id,
      await buildClient(other.owner.api, other.id),
    );
    expect((await owner.api.get(url(`invoices/${theirs._id}/download`))).status).toBe(404);
    expect((await owner.api.get(url(`entities/${theirs.entityId}/download`))).status).toBe(404);
  });
});

describe('printing at once, per user', () => {
  it(`holds at most ${PRINTS_PER_USER} prints of one user; more answer 429, others print on`, async () => {
    const inv = await buildInvoice(owner.api, cid, clientId);
    const path = url(`invoices/${inv._id}/download`);
    const all = await Promise.all(Array.from({ length: 6 }, () => owner.api.get(path)));
    const refused = all.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body.error).toBe(TOO_MANY_PRINTS);
    expect(all.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(PRINTS_PER_USER);
    // Once done, the same user prints again.
    expect((await owner.api.get(path)).status).toBe(200);
  });

  it('counts in the renderer before it waits for a page', async () => {
    const html = '<p>x</p>';
    const [a, b, c, d] = [
      h.deps.pdf.print(html, { owner: 'u1' }),
      h.deps.pdf.print(html, { owner: 'u1' }),
      h.deps.pdf.print(html, { owner: 'u1' }).catch((e: { status: number }) => e.status),
      h.deps.pdf.print(html, { owner: 'u2' }),
    ];
    expect(await c).toBe(429);
    for (const p of [a, b, d]) expect((await p).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await h.deps.pdf.print(html, { owner: 'u1' })).length).toBeGreaterThan(100);
  });
});

describe('GET /entities/{id}/download', () => {
  it("is the client's statement with its balance and aging", async () => {
    const c = await buildClient(owner.api, cid, { name: 'Lerato', surname: 'Mokoena' });
    await buildInvoice(owner.api, cid, c, { invoiceDate: '2026-01-05', dueDate: '2026-01-12' });
    await buildInvoice(owner.api, cid, c, { descriptions: [line({ price: 2500 })], paid: true });
    const st = (await owner.api.get(url(`entities/${c}/statement`))).body;
    const { text, title, disposition } = await download(owner.api, `entities/${c}/download`);
    expect(disposition).toContain(`filename="Statement Lerato Mokoena ${st.asOf}.pdf"`);
    expect(title).toBe(`Statement Lerato Mokoena ${st.asOf}`);
    expect(text).toContain('STATEMENT');
    expect(text).toContain(formatMoney(st.total));
    expect(text).toContain(formatMoney(st.aging.d120));
    for (const l of st.lineItems) expect(text).toContain(formatMoney(l.rolling));
    expect(text).toMatch(/CURRENT.*30 DAYS.*60 DAYS.*90 DAYS.*120\+ DAYS/s);
    const noClients = allRights(true);
    noClients.clients.r = false;
    const member = await buildMember(h, cid, noClients);
    expect((await member.api.get(url(`entities/${c}/download`))).status).toBe(403);
  });

  it('prints the statement of a period: brought forward, its lines, its closing balance', async () => {
    const c = await buildClient(owner.api, cid, { name: 'Thandi', surname: 'Nkosi' });
    const [a, b, late] = (await buildPeriodAccount(owner.api, cid, c)).numbers;
    const path = `entities/${c}/download?from=2026-02-01&to=2026-02-28`;
    const { text, title, disposition } = await download(owner.api, path);
    expect(title).toBe('Statement Thandi Nkosi 2026-02-01 to 2026-02-28');
    expect(disposition).toContain('filename="Statement Thandi Nkosi 2026-02-01 to 2026-02-28.pdf"');
    expect(text).toMatch(/Period\s+2026-02-01 to 2026-02-28/);
    expect(text).toMatch(/Closing balance\s+R750\.54/);
    expect(text).not.toContain('Balance due R');
    // Brought forward on from: R999.99 owed, then the period's two lines.
    expect(text).toMatch(/2026-02-01\s+Balance brought forward\s+R999\.99\s+R999\.99/);
    expect(text).toMatch(
      new RegExp(`2026-02-10\\s+${a}\\s+Payment ${a}\\s+R500\\.00\\s+R499\\.99`),
    );
    expect(text).toMatch(
      new RegExp(`2026-02-20\\s+${b}\\s+Invoice ${b}\\s+R250\\.55\\s+R750\\.54`),
    );
    expect(text).not.toContain(late);
    expect(text).not.toContain('2026-01-15');
    // Aging and its balance due are today's: the whole account's R580.09.
    expect(text).toMatch(/120\+ DAYS\s+BALANCE DUE[\s\S]*R580\.09/);

    const whole = await download(owner.api, `entities/${c}/download`);
    expect(whole.text).not.toContain('Balance brought forward');
    expect(whole.text).not.toContain('Period');
    expect(whole.text).toMatch(/Balance due\s+R580\.09/);

    const bad = await owner.api.get(url(`entities/${c}/download?from=2026-03-01&to=2026-02-01`));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ from: 'must be on or before to' });
    const notDate = await owner.api.get(url(`entities/${c}/download?to=2026-13-01`));
    expect(notDate.status).toBe(400);
    expect(notDate.body.fields).toEqual({ to: 'must be a date (YYYY-MM-DD)' });
  });
});

describe('the template a document prints with', () => {
  it("is the invoice's own, else the company's for invoices or quotes, else the shipped one", async () => {
    const own = await template('<p>OWN {{invoice.number}}</p>');
    const companyInvoice = await template('<p>COMPANY-INVOICE</p>');
    const companyQuote = await template('<p>COMPANY-QUOTE</p>');
    const inv = await buildInvoice(owner.api, cid, clientId);
    const quote = await buildInvoice(owner.api, cid, clientId, { isQuote: true });
    const withOwn = await buildInvoice(owner.api, cid, clientId, { invoiceTemplateId: own });
    const html = async (id: string) => (await invoiceDocument(h.deps, cid, id)).html;
    expect(await html(inv._id)).toContain('Tax Invoice');
    await setCompany(owner.api, cid, {
      invoiceTemplateId: companyInvoice,
      quoteTemplateId: companyQuote,
    });
    expect(await html(inv._id)).toContain('COMPANY-INVOICE');
    expect(await html(quote._id)).toContain('COMPANY-QUOTE');
    expect(await html(withOwn._id)).toContain(`OWN ${withOwn.invoiceNumber}`);

    // A statement: the client's, else the company's, else the shipped one.
    const shipped = (await statementDocument(h.deps, cid, clientId)).html;
    expect(shipped).toContain('Statement');
    const companySt = await template(
      '<p>COMPANY-ST</p>',
      'statementTemplate',
      'statementTemplateName',
    );
    const clientSt = await template(
      '<p>CLIENT-ST</p>',
      'statementTemplate',
      'statementTemplateName',
    );
    await setCompany(owner.api, cid, {
      invoiceTemplateId: null,
      quoteTemplateId: null,
      statementTemplateId: companySt,
    });
    expect((await statementDocument(h.deps, cid, clientId)).html).toContain('COMPANY-ST');
    const c = await buildClient(owner.api, cid, { statementTemplateId: clientSt });
    expect((await statementDocument(h.deps, cid, c)).html).toContain('CLIENT-ST');
    await setCompany(owner.api, cid, { statementTemplateId: null });
  });

  it("never is another company's template, even when an invoice names it", async () => {
    const other = await buildCompany(h);
    const r = await other.owner.api.post(url('invoiceTemplate', other.id), {
      invoiceTemplateName: 'Theirs',
      template: '<p>THEIRS</p>',
    });
    const refused = await owner.api.post(url('invoices'), {
      ...(
        await owner.api.get(url(`invoices/${(await buildInvoice(owner.api, cid, clientId))._id}`))
      ).body,
      invoiceTemplateId: r.body._id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty(['invoiceTemplateId']);
    // Written straight to the database, as a bug or an old row might have it: still not used.
    const inv = await buildInvoice(owner.api, cid, clientId);
    await h.deps.database.db
      .update(invoices)
      .set({ invoiceTemplateId: r.body._id })
      .where(eq(invoices.id, inv._id));
    const html = (await invoiceDocument(h.deps, cid, inv._id)).html;
    expect(html).not.toContain('THEIRS');
    expect(html).toContain(inv.invoiceNumber);
  });
});

describe('a hostile template', () => {
  const HOSTILE =
    '<html><head><meta http-equiv="refresh" content="0;url=javascript:document.write(\'PWNED\')"></head>' +
    '<body onload="document.body.innerHTML=\'PWNED\'"><h1>{{invoice.number}}</h1>' +
    '<script>document.write("PWNED")</script>' +
    '<img src=x onerror="document.body.innerHTML=\'PWNED\'">' +
    '<IMG SRC=x OnErRoR = "document.title=\'PWNED\'">' +
    '<a href="jav&#x61;script:document.write(\'PWNED\')">pay</a>' +
    '<svg><style><img src=x onerror="document.write(\'PWNED\')"></style></svg>' +
    '<iframe srcdoc="<script>parent.document.write(\'PWNED\')</script>"></iframe>' +
    '<p>{{totals.total}}</p></body></html>';

  it('prints a PDF with the figures and no trace of running', async () => {
    const id = await template(HOSTILE);
    const inv = await buildInvoice(owner.api, cid, clientId, { invoiceTemplateId: id });
    const { text } = await download(owner.api, `invoices/${inv._id}/download`);
    expect(text).toContain(inv.invoiceNumber);
    expect(text).toContain(formatMoney(inv.totals.total));
    expect(text).toContain('[script removed]');
    expect(text).not.toContain('PWNED');
  });

  it('runs nothing even in a browser with scripts on', async () => {
    const id = await template(HOSTILE);
    const inv = await buildInvoice(owner.api, cid, clientId, { invoiceTemplateId: id });
    const { html } = await invoiceDocument(h.deps, cid, inv._id);
    const inspector = await startDomInspector();
    try {
      expect(dangers(await inspector.parse(html))).toEqual([]);
      // The unsanitised template would write PWNED here: the check can fail.
      expect(dangers(await inspector.parse(HOSTILE)).length).toBeGreaterThan(3);
    } finally {
      await inspector.close();
    }
    const browser = await chromium.launch({
      executablePath: h.deps.config.chromiumPath,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage();
      await page.route('**/*', (r) => r.abort());
      const shown = async (doc: string) => {
        await page.setContent(doc, { waitUntil: 'load' });
        return page.evaluate(() => `${document.title} ${document.body?.innerHTML ?? ''}`);
      };
      const clean = await shown(html);
      expect(clean).toContain(inv.invoiceNumber);
      expect(clean).not.toContain('PWNED');
      expect(await shown('<body><script>document.write("PWNED")</script></body>')).toContain(
        'PWNED',
      );
    } finally {
      await browser.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCustomerInvoice } from '@fieldbook/core';
import { invoices } from '../../src/db/schema/index.js';
import { formSignature, type PayfastField } from '../../src/platform/payfast.js';
import { PRINTS_PER_USER, TOO_MANY_PRINTS } from '../../src/platform/pdf.js';
import { anonymous, buildCompany, type Loose, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { pdfText } from '../support/pdf-text.js';

const PASS = 'my passphrase';
let h: Harness;
let owner: TestUser;
let companyId: string;
let clientId: string;
let inv: Loose;

const keyOf = async (id: string) =>
  (await h.deps.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!.publicKey;
const view = (c: string, e: string, k: string) => anonymous(h).get(`/api/customer/${c}/${e}/${k}`);
const setCompany = async (body: object) => {
  const r = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Acme Plumbing',
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

beforeAll(async () => {
  h = await startHarness();
  const co = await buildCompany(h);
  owner = co.owner;
  companyId = co.id;
  await setCompany({});
  clientId = await buildClient(owner.api, companyId, {
    name: 'Jane',
    surname: 'Buyer',
    email: 'jane@example.test',
  });
  inv = await buildInvoice(owner.api, companyId, clientId, {
    descriptions: [line({ description: 'Geyser repair', qty: 2, price: 575.5 })],
  });
});
afterAll(() => h.close());

describe('GET /customer/{companyId}/{entityId}/{key}', () => {
  it('shows the invoice to anyone with the link, without a Pay Now when PayFast is not set up', async () => {
    const key = await keyOf(inv._id);
    const r = await view(companyId, clientId, key);
    expect(r.status).toBe(200);
    expect(ZCustomerInvoice.parse(r.body)).toBeTruthy();
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.html).toContain(inv.invoiceNumber);
    expect(r.body.html).toContain('Geyser repair');
    expect(r.body.detail).toEqual({
      paid: false,
      hideInvoiceLabel: false,
      payfast: false,
      invoiceNumber: inv.invoiceNumber,
      isQuote: false,
      companyName: 'Acme Plumbing',
      total: 1151,
      balance: 1151,
      amountDue: 1151,
    });
  });

  it("carries PayFast's form: fields in PayFast's order and the signature with the passphrase", async () => {
    await setCompany({
      payfast: {
        merchantId: '10000100',
        merchantKey: '46f0cd694581a',
        passphrase: PASS,
        sandbox: true,
      },
    });
    const key = await keyOf(inv._id);
    const link = `http://fieldbook.test/view/c/${companyId}/e/${clientId}/i/${key}`;
    const { detail } = (await view(companyId, clientId, key)).body;
    expect(detail.payfast).toBe(true);
    expect(detail.url).toBe('https://sandbox.payfast.co.za/eng/process');
    expect(detail.keys).toEqual([
      { name: 'merchant_id', value: '10000100' },
      { name: 'merchant_key', value: '46f0cd694581a' },
      { name: 'return_url', value: link },
      { name: 'cancel_url', value: link },
      { name: 'notify_url', value: 'http://fieldbook.test/api/payfast/notify' },
      { name: 'name_first', value: 'Jane' },
      { name: 'name_last', value: 'Buyer' },
      { name: 'email_address', value: 'jane@example.test' },
      { name: 'm_payment_id', value: inv._id },
      { name: 'amount', value: '1151.00' },
      { name: 'item_name', value: `Invoice ${inv.invoiceNumber}` },
      { name: 'item_description', value: 'Acme Plumbing' },
      { name: 'custom_str1', value: companyId },
    ]);
    const fields = Object.fromEntries(detail.keys.map((k: Loose) => [k.name, k.value]));
    expect(detail.sec).toBe(formSignature(fields as Record<PayfastField, string>, PASS));
    expect(detail.sec).not.toBe(formSignature(fields as Record<PayfastField, string>, null));

    // Live mode posts to PayFast itself; a configured URL (tests) wins over both.
    await setCompany({
      payfast: { merchantId: '10000100', merchantKey: '46f0cd694581a', sandbox: false },
    });
    expect((await view(companyId, clientId, key)).body.detail.url).toBe(
      'https://www.payfast.co.za/eng/process',
    );
    h.deps.config.payfastUrl = 'http://127.0.0.1:9';
    expect((await view(companyId, clientId, key)).body.detail.url).toBe(
      'http://127.0.0.1:9/eng/process',
    );
    h.deps.config.payfastUrl = null;
  });

  it('offers no Pay Now for a paid invoice or a quote; a quote shows no ribbon; the company may hide it', async () => {
    const paid = await buildInvoice(owner.api, companyId, clientId, {
      paid: true,
      methodPaid: 'EFT',
    });
    const p = (await view(companyId, clientId, await keyOf(paid._id))).body.detail;
    expect(p).toMatchObject({ paid: true, payfast: false, balance: 0 });
    expect(p.keys).toBeUndefined();

    const quote = await buildInvoice(owner.api, companyId, clientId, { isQuote: true });
    const q = (await view(companyId, clientId, await keyOf(quote._id))).body.detail;
    expect(q).toMatchObject({ paid: false, payfast: false, hideInvoiceLabel: true });
    // The page calls it a quote, with the quote's number.
    expect(q.isQuote).toBe(true);
    expect(q.invoiceNumber).toBe(quote.quoteNumber);

    await setCompany({ hideInvoiceLabel: true });
    const i = (await view(companyId, clientId, await keyOf(inv._id))).body.detail;
    expect(i.hideInvoiceLabel).toBe(true);
    await setCompany({ hideInvoiceLabel: false });
  });

  it('names an invoice without its own number by its quote number, as its document does', async () => {
    const made = await buildInvoice(owner.api, companyId, clientId);
    await h.deps.database.db
      .update(invoices)
      .set({ invoiceNumber: null, quoteNumber: 'QUO09999' })
      .where(eq(invoices.id, made._id));
    const r = await view(companyId, clientId, await keyOf(made._id));
    expect(r.status).toBe(200);
    expect(r.body.html).toContain('QUO09999');
    expect(r.body.detail).toMatchObject({ isQuote: false, invoiceNumber: 'QUO09999' });
  });

  it("answers 'Invoice not found' unless company, client and key all match", async () => {
    const key = await keyOf(inv._id);
    const otherClient = await buildClient(owner.api, companyId);
    const other = await buildCompany(h);
    const misses = [
      [companyId, clientId, key.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))],
      [companyId, clientId, key.toUpperCase()],
      [companyId, clientId, inv._id],
      [companyId, otherClient, key],
      [other.id, clientId, key],
      [randomUUID(), clientId, key],
      ['not-a-uuid', clientId, key],
      [companyId, 'x', key],
      [companyId, clientId, 'short'],
    ];
    for (const [c, e, k] of misses) {
      const r = await view(c!, e!, k!);
      expect(r.status, `${c}/${e}/${k}`).toBe(404);
      expect(r.body).toEqual({ error: 'Invoice not found' });
      const d = await anonymous(h).get(`/api/customer/${c}/${e}/${k}/download`);
      expect(d.status).toBe(404);
    }
  });
});

describe('GET /customer/.../download', () => {
  it('is the invoice as a PDF with its number and total', async () => {
    const key = await keyOf(inv._id);
    const r = await anonymous(h).get(`/api/customer/${companyId}/${clientId}/${key}/download`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(String(r.headers['content-disposition'])).toContain(
      `filename="${inv.invoiceNumber}.pdf"`,
    );
    const text = await pdfText(r.body as Buffer);
    expect(text).toContain(inv.invoiceNumber);
    expect(text).toContain('R1,151.00');
  });

  it(`holds at most ${PRINTS_PER_USER} prints of one visitor at once; more answer 429`, async () => {
    const key = await keyOf(inv._id);
    const path = `/api/customer/${companyId}/${clientId}/${key}/download`;
    const all = await Promise.all(
      Array.from({ length: PRINTS_PER_USER + 2 }, () => anonymous(h).get(path)),
    );
    const refused = all.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body.error).toBe(TOO_MANY_PRINTS);
    expect(all.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(PRINTS_PER_USER);
    expect((await anonymous(h).get(path)).status).toBe(200);
  });
});

describe('the public view is rate limited', () => {
  it('refuses a visitor after 60 views a minute', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 62; n++)
      statuses.push((await view(companyId, clientId, 'x'.repeat(64))).status);
    // Earlier tests of this file used part of the minute's allowance.
    expect(statuses[0]).toBe(404);
    expect(statuses.at(-1)).toBe(429);
  });
});

import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEFAULT_TAX } from '@fieldbook/core';
import { invoices } from '../../apps/server/src/db/schema/index.js';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import {
  buildClient,
  buildInvoice,
  line,
} from '../../apps/server/test/support/finance-factories.js';
import {
  startPayfastStandIn,
  type PayfastStandIn,
} from '../../apps/server/test/support/payfast-stand-in.js';
import { pdfText } from '../../apps/server/test/support/pdf-text.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

const PASS = 'fieldbook sandbox';

let e: E2E;
let pf: PayfastStandIn;
let owner: TestUser;
let companyId: string;
let clientId: string;
let invoice: { _id: string; invoiceNumber: string };
let link: string;

beforeAll(async () => {
  e = await startE2E();
  // PayFast's process page and validate endpoint, standing in for sandbox.payfast.co.za.
  pf = await startPayfastStandIn(PASS);
  e.h.deps.config.payfastUrl = pf.url;

  owner = await buildUser(e.h, { username: 'naledi', password: 'payfast password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  const co = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Naledi Electrical',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false, taxNumber: '4123456789' },
    payfast: {
      merchantId: '10000100',
      merchantKey: '46f0cd694581a',
      passphrase: PASS,
      sandbox: true,
    },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  clientId = await buildClient(owner.api, companyId, {
    name: 'Pieter',
    surname: 'van Wyk',
    email: 'pieter@example.test',
  });
  // 2 × 850 + 1 × 300 = 2,000.00; VAT 15 % = 300.00; total 2,300.00.
  invoice = await buildInvoice(owner.api, companyId, clientId, {
    descriptions: [
      line({ description: 'DB board replacement', qty: 2, price: 850 }),
      line({ description: 'Certificate of compliance', qty: 1, price: 300 }),
    ],
  });
  const [row] = await e.h.deps.database.db
    .select({ key: invoices.publicKey })
    .from(invoices)
    .where(eq(invoices.id, invoice._id));
  link = `/view/c/${companyId}/e/${clientId}/i/${row!.key}`;
});
afterAll(async () => {
  await e.close();
  await pf.close();
});

describe("the client opens the invoice's link and pays it with PayFast", () => {
  it('sees UNPAID, downloads the PDF, pays, and comes back to PAID', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-payfast'));
    await page.goto(link);

    const ribbon = page.getByTestId('paid-ribbon');
    await expect.poll(() => ribbon.textContent()).toBe('UNPAID');
    await page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` }).waitFor();
    expect(await page.getByTestId('public-balance').innerText()).toBe('Balance due R2,300.00');
    const card = await page.getByTestId('public-invoice-card').boundingBox();
    expect(card!.width).toBe(820);

    // The invoice itself, in a frame that runs no scripts, as tall as its content.
    const frame = page.frameLocator('iframe[title^="Invoice"]');
    await frame.getByText('DB board replacement').waitFor();
    // Links may open a new tab; never scripts.
    expect(await page.locator('iframe').getAttribute('sandbox')).toBe(
      'allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    // Sized to the content: nothing hidden below, and no page of empty space (a short invoice).
    const bottom = () =>
      frame.locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().bottom));
    await expect
      .poll(async () => (await page.locator('iframe').boundingBox())!.height)
      .toBeLessThan(900);
    const frameHeight = (await page.locator('iframe').boundingBox())!.height;
    expect(await bottom()).toBeLessThanOrEqual(frameHeight);
    expect(await bottom()).toBeGreaterThan(frameHeight - 80);
    await page.getByText('powered by').waitFor();
    await e.shot(page, 'public-invoice-unpaid');

    // The PDF from the public page reads back with the number and the total.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}.pdf`);
    const text = await pdfText(fs.readFileSync((await download.path())!));
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('R2,300.00');

    // Pay Now posts the signed form; the stand-in refuses a form whose signature is wrong.
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL(`${pf.url}/eng/process`);
    expect(await page.getByTestId('pf-amount').innerText()).toBe('R 2300.00');
    await e.shot(page, 'payfast-stand-in');
    await page.getByRole('button', { name: 'Complete payment' }).click();

    // PayFast notified the server (which asked PayFast to confirm) before sending the buyer back.
    await page.waitForURL((u) => u.pathname === link);
    expect(pf.notified).toEqual([200]);
    expect(pf.validated).toHaveLength(1);
    await expect.poll(() => ribbon.textContent()).toBe('PAID');
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await e.shot(page, 'public-invoice-paid');
    await context.close();
  });

  it('the owner sees the invoice paid by PayFast, and the public link works signed in too', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-payfast-owner'));
    await signIn(page, 'naledi', 'payfast password 1');
    await page.goto(`/invoices/${invoice._id}`);
    const paid = page.getByRole('status', { name: 'Paid' });
    await paid.waitFor();
    expect(await paid.innerText()).toContain('R2,300.00');
    expect(await paid.innerText()).toContain('by PayFast');

    await page.goto(link);
    await expect.poll(() => page.getByTestId('paid-ribbon').textContent()).toBe('PAID');
    // On a phone the card takes the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => (await page.getByTestId('public-invoice-card').boundingBox())!.width)
      .toBeLessThanOrEqual(390);
    await e.shot(page, 'public-invoice-phone');
    await context.close();
  });

  it("a quote's link shows a Quote with its total, and nothing to pay", async () => {
    const quote = await buildInvoice(owner.api, companyId, clientId, {
      isQuote: true,
      descriptions: [line({ description: 'Solar inverter', qty: 1, price: 1000 })],
    });
    const [row] = await e.h.deps.database.db
      .select({ key: invoices.publicKey })
      .from(invoices)
      .where(eq(invoices.id, quote._id));
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-public-quote'));
    await page.goto(`/view/c/${companyId}/e/${clientId}/i/${row!.key}`);
    await page.getByRole('heading', { name: `Quote ${quote.quoteNumber}` }).waitFor();
    expect(await page.title()).toMatch(new RegExp(`^Quote ${quote.quoteNumber} `));
    expect(await page.getByTestId('public-balance').innerText()).toBe('Total R1,150.00');
    await page
      .frameLocator(`iframe[title="Quote ${quote.quoteNumber}"]`)
      .getByText('Solar inverter')
      .waitFor();
    expect(await page.getByRole('heading', { name: /^Invoice/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    expect(await page.getByTestId('paid-ribbon').count()).toBe(0);
    await e.shot(page, 'public-quote');
    await context.close();
  });

  it('a wrong key shows Invoice not found', async () => {
    const { page, context } = await e.newPage();
    await page.goto(link.replace(/i\/.*/, `i/${'0'.repeat(64)}`));
    await page.getByRole('heading', { name: 'Invoice not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await e.shot(page, 'public-invoice-not-found');
    await context.close();
  });
});

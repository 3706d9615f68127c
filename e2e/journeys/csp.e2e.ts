import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEFAULT_TAX } from '@fieldbook/core';
import { invoices } from '../../apps/server/src/db/schema/index.js';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient, buildInvoice } from '../../apps/server/test/support/finance-factories.js';
import {
  startPayfastStandIn,
  type PayfastStandIn,
} from '../../apps/server/test/support/payfast-stand-in.js';
import { PNG, signIn, startE2E, type E2E } from '../support/app.js';

/**
 * The Content-Security-Policy (Security 7) lets every main screen work: the
 * app, the map with its tiles, the sandboxed template preview, the PDF viewer,
 * the public invoice and its PayFast form. Any "Refused to ..." from the
 * browser, or a securitypolicyviolation event, fails the journey.
 */

const PASS = 'fieldbook csp';
let e: E2E;
let pf: PayfastStandIn;
let owner: TestUser;
let companyId: string;
let clientId: string;
let invoice: { _id: string; invoiceNumber: string };
let link: string;

beforeAll(async () => {
  e = await startE2E();
  pf = await startPayfastStandIn(PASS);
  e.h.deps.config.payfastUrl = pf.url;
  owner = await buildUser(e.h, { username: 'zodwa', password: 'csp password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  const co = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Zodwa Cleaning',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false },
    payfast: {
      merchantId: '10000100',
      merchantKey: '46f0cd694581a',
      passphrase: PASS,
      sandbox: true,
    },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  const logo = await owner.api.upload(
    `/api/companies/${companyId}/logo`,
    {},
    {
      logo: { data: PNG, filename: 'logo.png', type: 'image/png' },
    },
  );
  expect(logo.status, JSON.stringify(logo.body)).toBe(200);
  clientId = await buildClient(owner.api, companyId, {
    name: 'Sipho',
    surname: 'Dlamini',
    email: 'sipho@example.test',
    googlePosition: { lat: -33.9221, lng: 18.4187 },
    googleZoom: 15,
  });
  invoice = await buildInvoice(owner.api, companyId, clientId);
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

/** A page that records every CSP refusal, in the page and in its frames. */
async function watchedPage() {
  const { page, context } = await e.newPage();
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Refused to|Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (ev) =>
      console.error(
        `Refused to load (securitypolicyviolation) ${ev.violatedDirective} ${ev.blockedURI} at ${ev.sourceFile}:${ev.lineNumber}:${ev.columnNumber} ${ev.sample}`,
      ),
    );
  });
  // No internet in tests: tiles are answered here, so the browser really loads them.
  await context.route('https://tile.openstreetmap.org/**', (r) =>
    r.fulfill({ body: PNG, contentType: 'image/png' }),
  );
  onTestFailed(() => e.shot(page, 'failed-csp'));
  return { page, context, refused };
}

const SENTINEL = 'https://csp-sentinel.invalid/after.png';

/**
 * Asks for an image the policy refuses and waits for that refusal's report;
 * answers the refusals other than it.
 */
async function lastRefusalsIn(page: Page, refused: string[]): Promise<string[]> {
  const reported = page.waitForEvent('console', (m) => m.text().includes(SENTINEL));
  await page.evaluate((src) => {
    new Image().src = src;
  }, SENTINEL);
  await reported;
  return refused.filter((m) => !m.includes(SENTINEL));
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
}

describe('under the Content-Security-Policy', () => {
  it('the landing page, sign-in and the signed-in screens run without a refusal', async () => {
    const { page, context, refused } = await watchedPage();
    const csp = (await page.goto('/'))!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    await signIn(page, 'zodwa', 'csp password 1');
    for (const path of [
      '/',
      '/clients',
      '/invoices',
      '/expenses',
      '/invoiceTemplates',
      `/company/${companyId}`,
    ]) {
      await page.goto(path);
      await settle(page);
    }
    // The workflow designer: React Flow's styles and its diagram.
    await page.goto('/diagram');
    await page.locator('.react-flow__node').first().waitFor();
    // A straight link has no height: present, not "visible" to Playwright.
    await page.locator('.react-flow__edge-path').first().waitFor({ state: 'attached' });
    // The client's map, tiles and marker included.
    await page.goto(`/clients/${clientId}`);
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    // The invoice, and its PDF in the viewer (a blob: URL in an <object>).
    await page.goto(`/invoices/${invoice._id}`);
    await page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` }).waitFor();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    await viewer.locator('object[type="application/pdf"]').waitFor({ timeout: 30_000 });
    // A refusal is reported after the load it refused: a refusal made on purpose
    // now is reported after any the viewer caused, so once it is in, none is late.
    expect(await lastRefusalsIn(page, refused)).toEqual([]);
    await context.close();
  });

  it('the template editor shows its sandboxed preview with the logo', async () => {
    const { page, context, refused } = await watchedPage();
    await signIn(page, 'zodwa', 'csp password 1');
    await page.goto('/invoiceTemplates');
    await page.getByRole('link', { name: 'Tax Invoice', exact: true }).click();
    const frame = page.frameLocator('iframe[title="Template preview"]');
    await frame.getByRole('heading', { name: 'Tax Invoice' }).waitFor({ timeout: 30_000 });
    await settle(page);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('the public invoice shows, and its Pay Now form posts to PayFast', async () => {
    const { page, context, refused } = await watchedPage();
    await page.goto(link);
    await page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` }).waitFor();
    await page.locator('iframe').first().waitFor();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL((u) => u.href.startsWith(pf.url));
    expect(refused).toEqual([]);
    await context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { currentPeriod, periodLabel, todayIn } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient, buildInvoice } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
let owner: TestUser;
let companyId: string;
let clientId: string;
let invoiceId: string;
let expenseId: string;
const PASSWORD = 'navigation password 1';

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'sipho', password: PASSWORD });
  companyId = (await buildCompany(e.h, owner)).id;
  clientId = await buildClient(owner.api, companyId, {
    name: 'Naledi',
    surname: 'Dube',
    address: 'Long Street, Cape Town',
    googlePosition: { lat: -33.9221, lng: 18.4187 },
    googleZoom: 15,
  });
  invoiceId = (await buildInvoice(owner.api, companyId, clientId))._id as string;
  const expense = await owner.api.upload(
    `/api/companies/${companyId}/expenses`,
    {
      data: JSON.stringify({
        expenseDate: todayIn('Africa/Johannesburg'),
        to: 'Hardware Centre',
        description: 'Ladder and paint',
        price: 250,
        paid: false,
      }),
    },
    {},
  );
  expect(expense.status, JSON.stringify(expense.body)).toBe(200);
  expenseId = expense.body._id as string;
});
afterAll(() => e.close());

/**
 * What went wrong in the page: uncaught errors, console errors and the router's
 * warnings (such as "No `HydrateFallback` element provided"). There is no
 * internet in tests, so failed map tiles are not counted.
 */
function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' && !/Failed to load resource/.test(text))
      problems.push(`console.error: ${text}`);
    if (msg.type() === 'warning' && /HydrateFallback|React Router/i.test(text))
      problems.push(`console.warn: ${text}`);
  });
  return problems;
}

/** The screen is up and not the error page. */
async function noCrash(page: Page) {
  expect(await page.getByText('Something went wrong').count()).toBe(0);
}

async function tab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected'))
    .toBe('true');
}

describe('a user moving around as people do', () => {
  it('switches a client between Details and Account, reloads, opens it by URL and goes back', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-navigation-client'));
    const problems = watchProblems(page);
    await signIn(page, 'sipho', PASSWORD);

    await page.goto('/clients');
    await page.getByText('Naledi', { exact: false }).first().click();
    await page.waitForURL(`**/clients/${clientId}`);
    await page.locator('.leaflet-marker-icon').waitFor();
    // Back and forth: the map survives each return to Details.
    for (let i = 0; i < 3; i++) {
      await tab(page, 'Account');
      await page.getByRole('button', { name: 'Download statement' }).waitFor();
      await tab(page, 'Details');
      await page.locator('.leaflet-marker-icon').waitFor();
      await noCrash(page);
    }
    // Reload on the Account tab, then Details.
    await tab(page, 'Account');
    await page.reload();
    await page.getByRole('button', { name: 'Download statement' }).waitFor();
    await tab(page, 'Details');
    await page.locator('.leaflet-marker-icon').waitFor();
    // Straight to the URL of each tab.
    await page.goto(`/clients/${clientId}?tab=account`);
    await page.getByRole('button', { name: 'Download statement' }).waitFor();
    await tab(page, 'Details');
    await page.locator('.leaflet-marker-icon').waitFor();
    // Back to the list, back to the client, forward and back again.
    await page.goto('/clients');
    await page.getByText('Naledi', { exact: false }).first().waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === `/clients/${clientId}`);
    await page.locator('.leaflet-marker-icon').waitFor();
    await page.goForward();
    await page.waitForURL((u) => u.pathname === '/clients');
    await page.goBack();
    await page.locator('.leaflet-marker-icon').waitFor();
    await tab(page, 'Account');
    await page.getByRole('button', { name: 'Download statement' }).waitFor();
    await noCrash(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens invoices, expenses and company settings by URL, reloads them and goes back', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-navigation-screens'));
    const problems = watchProblems(page);
    await signIn(page, 'sipho', PASSWORD);

    const screens: [string, (p: Page) => Promise<unknown>][] = [
      ['/invoices', (p) => p.getByRole('link', { name: 'New Invoice' }).waitFor()],
      [`/invoices/${invoiceId}`, (p) => p.getByTestId('totals-total').waitFor()],
      ['/expenses', (p) => p.getByText('Ladder and paint').waitFor()],
      [`/expenses/${expenseId}`, (p) => p.getByText('Hardware Centre').first().waitFor()],
      [`/company/${companyId}`, (p) => p.getByRole('tab', { name: 'General' }).waitFor()],
      [`/clients/${clientId}?tab=account`, (p) => p.getByText('Download statement').waitFor()],
    ];
    for (const [url, ready] of screens) {
      await page.goto(url);
      await ready(page);
      await page.reload();
      await ready(page);
      await noCrash(page);
    }

    // Company settings: through every tab and back, reloading on one.
    await page.goto(`/company/${companyId}`);
    for (const name of ['Tax', 'E-mail server', 'Documents', 'Payments', 'Users', 'Groups']) {
      await tab(page, name);
      await noCrash(page);
    }
    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Groups' }).getAttribute('aria-selected'))
      .toBe('true');
    await tab(page, 'General');
    await page.getByLabel('Company name', { exact: false }).first().waitFor();

    // The period filter keeps today in view when its unit changes.
    const label = page.getByTestId('period-label');
    const unit = (name: string) => page.locator('label', { hasText: new RegExp(`^${name}$`) });
    const today = todayIn('Africa/Johannesburg');
    const thisMonth = periodLabel(currentPeriod(0, 'Africa/Johannesburg'));
    await page.goto('/expenses');
    await expect.poll(() => label.innerText()).toBe(thisMonth);
    await unit('Day').click();
    await expect.poll(() => label.innerText()).toBe(today);
    await unit('Year').click();
    await unit('Month').click();
    await expect.poll(() => label.innerText()).toBe(thisMonth);

    // From the list into an invoice and back; from the list into an expense and back.
    await page.goto('/invoices');
    await page.getByRole('link', { name: 'New Invoice' }).waitFor();
    await page.goto(`/invoices/${invoiceId}`);
    await page.getByTestId('totals-total').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'New Invoice' }).waitFor();
    await page.goForward();
    await page.getByTestId('totals-total').waitFor();
    await page.goto('/expenses');
    await page.getByText('Ladder and paint').click();
    await page.waitForURL(`**/expenses/${expenseId}`);
    await page.goBack();
    await page.getByText('Ladder and paint').waitFor();
    await noCrash(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads a saved invoice as text, confirms a save in the page and a delete afterwards', async () => {
    // Dated today: the list it is opened from shows the current month.
    const day = todayIn('Africa/Johannesburg');
    const inv = await buildInvoice(owner.api, companyId, clientId, {
      invoiceDate: day,
      dueDate: day,
      discount: { hasDiscount: true, discountType: 'Percentage', discountValue: 5 },
      notes: 'Gate code 1234',
    });
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-navigation-invoice'));
    await signIn(page, 'sipho', PASSWORD);
    await page.goto(`/invoices/${inv._id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();

    // View mode: the dates, the discount and the notes are text, not inputs.
    const field = (name: string) => page.getByRole('group', { name, exact: true });
    expect(await field('Invoice date').innerText()).toContain(day);
    expect(await field('Due date').innerText()).toContain(day);
    expect(await field('Discount').innerText()).toContain('5%');
    expect(await field('Notes').innerText()).toContain('Gate code 1234');
    for (const name of ['Invoice date', 'Due date', 'Notes', 'Discount %'])
      expect(await page.getByRole('textbox', { name }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Discount' }).count()).toBe(0);
    await e.shot(page, 'invoice-view');

    // Edit: the switch says what the invoice has.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await page.getByRole('switch', { name: 'Discount' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Due date' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // 'Invoice saved' sits in the page, clear of the Balance row.
    const note = page.getByRole('status').filter({ hasText: 'Invoice saved' });
    await note.waitFor();
    const a = (await note.boundingBox())!;
    const b = (await page.getByTestId('totals-balance').boundingBox())!;
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);

    // Back with unsaved edits asks first and stays; No leaves without saving.
    await page.goto('/invoices');
    await page.getByText(inv.invoiceNumber).first().click();
    await page.waitForURL(`**/invoices/${inv._id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Notes').fill('Changed my mind');
    await page.goBack();
    await page.getByText('Do you want to save the changes?').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/invoices/${inv._id}`);
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await page.waitForURL((u) => u.pathname === '/invoices');
    const kept = await owner.api.get(`/api/companies/${companyId}/invoices/${inv._id}`);
    expect(kept.body.notes).toBe('Gate code 1234');
    await page.goForward();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();

    // Delete: asked first, then confirmed on the list.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((u) => u.pathname === '/invoices');
    await page.getByText(`Invoice ${inv.invoiceNumber} deleted`).waitFor();
    expect((await owner.api.get(`/api/companies/${companyId}/invoices/${inv._id}`)).status).toBe(
      404,
    );
  });
});

describe('the expense form', () => {
  it("checks with core's save contract before sending anything", async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-navigation-expense'));
    await signIn(page, 'sipho', PASSWORD);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/expenses')) posts++;
    });
    await page.goto('/expenses/new');
    await page.getByLabel('Description').fill('x'.repeat(1001));
    await page.getByLabel('Purchase Amount').fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    // The contract's limit (1,000 characters), in the browser, named by the field's label.
    await page.getByText('Description Too big', { exact: false }).waitFor();
    await page.getByLabel('Description').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Description is required').waitFor();
    expect(posts).toBe(0);
  });
});

describe('a visitor on the landing page', () => {
  /** The entry's JS and its static imports, from the build manifest. */
  function entryScripts(): Set<string> {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(e.webDist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    Object.keys(manifest)
      .filter((k) => manifest[k]!.isEntry)
      .forEach(visit);
    return files;
  }

  it('downloads the first screen, and the service worker precaches only that', async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-navigation-landing'));
    const problems = watchProblems(page);
    const scripts = new Set<string>();
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/assets/') && p.endsWith('.js')) scripts.add(p.slice(1));
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      return urls;
    });
    const cachedScripts = cached
      .map((u) => new URL(u).pathname.slice(1))
      .filter((p) => p.startsWith('assets/') && p.endsWith('.js'));
    const entry = entryScripts();
    // Before: every screen's code (about 150 files) was precached on the first visit.
    expect(cachedScripts.length).toBeGreaterThan(0);
    for (const file of cachedScripts) expect(entry).toContain(file);
    // The page itself loaded no signed-in screen.
    const signedIn = [...scripts].filter((f) =>
      /(signed-in|dashboard|invoice|client|expense|company|people)/.test(f),
    );
    expect(signedIn).toEqual([]);
    expect(problems).toEqual([]);
  });
});

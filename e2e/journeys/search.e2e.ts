import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import {
  buildCompany,
  buildUser,
  type Loose,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient, buildInvoice } from '../../apps/server/test/support/finance-factories.js';
import { buildJob, buildType } from '../../apps/server/test/support/jobs-helpers.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings } from '../support/axe.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';

/**
 * The top bar's global search: typing opens grouped results, arrow keys and
 * Enter open one, Escape closes; on a phone a tap opens one. The text still
 * narrows the list screens as before. Screenshots: .tmp/screenshots/search-*.png.
 */

const PASSWORD = 'search password 1';
let e: E2E;
let owner: TestUser;
let cid: string;
let invoice: Loose;
let other: Loose;
let job: Loose;
let client: string;

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { password: PASSWORD });
  cid = (await buildCompany(e.h, owner)).id;
  client = await buildClient(owner.api, cid, { name: 'Thandi', surname: 'Naidoo' });
  const today = new Date().toISOString().slice(0, 10);
  invoice = await buildInvoice(owner.api, cid, client, { invoiceDate: today, dueDate: today });
  const ann = await buildClient(owner.api, cid, { name: 'Ann', surname: 'Botha' });
  other = await buildInvoice(owner.api, cid, ann, { invoiceDate: today, dueDate: today });
  await buildInvoice(owner.api, cid, client, { isQuote: true });
  // The job found is of a second type: it opens over that type's board, not the first one's.
  await buildJob(owner.api, cid, { faultDescription: 'Blocked drain' });
  const second = await buildType(owner.api, cid);
  job = await buildJob(owner.api, cid, {
    appointmentTypeId: second._id,
    status: 'New',
    entityId: client,
    faultDescription: 'Geyser leaking in the roof, burst valve',
  });
});
afterAll(() => e.close());

const box = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const results = (page: Page) => page.getByRole('listbox');

/** Types into the top bar's box and waits for a result of that text (not of an earlier one). */
async function typeAndWait(page: Page, text: string, option: string | RegExp) {
  await box(page).fill(text);
  await results(page).getByRole('option', { name: option, disabled: false }).first().waitFor();
}

describe('the global search', () => {
  it('finds an invoice by number and a job by its fault, and opens them with the keyboard', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => e.shot(page, 'failed-search-desktop'));
    await signIn(page, owner.username, PASSWORD);

    // By the client's name: every group that matches, under its heading.
    await typeAndWait(page, 'naidoo', 'Thandi Naidoo');
    for (const heading of ['Clients', 'Invoices', 'Quotes', 'Jobs'])
      await results(page).getByText(heading, { exact: true }).waitFor();
    expect(await results(page).getByText('Suppliers', { exact: true }).count()).toBe(0);
    await e.shot(page, 'search-desktop');
    // The open dropdown is a listbox of options the box controls: nothing serious for axe.
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    // An invoice by its number: down to it, Enter opens its page.
    await typeAndWait(page, String(invoice.invoiceNumber).toLowerCase(), invoice.invoiceNumber);
    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await page.waitForURL((u) => u.pathname === `/invoices/${invoice._id}`);
    expect(await box(page).inputValue()).toBe('');
    await expect.poll(() => results(page).count()).toBe(0);

    // A job by words of its fault: Enter opens its modal on the board.
    await typeAndWait(page, 'burst valve', job.appointmentNumber);
    await e.shot(page, 'search-desktop-job');
    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await page.waitForURL(
      (u) =>
        u.pathname === '/statuses' &&
        u.searchParams.get('job') === job._id &&
        u.searchParams.get('types') === job.appointmentTypeId,
    );
    await page.getByRole('dialog').waitFor();
    await e.shot(page, 'search-desktop-job-open');
    await page.keyboard.press('Escape');

    // Nothing matches: said so; Escape closes the dropdown and keeps the text.
    await box(page).fill('zzqx nothing');
    await results(page).getByText('No results').waitFor();
    await box(page).press('Escape');
    await expect.poll(() => results(page).count()).toBe(0);
    expect(await box(page).inputValue()).toBe('zzqx nothing');
  });

  it('still narrows the invoices list by the text, as before', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => e.shot(page, 'failed-search-list'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto('/invoices');
    await page.getByRole('row').filter({ hasText: other.invoiceNumber }).waitFor();
    await typeAndWait(page, 'naidoo', 'Thandi Naidoo');
    await box(page).press('Escape');
    await page.getByRole('row').filter({ hasText: invoice.invoiceNumber }).waitFor();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: other.invoiceNumber }).count())
      .toBe(0);
    expect(page.url()).toMatch(/\/invoices$/);
  });

  it('works on a phone: the results fit the screen and a tap opens one', async () => {
    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => e.shot(page, 'failed-search-phone'));
    await signIn(page, owner.username, PASSWORD);
    await typeAndWait(page, 'naidoo', 'Thandi Naidoo');
    const list = await results(page).boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(390.5);
    expect(await sidewaysOverflow(page)).toBe(0);
    await e.shot(page, 'search-phone');
    await results(page)
      .getByRole('option', { name: /Thandi Naidoo/ })
      .first()
      .tap();
    await page.waitForURL((u) => u.pathname === `/clients/${client}`);

    // And with the keyboard on a phone, a job by its fault.
    await typeAndWait(page, 'leaking', job.appointmentNumber);
    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await page.waitForURL((u) => u.searchParams.get('job') === job._id);
    await page.getByRole('dialog').waitFor();
    await e.shot(page, 'search-phone-job-open');
  });
});

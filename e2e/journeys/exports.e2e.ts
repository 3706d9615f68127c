import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { EXPORT_MSG, SAGE_INVOICE_COLUMNS, todayIn, vatTax } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';

/**
 * A bookkeeper at month end (docs/exports.md): downloads the month for the
 * accounting package, once just downloading and once resolving everything,
 * processes the unpaid invoices as paid, and exports the expenses.
 */

const PASSWORD = 'exports password 1';
let e: E2E;
let owner: TestUser;
let cid: string;
const today = todayIn('Africa/Johannesburg');

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { password: PASSWORD });
  cid = (await buildCompany(e.h, owner)).id;
  const api = owner.api;
  const account = await api.post(`/api/companies/${cid}/accounts`, {
    name: 'Call-outs',
    account: '1100',
  });
  expect(account.status).toBe(200);
  const client = await api.post(`/api/companies/${cid}/entities`, {
    name: 'Lindiwe',
    surname: 'Dube',
  });
  expect(client.status).toBe(200);
  for (const price of [100, 250]) {
    const r = await api.post(`/api/companies/${cid}/invoices`, {
      invoiceDate: today,
      dueDate: today,
      entityId: client.body._id,
      tax: vatTax({ tV: 15 }),
      descriptions: [{ description: 'Call-out', qty: 1, price, ledgerAccountId: account.body._id }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const x = await api.upload(
    `/api/companies/${cid}/expenses`,
    {
      data: JSON.stringify({
        expenseDate: today,
        to: 'Fuel Stop',
        description: 'Diesel',
        price: 80,
      }),
    },
    {},
  );
  expect(x.status, JSON.stringify(x.body)).toBe(200);
}, 240_000);
afterAll(() => e?.close());

/** Clicks and answers the downloaded file's text. */
async function downloadBy(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    click(),
  ]);
  return {
    name: download.suggestedFilename(),
    text: fs.readFileSync((await download.path())!, 'utf8'),
  };
}

/** Waits until the open dialog has finished fading in, so a screenshot shows it. */
async function settledDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expect
    .poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity), { timeout: 20_000 })
    .toBe('1');
}

async function chooseSage(page: Page) {
  await page.getByRole('button', { name: 'Accounting csv' }).click();
  await page.getByRole('menuitem', { name: 'Sage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sage csv' });
  await dialog.getByText(EXPORT_MSG.confirmResolve).waitFor();
  await dialog.getByText(EXPORT_MSG.explainResolve).waitFor();
}

describe('accounting-package exports', () => {
  it('Sage: Just download, then Resolve all shows the badges; Process pays the month', async () => {
    const { page, context } = await newSizedPage(e, 'desktop');
    onTestFailed(() => e.shot(page, 'failed-exports'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto('/invoices');
    await page.getByText('Lindiwe Dube').first().waitFor({ timeout: 30_000 });

    await chooseSage(page);
    const plain = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Just download' }).click(),
    );
    expect(plain.name).toMatch(/^invoices-sage-.*\.csv$/);
    const lines = plain.text
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(SAGE_INVOICE_COLUMNS.join(','));
    expect(lines.slice(1).sort()).toEqual(
      [
        expect.stringMatching(/,Lindiwe Dube,.*,1100,Call-out,100\.00,Standard,15\.00,115\.00$/),
        expect.stringMatching(/,Lindiwe Dube,.*,1100,Call-out,250\.00,Standard,37\.50,287\.50$/),
      ].sort(),
    );
    expect(await page.getByText('Resolved', { exact: true }).count()).toBe(0);

    await chooseSage(page);
    await downloadBy(page, () => page.getByRole('button', { name: 'Resolve all' }).click());
    await expect
      .poll(() => page.getByText('Resolved', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);

    const xero = await downloadBy(page, async () => {
      await page.getByRole('button', { name: 'Accounting csv' }).click();
      await page.getByRole('menuitem', { name: 'Xero', exact: true }).click();
    });
    expect(xero.text).toContain('ContactName,EmailAddress');
    expect(xero.text).toContain(',ZAR,');
    // Xero takes credit notes in a file of their own (docs/exports.md, "Credit notes").
    const notes = await downloadBy(page, async () => {
      await page.getByRole('button', { name: 'Accounting csv' }).click();
      await page.getByRole('menuitem', { name: 'Xero credit notes' }).click();
    });
    expect(notes.text).toContain('CreditNoteNumber,Reference,CreditNoteDate');

    await page.getByRole('button', { name: 'Process' }).click();
    await page.getByText(EXPORT_MSG.confirmProcess).waitFor();
    await settledDialog(page);
    await e.shot(page, 'exports-process-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Process' }).click();
    await page.getByText('2 invoices were marked as paid').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByText('paid', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    await e.shot(page, 'exports-invoices-desktop');

    await page.goto('/expenses');
    await page.getByText('Diesel').first().waitFor({ timeout: 30_000 });
    const expenses = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Export csv' }).click(),
    );
    expect(expenses.name).toMatch(/^expenses-.*\.csv$/);
    expect(expenses.text).toMatch(
      /PI,,\d\d\/\d\d\/\d{4},Fuel Stop,[^,]*,[^,]*,Diesel,80\.00,Zero,0\.00,80\.00/,
    );
    await context.close();
  });

  it('fits the invoices list with the new buttons on a phone', async () => {
    const { page, context } = await newSizedPage(e, 'phone');
    onTestFailed(() => e.shot(page, 'failed-exports-phone'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto('/invoices');
    await page.getByRole('button', { name: 'Accounting csv' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Process' }).waitFor();
    await page.getByText('Resolved', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await e.shot(page, 'exports-invoices-phone');
    await chooseSage(page);
    await settledDialog(page);
    await e.shot(page, 'exports-sage-confirm-phone');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});

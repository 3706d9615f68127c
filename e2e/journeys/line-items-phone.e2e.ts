import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEFAULT_TAX } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow, type Size } from '../support/viewport.js';
import { screenshot } from '../support/screenshot.js';

/** The line items of the invoice and recurring editors on a phone: one card per line (issue 19 C5). */
const PASSWORD = 'line items password 1';
let e: E2E;
let owner: TestUser;
let cid: string;

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { password: PASSWORD });
  cid = (await buildCompany(e.h, owner)).id;
  // VAT 15 % exclusive.
  const co = await owner.api.post(`/api/companies/${cid}`, {
    companyName: 'Thandi Plumbing',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  await buildClient(owner.api, cid, { name: 'Lerato', surname: 'Mokoena' });
});
afterAll(() => e?.close());

async function openPage(size: Size) {
  const { page } = await newSizedPage(e, size);
  onTestFailed(() => e.shot(page, `failed-line-items-${size}`));
  await signIn(page, owner.username, PASSWORD);
  return page;
}

async function pickClient(page: Page, scope: Page | Locator) {
  await scope.getByRole('button', { name: 'Select client' }).click();
  const pick = page.getByRole('dialog', { name: 'Select a client' });
  await pick.getByLabel('Search clients').fill('lerato');
  await pick.getByRole('button', { name: /Lerato Mokoena/ }).click();
  await pick.waitFor({ state: 'hidden' });
}

async function addLine(scope: Page | Locator, description: string, price: string) {
  await scope.getByLabel('Description', { exact: true }).fill(description);
  await scope.getByLabel('Price', { exact: true }).fill(price);
  await scope.getByRole('button', { name: 'Add', exact: true }).click();
  await scope
    .getByRole('textbox', { name: /^Description of line / })
    .last()
    .waitFor();
}

/** Each line's inputs are wide enough to use, inside the screen, and nothing scrolls sideways. */
async function expectUsableCards(page: Page, scope: Page | Locator, lines: number) {
  expect(await scope.getByTestId('line-card').count()).toBe(lines);
  expect(await scope.getByRole('table', { name: 'Line items' }).count()).toBe(0);
  const width = page.viewportSize()!.width;
  for (let i = 1; i <= lines; i++) {
    for (const name of [`Qty of line ${i}`, `Price of line ${i}`, `Description of line ${i}`]) {
      const box = (await scope.getByRole('textbox', { name, exact: true }).boundingBox())!;
      expect(box.width, name).toBeGreaterThanOrEqual(70);
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(width);
    }
    const remove = (await scope.getByRole('button', { name: `Remove line ${i}` }).boundingBox())!;
    expect(Math.min(remove.width, remove.height)).toBeGreaterThanOrEqual(44);
  }
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

const amounts = (scope: Page | Locator) => scope.getByTestId('line-amount').allInnerTexts();
const total = (scope: Page | Locator, which: string) =>
  scope.getByTestId(`totals-${which}`).innerText();

describe('line items on a phone (390 x 844)', () => {
  it('the invoice editor: one card per line to add, edit and remove, then save; a table on a desktop', async () => {
    const page = await openPage('phone');
    await page.goto('/invoices/new');
    await pickClient(page, page);
    await addLine(page, 'Service call', '450');
    await addLine(page, 'Travel', '120');
    await addLine(page, 'Parts', '50');
    await expectUsableCards(page, page, 3);

    // Edit in the cards: 2 x 450 and Travel at 150; the Parts line removed.
    await page.getByRole('textbox', { name: 'Qty of line 1', exact: true }).fill('2');
    await page.getByRole('textbox', { name: 'Price of line 2', exact: true }).fill('150');
    await page.getByRole('button', { name: 'Remove line 3' }).click();
    await expect.poll(() => page.getByTestId('line-card').count()).toBe(2);
    expect(await amounts(page)).toEqual(['R900.00', 'R150.00']);
    // 1,050.00 with VAT 157.50: the totals of core, as on a desktop.
    expect(await total(page, 'subtotal')).toBe('R1,050.00');
    expect(await total(page, 'tax1')).toBe('R157.50');
    expect(await total(page, 'total')).toBe('R1,207.50');
    await expectUsableCards(page, page, 2);
    await page.getByTestId('line-card').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'line-items-invoice-phone', { fullPage: false });
    await e.shot(page, 'line-items-invoice-phone-full');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Invoice saved').first().waitFor();
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const saved = await owner.api.get(`/api/companies/${cid}/invoices/${id}`);
    expect(saved.body).toMatchObject({
      descriptions: [
        { description: 'Service call', qty: 2, price: 450 },
        { description: 'Travel', qty: 1, price: 150 },
      ],
      totals: { subtotal: 1050, tax1: 157.5, total: 1207.5 },
    });
    expect((saved.body as { descriptions: unknown[] }).descriptions).toHaveLength(2);

    // On a desktop the same invoice edits in the table.
    const desk = await openPage('desktop');
    await desk.goto(`/invoices/${id}`);
    await desk.getByRole('button', { name: 'Edit', exact: true }).click();
    await desk.getByRole('table', { name: 'Line items' }).waitFor();
    expect(await desk.getByTestId('line-card').count()).toBe(0);
    expect(await desk.getByLabel('Qty of line 1').inputValue()).toBe('2');
    await e.shot(desk, 'line-items-invoice-desktop');
  });

  it('the recurring editor: one card per line to add, edit and remove, then save; a table on a desktop', async () => {
    const page = await openPage('phone');
    await page.goto('/recurring');
    await page.getByRole('button', { name: 'New' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New recurring invoice' });
    await dialog.waitFor();
    await pickClient(page, dialog);
    await addLine(dialog, 'Chair rental', '1500');
    await addLine(dialog, 'Towels', '80');
    await expectUsableCards(page, dialog, 2);
    await dialog.getByRole('textbox', { name: 'Price of line 1', exact: true }).fill('1600');
    await dialog.getByRole('textbox', { name: 'Qty of line 2', exact: true }).fill('3');
    expect(await amounts(dialog)).toEqual(['R1,600.00', 'R240.00']);
    await dialog.getByRole('button', { name: 'Remove line 2' }).click();
    await expect.poll(() => dialog.getByTestId('line-card').count()).toBe(1);
    expect(await total(dialog, 'total')).toBe('R1,840.00');
    await expectUsableCards(page, dialog, 1);
    await dialog.getByTestId('line-card').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'line-items-recurring-phone', { fullPage: false });

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await page.waitForURL((u) => /^[0-9a-f-]{36}$/.test(u.searchParams.get('id') ?? ''));
    const id = new URL(page.url()).searchParams.get('id')!;
    const saved = await owner.api.get(`/api/companies/${cid}/recurring/invoices/${id}`);
    expect(saved.status).toBe(200);
    expect((saved.body as { descriptions: unknown[] }).descriptions).toEqual([
      expect.objectContaining({ description: 'Chair rental', qty: 1, price: 1600 }),
    ]);

    const desk = await openPage('desktop');
    await desk.goto(`/recurring?id=${id}`);
    const edit = desk.getByRole('dialog', { name: 'Edit recurring invoice' });
    await edit.getByRole('table', { name: 'Line items' }).waitFor();
    expect(await edit.getByTestId('line-card').count()).toBe(0);
    expect(await edit.getByLabel('Price of line 1').inputValue()).toBe('1600');
    await e.shot(desk, 'line-items-recurring-desktop');
  });
});

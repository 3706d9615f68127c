import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { todayIn } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { PNG, signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
let owner: TestUser;
let cid: string;
beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { password: 'expenses password 1' });
  cid = (await buildCompany(e.h, owner)).id;
});
afterAll(() => e.close());

/** The amount in one of the list's boxes (Paid, Outstanding). */
const box = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

describe('an owner keeping expenses', () => {
  it('records one with a photo, a comma amount and a warranty, pays it, and deletes another', async () => {
    // Another expense, paid, in this month: the one deleted at the end.
    const today = todayIn('Africa/Johannesburg');
    const other = await owner.api.upload(
      `/api/companies/${cid}/expenses`,
      {
        data: JSON.stringify({
          expenseDate: today,
          to: 'Fuel Stop',
          description: 'Diesel for the bakkie',
          price: 100,
          paid: true,
          methodPaid: 'Card',
        }),
      },
      {},
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);

    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-expenses'));
    await signIn(page, owner.username, 'expenses password 1');
    await page.goto('/expenses');
    await page.getByRole('link', { name: 'New' }).click();
    await page.waitForURL((u) => u.pathname === '/expenses/new');

    // A new expense starts in edit, dated today.
    expect(await page.getByLabel('Expense Date').inputValue()).toBe(today);
    await page.getByLabel('To', { exact: true }).fill('Hardware Centre');
    await page.getByLabel('Description').fill('Ladder and paint');
    await page.getByLabel('Purchase Amount').fill('twelve');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be an amount').waitFor();
    // The server's refusal is shown in red and the form stays in edit.
    await page.getByLabel('Purchase Amount').fill('9999999999999');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText('Purchase Amount is too large').waitFor();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.getByLabel('Purchase Amount').fill('1234,50');
    await page.getByRole('switch', { name: 'Has Warranty' }).check();
    await page.getByLabel('Warranty date').fill('2027-06-30');
    await page.keyboard.press('Escape');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Expense photo' }).waitFor();
    await e.shot(page, 'expense-form');
    await page.getByRole('button', { name: 'Save' }).click();

    // Saved: the view of the new expense, with its photo from the server.
    await page.waitForURL((u) => /^\/expenses\/[0-9a-f-]{36}$/.test(u.pathname));
    await page.getByText('Valid until 2027-06-30').waitFor();
    await page.getByText('R1,234.50').first().waitFor();
    expect(await page.getByRole('img', { name: 'Expense photo' }).getAttribute('src')).toMatch(
      /^\/api\/images\/[0-9a-f-]{36}$/,
    );
    await e.shot(page, 'expense-view');
    const savedId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await owner.api.get(`/api/companies/${cid}/expenses/${savedId}`);
    expect(saved.body).toMatchObject({
      price: 1234.5,
      paid: false,
      hasWarranty: true,
      warrantyValidDate: '2027-06-30',
      to: 'Hardware Centre',
    });

    // The list: under Un-Paid, and in the Outstanding box.
    await page.getByRole('link', { name: 'Expenses' }).first().click();
    await page.waitForURL((u) => u.pathname === '/expenses');
    await page.getByRole('tab', { name: /Un-Paid/ }).click();
    const table = page.getByRole('table', { name: 'Expenses' });
    await table.getByText('Ladder and paint').waitFor();
    expect(await table.getByText('Diesel for the bakkie').count()).toBe(0);
    await box(page, 'Outstanding').getByText('R1,234.50').waitFor();
    await box(page, 'Paid').getByText('R100.00').waitFor();
    await e.shot(page, 'expenses-list');

    // Edit it to paid.
    await table.getByText('Ladder and paint').click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('switch', { name: 'Paid' }).check();
    await page.getByRole('combobox', { name: 'Payment Method' }).click();
    await page.getByRole('option', { name: 'EFT' }).click();
    // Leaving with the edit unsaved asks first; Save saves and leaves.
    await page.getByRole('main').getByRole('link', { name: 'Expenses', exact: true }).click();
    const ask = page.getByRole('dialog');
    await ask.getByText('Do you want to save the changes?').waitFor();
    await ask.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/expenses');
    expect((await owner.api.get(`/api/companies/${cid}/expenses/${savedId}`)).body).toMatchObject({
      paid: true,
      methodPaid: 'EFT',
    });
    await box(page, 'Outstanding').getByText('R0.00').waitFor();
    await box(page, 'Paid').getByText('R1,334.50').waitFor();

    // Delete the other one: offered in edit mode only, after the question.
    await page.getByRole('table', { name: 'Expenses' }).getByText('Diesel for the bakkie').click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this expense?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((u) => u.pathname === '/expenses');
    await page.getByRole('table', { name: 'Expenses' }).getByText('Ladder and paint').waitFor();
    await expect.poll(() => page.getByText('Diesel for the bakkie').count()).toBe(0);
    const gone = await owner.api.get(`/api/companies/${cid}/expenses/${other.body._id}`);
    expect(gone.status).toBe(404);
    await context.close();
  });
});

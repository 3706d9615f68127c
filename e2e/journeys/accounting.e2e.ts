import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import {
  currentPeriod,
  formatMoney,
  monthHeading,
  periodLabel,
  shiftPeriod,
} from '@fieldbook/core';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import {
  buildClient,
  buildInvoice,
  line,
} from '../../apps/server/test/support/finance-factories.js';
import { pdfText } from '../../apps/server/test/support/pdf-text.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';

/**
 * The owner's accounting: invoices and an expense in the first two months of
 * the financial year, seen per month on /accounting; an account added, an
 * item moved to it from a cell and back when the account is deleted; the
 * profit and loss PDF read back; the period kept by reload and Back; the
 * account pickers of the expense form and the invoice lines.
 */

const PASSWORD = 'accounting password 1';
const TZ = 'Africa/Johannesburg';
let e: E2E;
let owner: TestUser;
let cid: string;
let invoiceA: { _id: string };
let expenseId: string;
const fy = currentPeriod(1, TZ);
const year = fy.from.slice(0, 4);
const m1 = `${year}-03`;
const m2 = `${year}-04`;

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { password: PASSWORD });
  cid = (await buildCompany(e.h, owner)).id;
  const client = await buildClient(owner.api, cid, { name: 'Thandi' });
  // Untaxed lines: an item's amount is then its price (net of tax).
  const untaxed = { hasTax: false, hasSecondTax: false };
  invoiceA = await buildInvoice(owner.api, cid, client, {
    invoiceDate: `${m1}-10`,
    dueDate: `${m1}-17`,
    descriptions: [
      line({ description: 'Geyser install', price: 1000, ...untaxed }),
      line({ description: 'Call-out', price: 250, ...untaxed }),
    ],
  });
  await buildInvoice(owner.api, cid, client, {
    invoiceDate: `${m2}-15`,
    dueDate: `${m2}-22`,
    descriptions: [line({ description: 'Geyser service', price: 400, ...untaxed })],
  });
  const expense = await owner.api.upload(
    `/api/companies/${cid}/expenses`,
    {
      data: JSON.stringify({
        expenseDate: `${m1}-12`,
        to: 'Plumb Supplies',
        description: 'Copper pipe',
        price: 300,
        paid: true,
        methodPaid: 'Card',
      }),
    },
    {},
  );
  expect(expense.status, JSON.stringify(expense.body)).toBe(200);
  expenseId = expense.body._id as string;
});
afterAll(() => e.close());

/** A statement cell's button, by account name, month key and the amount it shows. */
const cell = (page: Page, account: string, month: string, amount: string) =>
  page.getByRole('button', { name: `${account} ${monthHeading(month)}: ${amount}`, exact: true });

const rowTotal = (page: Page, row: RegExp) =>
  page.getByRole('table', { name: 'Income statement' }).getByRole('row', { name: row });

describe('an owner reading the accounts', () => {
  it('sees the statement per month, adds an account, moves an item to it and deletes it', async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-accounting'));
    await signIn(page, owner.username, PASSWORD);
    await page.getByRole('link', { name: 'Accounting' }).click();
    await page.waitForURL((u) => u.pathname === '/accounting');
    // The filter starts on the financial year here (DECISIONS §5).
    await page.getByTestId('period-label').getByText(periodLabel(fy)).waitFor();

    // Income: the two invoices in their months; costs: the expense.
    await cell(page, 'Sales', m1, 'R1,250.00').waitFor();
    await cell(page, 'Sales', m2, 'R400.00').waitFor();
    await cell(page, 'General expenses', m1, 'R300.00').waitFor();
    await cell(page, 'General expenses', m2, 'R0.00').waitFor();
    await rowTotal(page, /^Net profit.*R1,350\.00$/).waitFor();
    await e.shot(page, 'accounting-statement');

    // Add an account; it shows with nothing in it.
    await page.getByRole('button', { name: 'Add new account' }).click();
    const form = page.getByRole('dialog', { name: 'Add new account' });
    expect(await form.getByLabel('Type').inputValue()).toBe('Revenue');
    await form.getByLabel('Name').fill('Installations');
    await form.getByLabel('Account code').fill('1200');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await cell(page, 'Installations', m1, 'R0.00').waitFor();

    // Move the geyser line from Sales to it in the cell's modal.
    await cell(page, 'Sales', m1, 'R1,250.00').click();
    const items = page.getByRole('dialog', { name: `Sales · ${monthHeading(m1)}` });
    const geyser = items.getByRole('row').filter({ hasText: 'Geyser install' });
    await geyser.waitFor();
    await items.getByRole('row').filter({ hasText: 'Call-out' }).waitFor();
    await e.shot(page, 'accounting-items');
    await geyser.getByLabel(/^Account of item/).click();
    await page.getByRole('option', { name: '1200 · Installations' }).click();
    // The items reload: the moved one leaves this cell; the statement follows.
    await geyser.waitFor({ state: 'detached' });
    await items.getByRole('row').filter({ hasText: 'Call-out' }).waitFor();
    await page.keyboard.press('Escape');
    await items.waitFor({ state: 'hidden' });
    await cell(page, 'Sales', m1, 'R250.00').waitFor();
    await cell(page, 'Installations', m1, 'R1,000.00').waitFor();
    await rowTotal(page, /^Net profit.*R1,350\.00$/).waitFor();
    // The choice is kept on the invoice line.
    const accounts = (await owner.api.get(`/api/companies/${cid}/accounts`)).body as {
      _id: string;
      name: string;
    }[];
    const installations = accounts.find((a) => a.name === 'Installations')!;
    const saved = await owner.api.get(`/api/companies/${cid}/invoices/${invoiceA._id}`);
    expect(saved.body.descriptions[0].ledgerAccountId).toBe(installations._id);

    // The defaults cannot be deleted; the new account can, and its items go back.
    expect(await page.getByRole('button', { name: 'Delete Sales' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete General expenses' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Installations' }).click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await cell(page, 'Sales', m1, 'R1,250.00').waitFor();
    expect(await page.getByRole('rowheader', { name: /Installations/ }).count()).toBe(0);
  });

  it("downloads the period's profit and loss report as a PDF", async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-accounting-pdf'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto('/accounting');
    await cell(page, 'Sales', m1, 'R1,250.00').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'PDF Report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const text = await pdfText(fs.readFileSync((await download.path())!));
    expect(text).toContain('Sales');
    expect(text).toContain('R1,250.00');
    expect(text).toContain('R300.00');
    expect(text).toContain('R1,350.00');
  });

  it('keeps the period through a reload and Back', async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-accounting-period'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto('/accounting');
    await page.getByTestId('period-label').getByText(periodLabel(fy)).waitFor();
    const previous = shiftPeriod(fy, -1);
    await page.getByRole('button', { name: 'Previous period' }).click();
    await page.getByTestId('period-label').getByText(periodLabel(previous)).waitFor();
    await page.waitForURL((u) => u.searchParams.get('from') === previous.from);
    // Nothing was booked in the year before.
    await cell(page, 'Sales', previous.from.slice(0, 7), 'R0.00').waitFor();

    await page.reload();
    await page.getByTestId('period-label').getByText(periodLabel(previous)).waitFor();
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await page.waitForURL((u) => u.pathname === '/invoices');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/accounting');
    await page.getByTestId('period-label').getByText(periodLabel(previous)).waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('1');
  });

  it('books an expense to a chosen cost account from the expense form', async () => {
    const made = await owner.api.post(`/api/companies/${cid}/accounts`, {
      type: 'indirectCost',
      name: 'Fuel',
      account: '5100',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-accounting-expense'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto(`/expenses/${expenseId}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const picker = page.getByRole('combobox', { name: 'Cost account' });
    // Empty: the default cost account.
    expect(await picker.inputValue()).toBe('');
    await picker.click();
    // Cost accounts only: no income account is offered.
    expect(await page.getByRole('option', { name: /Sales/ }).count()).toBe(0);
    await page.getByRole('option', { name: '5100 · Fuel' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Expense saved').waitFor();
    // The saved expense, read only, names its account.
    await page.getByText('5100 · Fuel').waitFor();
    await expect
      .poll(
        async () =>
          (await owner.api.get(`/api/companies/${cid}/expenses/${expenseId}`)).body.ledgerAccountId,
      )
      .toBe(made.body._id);

    await page.goto('/accounting');
    await cell(page, 'Fuel', m1, 'R300.00').waitFor();
    await cell(page, 'General expenses', m1, 'R0.00').waitFor();
  });

  it('shows the account of an invoice line while editing it', async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-accounting-line'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto(`/invoices/${invoiceA._id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const picker = page.getByRole('combobox', { name: 'Account of line 2' });
    await picker.waitFor();
    // Left empty: the line goes to the default sales account.
    expect(await picker.inputValue()).toBe('');
    await picker.click();
    // Income accounts only.
    await page.getByRole('option', { name: '1000 · Sales (default)' }).waitFor();
    expect(await page.getByRole('option', { name: /Fuel/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await e.shot(page, 'accounting-invoice-line');
  });
  it("sets a saved item's sales and cost accounts in the item modal", async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-accounting-item'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto('/items');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Item' });
    await modal.getByLabel('Description').fill('Geyser valve');
    await modal.getByRole('textbox', { name: 'Price', exact: true }).fill('180');
    await modal.getByRole('combobox', { name: 'Sales account' }).click();
    await page.getByRole('option', { name: '1000 · Sales (default)' }).click();
    await modal.getByRole('combobox', { name: 'Cost account' }).click();
    await page.getByRole('option', { name: '5000 · General expenses (default)' }).click();
    await e.shot(page, 'accounting-item-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    const accounts = (await owner.api.get(`/api/companies/${cid}/accounts`)).body as {
      _id: string;
      name: string;
    }[];
    const id = (name: string) => accounts.find((a) => a.name === name)!._id;
    const items = (await owner.api.get(`/api/companies/${cid}/items`)).body as {
      description: string;
      ledgerAccountId: string | null;
      expenseAccountId: string | null;
    }[];
    expect(items.find((i) => i.description === 'Geyser valve')).toMatchObject({
      ledgerAccountId: id('Sales'),
      expenseAccountId: id('General expenses'),
    });
  });
});

describe('the VAT summary', () => {
  it("shows the period's VAT201 figures as the server works them out", async () => {
    // A taxed invoice in the last month of the year before, away from the other journeys' cells.
    const before = shiftPeriod(fy, -1);
    const month = before.to.slice(0, 7);
    const client = await buildClient(owner.api, cid, { name: 'Vusi' });
    await buildInvoice(owner.api, cid, client, {
      invoiceDate: `${month}-05`,
      dueDate: `${month}-12`,
      descriptions: [line({ description: 'Borehole pump', price: 2000 })],
      // VAT at 15 % on top of the price.
      tax: {
        hasTax: true,
        tD: 'VAT',
        tV: 15,
        inc1: false,
        duc1: false,
        hasSecondTax: false,
        t2D: '',
        t2V: 0,
        inc2: false,
        duc2: false,
      },
    });
    const q = `from=${before.from}&to=${before.to}&type=1`;
    const vat = await owner.api.get(`/api/companies/${cid}/accounts/vat?${q}`);
    expect(vat.status, JSON.stringify(vat.body)).toBe(200);
    expect(vat.body.outputVat).toBe(300);

    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-accounting-vat'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto(`/accounting?${q}`);
    const output = page.getByRole('group', { name: 'Output VAT' });
    await output.getByText(formatMoney(vat.body.outputVat)).waitFor();
    await page
      .getByRole('group', { name: 'VAT payable' })
      .getByText(formatMoney(vat.body.difference))
      .waitFor();
    await page.getByText('1 invoice', { exact: true }).waitFor();
    await e.shot(page, 'accounting-vat');
  });
});

describe('members without every right', () => {
  it('a bookkeeper with invoices create but not delete sees the statement without delete icons', async () => {
    const clerk = await buildMember(e.h, cid, { invoices: { c: true, r: true, u: true } });
    const { page, context } = await newSizedPage(e, 'desktop');
    onTestFailed(() => e.shot(page, 'failed-accounting-clerk'));
    await signIn(page, clerk.username, clerk.password);
    await page.getByRole('link', { name: 'Accounting' }).click();
    await cell(page, 'Sales', m2, 'R400.00').waitFor();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await context.close();
  });

  it('a bookkeeper with invoices create but not update reads the statement and its items without edits (phone)', async () => {
    const clerk = await buildMember(e.h, cid, { invoices: { c: true, r: true } });
    const { page, context } = await newSizedPage(e, 'phone');
    onTestFailed(() => e.shot(page, 'failed-accounting-reader'));
    await signIn(page, clerk.username, clerk.password);
    await page.goto('/accounting');
    await cell(page, 'Sales', m2, 'R400.00').waitFor();
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await cell(page, 'Sales', m2, 'R400.00').click();
    const items = page.getByRole('dialog', { name: `Sales · ${monthHeading(m2)}` });
    const picker = items.getByLabel(/^Account of item/).first();
    await picker.waitFor();
    // The server asks invoices update of a move: the picker is shown, disabled.
    await expect.poll(() => picker.isDisabled(), { timeout: 15_000 }).toBe(true);
    await e.shot(page, 'accounting-items-reader-phone');
    await context.close();
  });

  it('an expenses clerk has no Accounting entry or screen, and saves expenses without the picker', async () => {
    const clerk = await buildMember(e.h, cid, { expenses: { c: true, r: true, u: true } });
    const { page, context } = await newSizedPage(e, 'desktop');
    onTestFailed(() => e.shot(page, 'failed-accounting-expenses-clerk'));
    await signIn(page, clerk.username, clerk.password);
    await page.getByRole('link', { name: 'Expenses' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Accounting' }).count()).toBe(0);
    await page.goto('/accounting');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();

    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/accounts')) asked.push(r.url());
    });
    await page.goto('/expenses/new');
    await page.getByLabel('Description').fill('Cable ties');
    // The ledger is not theirs to read: no picker, not even a refused call for it.
    expect(await page.getByRole('combobox', { name: 'Cost account' }).count()).toBe(0);
    await page.getByLabel('Purchase Amount').fill('45');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Expense saved').waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });
});

describe('the accounting screen on a phone', () => {
  it('scrolls the statement in its box, never the page', async () => {
    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => e.shot(page, 'failed-accounting-phone'));
    await signIn(page, owner.username, PASSWORD);
    await page.goto('/accounting');
    await cell(page, 'Sales', m1, 'R1,250.00').waitFor();
    await e.shot(page, 'accounting-phone-real');
    expect(await sidewaysOverflow(page)).toBe(0);
    await cell(page, 'Sales', m2, 'R400.00').click();
    const items = page.getByRole('list', { name: 'Account items' });
    await items.getByText('Geyser service').waitFor();
    await e.shot(page, 'accounting-phone-items');
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

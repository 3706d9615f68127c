import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import {
  currentPeriod,
  periodLabel,
  type TAccountItem,
  type TIncomeStatement,
  type TLedgerAccount,
} from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings } from '../support/axe.js';
import { PHONE, newSizedPage, sidewaysOverflow, type Size } from '../support/viewport.js';

/**
 * The accounting screen's layout with many accounts over a whole financial
 * year, at phone and desktop size. The ledger's answers are faked so the
 * layout is tested whatever the figures: the statement scrolls sideways in its
 * own box with the account column in view, the page never does, and the
 * modals fill a phone's screen. (accounting.e2e.ts walks the real server.)
 */

let e: E2E;
let owner: TestUser;
let cid: string;
beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { password: 'layout password 1' });
  cid = (await buildCompany(e.h, owner)).id;
});
afterAll(() => e.close());

const acc = (
  _id: string,
  type: TLedgerAccount['type'],
  name: string,
  account: string,
  isDefault = false,
): TLedgerAccount => ({
  _id,
  type,
  income: type === 'revenue' || type === 'otherIncome',
  name,
  account,
  isDefault,
});
const ACCOUNTS = [
  acc('a-sales', 'revenue', 'Sales', '1000', true),
  acc('a-call', 'revenue', 'Call-out fees with a rather long account name', '1100'),
  acc('a-int', 'otherIncome', 'Interest received', '1500'),
  acc('a-mat', 'directCost', 'Materials', '4000'),
  acc('a-gen', 'indirectCost', 'General expenses', '5000', true),
  acc('a-fuel', 'indirectCost', 'Fuel', '5100'),
];
const MONTHS = [
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
  '2026-12',
  '2027-01',
  '2027-02',
];
const STATEMENT: TIncomeStatement = Object.fromEntries(
  MONTHS.map((m, i) => [
    m,
    i === 5
      ? [] // a month with nothing
      : [
          { ledgerAccountId: 'a-sales', income: true, total: 12345.67 + i },
          { ledgerAccountId: 'a-call', income: true, total: 850 },
          { ledgerAccountId: 'a-mat', income: false, total: 4200.5 },
          { ledgerAccountId: 'a-gen', income: false, total: 999.99 },
        ],
  ]),
);
const ITEMS: TAccountItem[] = [
  {
    _id: 'i1',
    ledgerAccountId: 'a-sales',
    income: true,
    sourceKind: 'invoice',
    sourceId: '00000000-0000-4000-8000-000000000001',
    invoiceId: '00000000-0000-4000-8000-000000000001',
    invoiceDate: '2026-03-04',
    invoiceNumber: 'INV00012',
    expenseDate: null,
    description: 'Geyser replacement, 150 litre, with the valves',
    qty: 1,
    price: 12345.67,
    amount: 12345.67,
  },
];

/** Answer the ledger calls from the fixtures above. */
async function fakeLedger(page: Page) {
  await page.route(`**/api/companies/${cid}/accounts**`, (route) => {
    const url = new URL(route.request().url());
    const rest = url.pathname.slice(`/api/companies/${cid}/accounts`.length);
    if (rest === '' && route.request().method() === 'POST')
      return route.fulfill({ status: 400, json: { error: 'That account code is taken' } });
    if (rest === '' || rest === '/') return route.fulfill({ json: ACCOUNTS });
    if (rest === '/incomeStatement') return route.fulfill({ json: STATEMENT });
    if (rest.startsWith('/accountItems/')) return route.fulfill({ json: ITEMS });
    if (rest === '/vat')
      return route.fulfill({
        json: {
          from: '2026-03-01',
          to: '2027-02-28',
          invoices: 11,
          creditNotes: 0,
          outputVat: 22345.67,
          inputVat: 0,
          difference: 22345.67,
          fields: {
            field1: 171316.8,
            field2: 0,
            field4: 22345.67,
            field13: 22345.67,
            field15: 0,
            field18: 0,
            field19: 0,
            field20: 22345.67,
          },
          note: 'Expenses carry no VAT.',
        },
      });
    if (rest === '/changeItemAccount')
      return route.fulfill({ status: 400, json: { error: 'That item is locked' } });
    return route.fulfill({ status: 404, json: { error: 'not faked' } });
  });
}

describe.each<Size>(['phone', 'desktop'])('the accounting screen at %s size', (size) => {
  it('fits: the statement scrolls in its box, the account column stays, modals fit', async () => {
    const { page, context } = await newSizedPage(e, size, { blockServiceWorker: true });
    onTestFailed(() => e.shot(page, `failed-accounting-layout-${size}`));
    await fakeLedger(page);
    await signIn(page, owner.username, 'layout password 1');
    await page.goto('/accounting?from=2026-03-01&to=2027-02-28&type=1');
    const table = page.getByRole('table', { name: 'Income statement' });
    await table.waitFor();
    await page.getByRole('columnheader', { name: 'Feb 2027' }).waitFor();
    // Gross profit and net profit of the whole year, from the faked figures.
    await table.getByRole('row', { name: /Net profit/ }).waitFor();
    await page.getByRole('group', { name: 'VAT payable' }).getByText('R22,345.67').waitFor();
    await e.shot(page, `accounting-${size}`);
    expect(await sidewaysOverflow(page)).toBe(0);
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);

    const scroller = page.getByTestId('statement-scroller');
    if (size === 'phone') {
      // The months run past the screen inside the box; scrolled to the end the
      // account names are still at the left edge.
      const widths = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(widths[0]!).toBeGreaterThan(widths[1]!);
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const name = page.getByRole('rowheader', { name: /^Materials/ });
      await expect.poll(async () => (await name.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((await name.boundingBox())!.x).toBeLessThan(40);
      await e.shot(page, `accounting-${size}-scrolled`);
      expect(await sidewaysOverflow(page)).toBe(0);
    }

    // A cell opens its items in a modal (full screen on a phone).
    await page.getByRole('button', { name: /^Sales Mar 2026/ }).click();
    const dialog = page.getByRole('dialog', { name: /Sales · Mar 2026/ });
    await dialog.getByText('INV00012').waitFor();
    await dialog.getByText('R12,345.67').first().waitFor();
    expect(await dialog.getByLabel('Account of item 1').inputValue()).toBe(
      '1000 · Sales (default)',
    );
    await e.shot(page, `accounting-items-${size}`);
    const inModal = await axeFindings(page);
    expect(inModal, describeFindings(inModal)).toEqual([]);
    const box = (await dialog.boundingBox())!;
    if (size === 'phone') expect(Math.round(box.width)).toBe(PHONE.width);
    expect(await sidewaysOverflow(page)).toBe(0);
    // A refused move shows in red in the modal.
    await dialog.getByRole('combobox', { name: 'Account of item 1' }).click();
    await page.getByRole('option', { name: /Call-out fees/ }).click();
    await dialog.getByRole('alert').getByText('That item is locked').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // 'Add new account': type defaults to revenue; a missing name is named in red.
    await page.getByRole('button', { name: 'Add new account' }).click();
    const form = page.getByRole('dialog', { name: 'Add new account' });
    expect(await form.getByLabel('Type').inputValue()).toBe('Revenue');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Name is required').waitFor();
    // The server's refusal in red above the form (spec §8), the form kept.
    await form.getByLabel('Name').fill('Installations');
    await form.getByRole('button', { name: 'Save' }).click();
    const alert = form.getByRole('alert').filter({ hasText: 'That account code is taken' });
    await alert.waitFor();
    const nameBox = (await form.getByLabel('Name').boundingBox())!;
    expect((await alert.boundingBox())!.y).toBeLessThan(nameBox.y);
    expect(await form.getByLabel('Name').inputValue()).toBe('Installations');
    await e.shot(page, `accounting-add-${size}`);
    await context.close();
  });

  it('falls back to the current financial year for a period in the URL that is not one', async () => {
    const { page, context } = await newSizedPage(e, size, { blockServiceWorker: true });
    onTestFailed(() => e.shot(page, `failed-accounting-bad-url-${size}`));
    await fakeLedger(page);
    await signIn(page, owner.username, 'layout password 1');
    await page.goto('/accounting?from=2026-13-45&to=nonsense&type=9');
    const fy = currentPeriod(1, 'Africa/Johannesburg');
    await page.getByTestId('period-label').getByText(periodLabel(fy)).waitFor();
    await page.getByRole('table', { name: 'Income statement' }).waitFor();
    await context.close();
  });
});

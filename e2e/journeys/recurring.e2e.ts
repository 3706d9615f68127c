import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_TAX, statusNode, todayIn } from '@fieldbook/core';
import { runDueRecurring } from '../../apps/server/src/areas/recurring/index.js';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import { screenshot } from '../support/screenshot.js';

const PASSWORD = 'recurring password 1';
const ZONE = 'Africa/Johannesburg';
const LERATO = 'lerato@example.test';

let e: E2E;
let owner: TestUser;
let cid: string;
let leratoId: string;
beforeAll(async () => {
  // The queue worker runs: Send on creation goes out through the mail queue.
  e = await startE2E({ workers: true });
  owner = await buildUser(e.h, { password: PASSWORD });
  cid = (await buildCompany(e.h, owner)).id;
  const co = await owner.api.post(`/api/companies/${cid}`, {
    companyName: 'Salon Lerato',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  leratoId = await buildClient(owner.api, cid, {
    name: 'Lerato',
    surname: 'Mokoena',
    email: LERATO,
  });
});
afterAll(() => e?.close());

const api = (path: string) => `/api/companies/${cid}/recurring${path}`;

async function openPage(size: 'phone' | 'desktop' = 'desktop') {
  const { page } = await newSizedPage(e, size);
  onTestFailed(() => e.shot(page, `failed-recurring-${size}`));
  await signIn(page, owner.username, PASSWORD);
  return page;
}

/** Choose an option of a Mantine select by its label. */
async function choose(scope: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.getByRole('option', { name: option, exact: true }).click();
}

/** Type the start date, then close its calendar (Escape would close the editor too). */
async function setStart(page: Page, ymd: string) {
  const dialog = page.getByRole('dialog').last();
  await dialog.getByLabel('Start date').fill(ymd);
  await dialog.getByRole('heading', { name: 'Schedule' }).click();
}

const nextRuns = (page: Page) =>
  page.getByTestId('recurring-next-runs').getByRole('listitem').allInnerTexts();

describe('recurring invoices, expenses and jobs', () => {
  it('a monthly invoice on the 31st shows its next five dates, saves, lists and survives a reload', async () => {
    const page = await openPage();
    await page.goto('/recurring');
    await page.getByText('No recurring invoices yet.').waitFor();
    await page.getByRole('button', { name: 'New' }).first().click();
    await page.waitForURL((u) => u.searchParams.get('id') === 'new');
    const dialog = page.getByRole('dialog', { name: 'New recurring invoice' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Select client' }).click();
    const pick = page.getByRole('dialog', { name: 'Select a client' });
    await pick.getByLabel('Search clients').fill('lerato');
    await pick.getByRole('button', { name: /Lerato Mokoena/ }).click();
    await pick.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel('E-mail recipients').inputValue()).toBe(LERATO);
    await dialog.getByLabel('Description', { exact: true }).fill('Chair rental');
    await dialog.getByLabel('Price', { exact: true }).fill('1500');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await dialog.getByLabel('Description of line 1').inputValue()).toBe('Chair rental');

    // The rule: from 2027-01-31, monthly on day 31 (the last day of shorter months).
    await setStart(page, '2027-01-31');
    await choose(page, 'Day of month', '31');
    await expect
      .poll(() => nextRuns(page), { timeout: 20_000 })
      .toEqual([
        '2027-01-31 Sunday',
        '2027-02-28 Sunday',
        '2027-03-31 Wednesday',
        '2027-04-30 Friday',
        '2027-05-31 Monday',
      ]);
    expect(await dialog.getByTestId('recurring-last-run').innerText()).toBe('Never');

    // A bad recipient is named under its input (the contract's words), and nothing is saved.
    await dialog.getByLabel('E-mail recipients').fill(`${LERATO}, nobody`);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog
      .getByText('E-mail recipients has nobody, which is not an e-mail address')
      .waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe('new');
    await dialog.getByLabel('E-mail recipients').fill(LERATO);
    await e.shot(page, 'recurring-editor-desktop');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved, the editor shows the item under its id.
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await page.waitForURL((u) => /^[0-9a-f-]{36}$/.test(u.searchParams.get('id') ?? ''));
    const id = new URL(page.url()).searchParams.get('id')!;
    const saved = await owner.api.get(api(`/invoices/${id}`));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      startDate: '2027-01-31',
      recurringType: 'month',
      dayOfMonth: 31,
      entityId: leratoId,
      nextRuns: ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31'],
    });

    // Reload keeps the open item (it is in the address).
    await page.reload();
    const edit = page.getByRole('dialog', { name: 'Edit recurring invoice' });
    await edit.getByTestId('recurring-next-run').getByText('2027-01-31').waitFor();
    expect(await edit.getByLabel('Description of line 1').inputValue()).toBe('Chair rental');

    // The PDF of the invoice its next run would make (nothing is saved).
    await edit.getByRole('button', { name: 'Preview PDF' }).click();
    const pdf = page.getByRole('dialog', { name: 'Next invoice' });
    await pdf.getByRole('button', { name: 'Download', exact: true }).waitFor({ timeout: 30_000 });
    await pdf.getByRole('button', { name: 'Close', exact: true }).last().click();
    await pdf.waitFor({ state: 'hidden' });

    // Closed, the list shows it with its frequency, Next Run, Last Run and total (VAT added).
    await edit.getByRole('button', { name: 'Close', exact: true }).first().click();
    await edit.waitFor({ state: 'hidden' });
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Lerato Mokoena' });
    await row.getByText('Monthly on day 31').waitFor();
    await row.getByText('2027-01-31').waitFor();
    await row.getByText('Never').waitFor();
    await row.getByText('R1,725.00').waitFor();
    await page.getByTestId('recurring-pie-legend').getByText('Uncategorised').waitFor();
    await e.shot(page, 'recurring-list-desktop');
    await page.reload();
    await page.getByTestId('recurring-row').first().waitFor();
    expect(new URL(page.url()).searchParams.get('type') ?? 'invoices').toBe('invoices');

    // Download (the list's CSV) and the accounting-package CSV.
    const csvOf = async (button: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download', { timeout: 20_000 }),
        page.getByRole('button', { name: button }).click(),
      ]);
      const chunks: Buffer[] = [];
      for await (const c of await file.createReadStream()) chunks.push(c as Buffer);
      return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
    };
    const list = await csvOf('Download');
    expect(list.name).toBe('recurring-invoices.csv');
    expect(list.text).toContain('Lerato Mokoena');
    expect(list.text).toContain('Chair rental');
    const sage = await csvOf('Accounting csv');
    expect(sage.name).toBe('recurring-invoices-sage.csv');
    expect(sage.text).toContain('Lerato Mokoena');
  });

  it('a recurring expense every second Tuesday, with its form rules', async () => {
    const page = await openPage();
    // The type switch is in the address: Back returns to invoices, Forward to expenses.
    await page.goto('/recurring');
    // The switch first (before it is drawn, the last 'Expenses' is the menu's link).
    await page.getByRole('radio', { name: 'Invoices' }).waitFor({ state: 'attached' });
    await page.getByText('Expenses', { exact: true }).last().click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'expenses');
    await page.getByText('No recurring expenses yet.').waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('type') !== 'expenses');
    expect(await page.getByRole('radio', { name: 'Invoices' }).isChecked()).toBe(true);
    await page.goForward();
    await page.getByText('No recurring expenses yet.').waitFor();
    await page.reload();
    await page.getByText('No recurring expenses yet.').waitFor();
    await page.getByRole('button', { name: 'New' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New recurring expense' });
    await dialog.getByLabel('To', { exact: true }).fill('Garden Supplies');
    await dialog.getByLabel('Description').fill('Compost delivery');
    await dialog.getByLabel('Purchase Amount').fill('450,50');
    // Warranty date only with Has Warranty.
    expect(await dialog.getByLabel('Warranty date').count()).toBe(0);
    await dialog.getByRole('switch', { name: 'Has Warranty' }).check();
    await dialog.getByLabel('Warranty date').waitFor();
    await dialog.getByRole('switch', { name: 'Has Warranty' }).uncheck();

    await setStart(page, '2027-03-03');
    await choose(page, 'Frequency', 'Week');
    await dialog.getByLabel('Every').fill('2');
    await choose(page, 'Weekday', 'Tuesday');
    // Every second Tuesday from Wednesday 3 March: six days later, then fortnightly.
    await expect
      .poll(() => nextRuns(page), { timeout: 20_000 })
      .toEqual([
        '2027-03-09 Tuesday',
        '2027-03-23 Tuesday',
        '2027-04-06 Tuesday',
        '2027-04-20 Tuesday',
        '2027-05-04 Tuesday',
      ]);
    // Ends after three: the list stops there.
    await dialog.getByText('After', { exact: true }).click();
    await dialog.getByLabel('Occurrences').fill('3');
    await expect.poll(() => nextRuns(page), { timeout: 20_000 }).toHaveLength(3);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved, the editor shows the item under its id.
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    const edit = page.getByRole('dialog', { name: 'Edit recurring expense' });
    await edit.getByRole('button', { name: 'Close', exact: true }).first().click();
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Garden Supplies' });
    await row.getByText('Every 2 weeks on Tuesday, 3 times').waitFor();
    await row.getByText('R450.50').waitFor();
    await row.getByText('2027-03-09').waitFor();
  });

  it('the invoice editor switch makes a recurring item, and delete asks first', async () => {
    const page = await openPage();
    await page.goto('/invoices');
    await page.getByRole('link', { name: 'Recurring' }).click();
    await page.waitForURL((u) => u.pathname === '/recurring');
    await page.goto('/invoices/new');
    await page.getByRole('button', { name: 'Select client' }).click();
    const pick = page.getByRole('dialog', { name: 'Select a client' });
    await pick.getByLabel('Search clients').fill('lerato');
    await pick.getByRole('button', { name: /Lerato Mokoena/ }).click();
    await pick.waitFor({ state: 'hidden' });
    await page.getByLabel('Description', { exact: true }).fill('Garden service');
    await page.getByLabel('Price', { exact: true }).fill('800');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('switch', { name: 'Recurring' }).check();
    await choose(page, 'Frequency', 'Weekly');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('link', { name: 'see the recurring invoices' }).click();
    await page.waitForURL((u) => u.pathname === '/recurring');
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Garden service' });
    await row.getByText(/^Weekly on /).waitFor();

    // Delete, with the confirmation of the spec.
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Edit recurring invoice' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
  });

  it("shows the server's refusal in red, the field's under its input, and stays open", async () => {
    const { page } = await newSizedPage(e, 'desktop', { blockServiceWorker: true });
    onTestFailed(() => e.shot(page, 'failed-recurring-refusal'));
    await signIn(page, owner.username, PASSWORD);
    await page.route(`**/api/companies/${cid}/recurring/expenses`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'startDate is too far ahead',
              fields: { startDate: 'Start date is too far ahead' },
            }),
          })
        : route.fallback(),
    );
    await page.goto('/recurring?type=expenses&id=new');
    const dialog = page.getByRole('dialog', { name: 'New recurring expense' });
    await dialog.getByLabel('Description').fill('Rent');
    await dialog.getByLabel('Purchase Amount').fill('100');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('alert').getByText('startDate is too far ahead').waitFor();
    await dialog.getByText('Start date is too far ahead').waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe('new');

    // Closing with changes asks first; No leaves without saving.
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.getByText('Do you want to save the changes?').waitFor();
    await page.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('id')).toBeNull();
  });

  it("a new expense's recurring switch makes a recurring expense", async () => {
    const page = await openPage();
    await page.goto('/expenses/new');
    await page.getByLabel('To', { exact: true }).fill('City Power');
    await page.getByLabel('Description').fill('Electricity prepaid');
    await page.getByLabel('Purchase Amount').fill('600');
    // Frequency only once the switch is on.
    expect(await page.getByRole('combobox', { name: 'Frequency' }).count()).toBe(0);
    await page.getByRole('switch', { name: 'Recurring' }).check();
    await choose(page, 'Frequency', 'Monthly');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => /^\/expenses\/[0-9a-f-]{36}$/.test(u.pathname));
    await page
      .getByText(/^Monthly/)
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'see the recurring expenses' }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'expenses');
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Electricity prepaid' });
    await row.getByText(/^Monthly on day /).waitFor();
    await row.getByText('R600.00').waitFor();
  });

  it('a recurring job: its type, client, user, priority and time', async () => {
    const t = await owner.api.post(`/api/companies/${cid}/appointments/types`, {
      name: 'Garden visit',
      description: 'Mow and trim',
      order: 0,
      statuses: [statusNode('v-new', 'New', 0, [])],
      components: [],
    });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    const page = await openPage();
    await page.goto('/recurring?type=calender');
    await page.getByText('No recurring jobs yet.').waitFor();
    await page.getByRole('button', { name: 'New' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New recurring job' });
    // The company's first type is chosen; this one is picked.
    await choose(page, 'Appointment type', 'Garden visit');
    await dialog.getByRole('button', { name: 'Select client' }).click();
    const pick = page.getByRole('dialog', { name: 'Select a client' });
    await pick.getByLabel('Search clients').fill('lerato');
    await pick.getByRole('button', { name: /Lerato Mokoena/ }).click();
    await pick.waitFor({ state: 'hidden' });
    await dialog.getByLabel('Fault description').fill('Fortnightly lawn');
    await choose(page, 'Priority', 'High');
    await dialog.getByLabel('Start time').fill('09:30');
    await setStart(page, '2027-06-01');
    await choose(page, 'Frequency', 'Week');
    await dialog.getByLabel('Every').fill('2');
    // The lines each job starts with: the invoice it makes.
    await dialog.getByLabel('Description', { exact: true }).fill('Lawn cut');
    await dialog.getByLabel('Price', { exact: true }).fill('350');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await dialog.getByLabel('Description of line 1').inputValue()).toBe('Lawn cut');
    await e.shot(page, 'recurring-job-editor-desktop');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    const id = new URL(page.url()).searchParams.get('id')!;
    const saved = await owner.api.get(api(`/calender/${id}`));
    expect(saved.body).toMatchObject({
      appointmentTypeId: t.body._id,
      entityId: leratoId,
      faultDescription: 'Fortnightly lawn',
      priority: 'High',
      startTime: '09:30',
      recurringType: 'week',
      separationCount: 1,
    });
    await page
      .getByRole('dialog', { name: 'Edit recurring job' })
      .getByRole('button', { name: 'Close', exact: true })
      .first()
      .click();
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Garden visit' });
    await row.getByText('Every 2 weeks on Tuesday').waitFor();
    expect(saved.body.descriptions.map((l: { description: string }) => l.description)).toEqual([
      'Lawn cut',
    ]);

    // The accounting-package CSV of jobs: the invoice the job will make.
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      page.getByRole('button', { name: 'Accounting csv' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('recurring-calender-sage.csv');
    const chunks: Buffer[] = [];
    for await (const c of await file.createReadStream()) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain('Type,Customer Reference,Date,Customer Name');
    expect(text).toMatch(/SI,.*Lerato Mokoena.*Lawn cut,350\.00/);
  });

  it('a member who may only read invoices sees the items but cannot change them', async () => {
    const made = await owner.api.post(api('/invoices'), {
      startDate: '2027-03-01',
      recurringType: 'month',
      entityId: leratoId,
      descriptions: [{ description: 'Read-only rental', qty: 1, price: 10 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const reader = await buildMember(e.h, cid, { invoices: { r: true } });
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => e.shot(page, 'failed-recurring-reader'));
    await signIn(page, reader.username, reader.password);
    await page.goto(`/recurring?type=invoices`);
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Read-only rental' });
    await row.waitFor();
    expect(await page.getByRole('button', { name: 'New' }).count()).toBe(0);
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Edit recurring invoice' });
    await dialog.getByTestId('recurring-next-runs').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await dialog.getByLabel('E-mail recipients').isDisabled()).toBe(true);
  });

  it('an item that cannot be fetched says so', async () => {
    const page = await openPage();
    await page.goto(`/recurring?type=invoices&id=${crypto.randomUUID()}`);
    await page.getByRole('alert').getByText('recurring item not found').waitFor();
  });

  it('an item due today runs: the invoice is in the list and Send on creation mails it', async () => {
    const today = todayIn(ZONE);
    const r = await owner.api.post(api('/invoices'), {
      startDate: today,
      recurringType: 'day',
      entityId: leratoId,
      toEmail: LERATO,
      sendOnCreation: true,
      descriptions: [{ description: 'Daily towel service', qty: 1, price: 99 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen = e.h.mail.mails.length;
    const run = await runDueRecurring(e.h.deps, new Date());
    expect(run.documents).toBeGreaterThanOrEqual(1);

    const page = await openPage();
    await page.goto('/invoices');
    await page
      .getByText('Daily towel service')
      .or(page.getByText('Lerato Mokoena'))
      .first()
      .waitFor();
    await expect
      .poll(() => e.h.mail.mails.slice(seen).some((m) => m.to.includes(LERATO)), {
        timeout: 30_000,
      })
      .toBe(true);
    await page.goto('/recurring');
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Daily towel service' });
    await row.getByText(today).waitFor();
  });

  it('fits a phone: cards, a full-screen editor, no sideways scrolling', async () => {
    // Its own items, so it runs alone too.
    const inv = await owner.api.post(api('/invoices'), {
      startDate: '2027-02-01',
      recurringType: 'month',
      dayOfWeek: 4,
      weekOfMonth: -1,
      entityId: leratoId,
      toEmail: LERATO,
      descriptions: [
        { description: 'Month-end stock count with a long description', qty: 1, price: 2500 },
      ],
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);
    const exp = await owner.api.post(api('/expenses'), {
      startDate: '2027-02-01',
      recurringType: 'year',
      to: 'Insurance Co',
      description: 'Public liability cover',
      price: '3200,00',
    });
    expect(exp.status, JSON.stringify(exp.body)).toBe(200);
    const page = await openPage('phone');
    await page.goto('/recurring?type=invoices');
    await page.getByText('Monthly on the last Friday').waitFor();
    await page.getByTestId('recurring-row').first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await e.shot(page, 'recurring-list-phone');
    await page.getByTestId('recurring-row').first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit recurring invoice' });
    await dialog.getByTestId('recurring-next-run').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(389);
    expect(await sidewaysOverflow(page)).toBe(0);
    await e.shot(page, 'recurring-editor-phone');
    // The schedule, scrolled into view inside the full-screen editor.
    await dialog.getByTestId('recurring-next-runs').scrollIntoViewIfNeeded();
    await screenshot(page, 'recurring-editor-phone-schedule', { fullPage: false });
    await page.goto('/recurring?type=expenses');
    await page.getByTestId('recurring-row').first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.goto('/recurring?type=expenses&id=new');
    await page
      .getByRole('dialog', { name: 'New recurring expense' })
      .getByLabel('Description')
      .waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, 'recurring-expense-editor-phone', { fullPage: false });
    // A recurring job's editor with its line items.
    await page.goto('/recurring?type=calender&id=new');
    await page
      .getByRole('dialog', { name: 'New recurring job' })
      .getByRole('heading', { name: 'Line items' })
      .waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, 'recurring-job-editor-phone');
  });
});

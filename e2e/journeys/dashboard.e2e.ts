import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { addDays, formatMoney, todayIn, vatTax } from '@fieldbook/core';
import { incidents } from '../../apps/server/src/db/schema/index.js';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient, buildInvoice } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

/**
 * The dashboard's figures and the sidebar's alert badge; an invoice's sending
 * history and its public link, copied.
 */

let e: E2E;
let owner: TestUser;
let companyId: string;
const today = todayIn('Africa/Johannesburg');
const first = `${today.slice(0, 7)}-01`;
let paidId: string;
let unsentId: string;

beforeAll(async () => {
  e = await startE2E({ workers: true });
  owner = await buildUser(e.h, { username: 'zanele', password: 'dashboard password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  const co = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Zanele Cleaning',
    EmailAddress: 'office@zanele.test',
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  const client = await buildClient(owner.api, companyId, {
    name: 'Ayanda',
    surname: 'Khumalo',
    email: 'ayanda@example.test',
  });
  const make = (price: number, dueDate: string, over: Record<string, unknown> = {}) =>
    buildInvoice(owner.api, companyId, client, {
      invoiceDate: first,
      dueDate,
      tax: vatTax({ hasTax: false }),
      descriptions: [{ description: 'Deep clean', qty: 1, price }],
      ...over,
    });
  paidId = (await make(1000, addDays(today, 30), { paid: true, toEmail: 'ayanda@example.test' }))
    ._id;
  await make(250.5, addDays(first, -1)); // overdue
  unsentId = (await make(400, addDays(today, 30), { toEmail: '' }))._id;
  await e.h.deps.database.db.insert(incidents).values({
    companyId,
    description: 'Client not found',
    value: 'A. Khumalo',
    recordKind: 'invoice',
  });
  const exp = await owner.api.upload(
    `/api/companies/${companyId}/expenses`,
    { data: JSON.stringify({ expenseDate: today, description: 'Mops', price: 89.9 }) },
    {},
  );
  expect(exp.status).toBe(200);
  // A bulk send of the invoice without an address gives up: a failed send.
  expect(
    (await owner.api.post(`/api/companies/${companyId}/invoices/bulkemail`, { ids: [unsentId] }))
      .status,
  ).toBe(200);
  const deadline = Date.now() + 20_000;
  while (
    !(await owner.api.get(`/api/companies/${companyId}/invoices/${unsentId}`)).body
      .queuedForSendingError
  ) {
    if (Date.now() > deadline) throw new Error('the bulk send did not give up');
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(() => e?.close());

describe('the dashboard', () => {
  it("shows this month's figures and counts what needs attention in the badge", async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-dashboard'));
    await signIn(page, 'zanele', 'dashboard password 1');
    // A figure's link is named by all it shows: its label, then the amount.
    const figure = (name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });
    await figure('Invoiced').getByText(formatMoney(1650.5)).waitFor();
    await figure('Paid').getByText(formatMoney(1000)).waitFor();
    await figure('Outstanding').getByText(formatMoney(650.5)).waitFor();
    await figure('Overdue').getByText(formatMoney(250.5)).waitFor();
    await figure('Overdue').getByText('1 invoice past due').waitFor();
    await figure('Expenses').getByText(formatMoney(89.9)).waitFor();
    await figure('Open incidents').getByText('1', { exact: true }).waitFor();
    await figure('Failed sends').getByText('1', { exact: true }).waitFor();
    // Open incident + failed send + overdue invoice.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByLabel('3 alerts').waitFor();
    await e.shot(page, 'dashboard-figures');

    await figure('Open incidents').click();
    await page.waitForURL('**/incidents');
  });
});

describe("an invoice's sending", () => {
  it('shows when, to whom and how often it went, the last error, and copies the public link', async () => {
    const { context, page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-invoice-sending'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'zanele', 'dashboard password 1');

    // Sent twice, to one address and then to two.
    for (const to of [['ayanda@example.test'], ['ayanda@example.test', 'accounts@example.test']]) {
      const r = await owner.api.post(`/api/companies/${companyId}/invoices/${paidId}/email`, {
        to,
        subject: 'Your invoice',
        message: 'Thank you',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await page.goto(`/invoices/${paidId}`);
    const panel = page.getByRole('region', { name: 'Sending' });
    await panel.getByText(/E-mailed 2 times, last on \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./).waitFor();
    const sent = panel.getByRole('table', { name: 'E-mails sent' });
    await sent.getByText('ayanda@example.test, accounts@example.test').waitFor();
    expect(await sent.getByRole('row').count()).toBe(3); // header + 2
    await panel.getByRole('button', { name: 'Copy public link' }).click();
    await page.getByText('Public link copied').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(
      new RegExp(`^${e.baseUrl}/view/c/${companyId}/e/[0-9a-f-]{36}/i/[0-9a-f]{64}$`),
    );
    await e.shot(page, 'invoice-sending-history');

    // The public link opens the invoice for anyone.
    const visitor = await e.newPage();
    await visitor.page.goto(link);
    await visitor.page.getByText('Zanele Cleaning').first().waitFor();

    // The bulk send that gave up: the error and the queue's record.
    await page.goto(`/invoices/${unsentId}`);
    await panel.getByText('Not e-mailed yet.').waitFor();
    await panel.getByRole('alert').or(panel.getByText('Last send failed')).first().waitFor();
    await panel
      .getByText(/has no e-mail address/)
      .first()
      .waitFor();
    const queue = panel.getByRole('table', { name: 'Queued sends' });
    await queue.getByText('Gave up').waitFor();
    await e.shot(page, 'invoice-sending-failed');
  });
});

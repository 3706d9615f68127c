import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_TAX, allRights } from '@fieldbook/core';
import { users } from '../../apps/server/src/db/schema/index.js';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
let owner: TestUser;
let companyId: string;

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'naledi', password: 'template password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  // VAT registered, so the shipped invoice is headed 'Tax Invoice'.
  const co = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Naledi Electrical',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false, taxNumber: '4987654321' },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  await buildClient(owner.api, companyId, { name: 'Sipho', surname: 'Dlamini' });
});
afterAll(() => e.close());

/** Wait for the notifications to close themselves: they sit over the header's buttons. */
async function dismissNotifications(page: Page) {
  await expect
    .poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 20_000 })
    .toBe(0);
}

/**
 * A button of the page header, scrolled to first: clicked straight from far down the page,
 * Chromium may hit-test against the sticky preview's old place and the click lands in its frame.
 */
async function headerButton(page: Page, name: string) {
  const button = page.getByRole('main').getByRole('button', { name, exact: true });
  await button.scrollIntoViewIfNeeded();
  return button;
}

const preview = (page: Page) => page.frameLocator('iframe[title="Template preview"]');

/** What the preview shows now: its first heading, or its error, or that it is still waiting. */
async function previewNow(page: Page): Promise<string> {
  const heading = preview(page).locator('h1').first();
  const parts = [
    (await heading.count()) ? `h1 ${await heading.textContent()}` : 'no h1',
    (await page.getByLabel('Updating preview').count()) ? 'updating' : 'idle',
  ];
  const error = page.getByRole('alert');
  for (const t of await error.allTextContents()) parts.push(`alert ${t}`);
  return parts.join(' | ');
}

describe('an owner', () => {
  it('copies the shipped Tax Invoice, changes its heading, saves it and makes it the default', async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-templates-owner'));
    await signIn(page, 'naledi', 'template password 1');

    // The owner may change templates: the Settings entries are in the menu.
    await page.getByRole('link', { name: 'Invoice Templates' }).click();
    await page.getByRole('heading', { name: 'Invoice Templates' }).waitFor();
    const row = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    const shippedRow = row('Tax Invoice');
    await shippedRow.getByText('Default', { exact: true }).waitFor();
    await shippedRow.getByText('Shipped').waitFor();
    await e.shot(page, 'templates-invoice-list');

    // The shipped template is read-only, shown filled with sample data in a sandboxed frame.
    await shippedRow.getByRole('link', { name: 'Tax Invoice' }).click();
    await page.getByText('This template comes with Fieldbook.').waitFor();
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('HTML').isDisabled()).toBe(true);
    expect(await page.getByRole('group', { name: 'Platform controls' }).count()).toBe(0);
    const frame = page.locator('iframe[title="Template preview"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await preview(page).getByRole('heading', { name: 'Tax Invoice' }).waitFor();
    await preview(page).getByText('Jane Doe').first().waitFor();
    await e.shot(page, 'templates-shipped-readonly');

    // The Quotation's preview is a quote: its number carries the quote prefix.
    await page.goto('/invoiceTemplates');
    await row('Quotation').getByRole('link', { name: 'Quotation' }).click();
    await preview(page).getByRole('heading', { name: 'Quotation' }).waitFor();
    await preview(page).getByText('QUO00017').waitFor();
    expect(await preview(page).getByText('INV00042').count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'As quote' }).isChecked()).toBe(true);
    await e.shot(page, 'templates-quotation-preview');
    await page.getByText('As invoice').click();
    await preview(page).getByText('INV00042').waitFor();

    // Copied from the list's row.
    await page.goto('/invoiceTemplates');
    await row('Tax Invoice')
      .getByRole('button', { name: 'Copy to my company: Tax Invoice' })
      .click();
    await page.getByRole('heading', { name: 'Tax Invoice (copy)' }).waitFor();
    await page.waitForURL(/\/invoiceTemplate\/[0-9a-f-]{36}$/);
    const copyId = page.url().split('/').pop()!;
    await dismissNotifications(page);

    // Edit: a broken placeholder is refused in red and the form stays in edit.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const html = page.getByLabel('HTML');
    const original = await html.inputValue();
    expect(original).toMatch(/<h1>\{\{invoice\.title\}\}<\/h1>/);
    await html.fill(`${original}{{#each lines}`);
    await (await headerButton(page, 'Save')).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await refused.getByText(/is not a valid template/).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isVisible()).toBe(true);

    // The heading text, an extra field, and the preview follows the unsaved HTML.
    await html.fill(
      original.replace('<h1>{{invoice.title}}</h1>', '<h1>Naledi {{invoice.title}}</h1>'),
    );
    // (The preview waits 400 ms for typing to stop, then asks the server; on a loaded
    // two-core machine that has taken over 10 s.)
    // Polled as text, so a failure says what the preview showed instead.
    await expect
      .poll(() => previewNow(page), { timeout: 30_000 })
      .toMatch(/^h1 Naledi Tax Invoice \| idle/);
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field name').fill('orderNo');
    await page.getByLabel('Field label').fill('Order number');
    // The preview shows the new field under Details, its label as the sample value. Read as
    // text like the heading above: on a loaded machine Playwright once found the new frame's
    // element laid out but not yet visible for 20 s.
    await expect
      .poll(async () => (await preview(page).locator('body').textContent()) ?? '', {
        timeout: 30_000,
      })
      .toMatch(/Order number:\s*Order number/);
    await e.shot(page, 'templates-editing-copy');
    await (await headerButton(page, 'Save')).click();
    await page.getByText('Invoice template saved').first().waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await refused.count()).toBe(0);

    const saved = await owner.api.get(`/api/companies/${companyId}/invoiceTemplate/${copyId}`);
    expect(saved.body.template).toContain('<h1>Naledi {{invoice.title}}</h1>');
    expect(saved.body.fields).toEqual([{ name: 'orderNo', label: 'Order number', type: 'text' }]);
    expect(saved.body.editable).toBe(true);

    // Leaving with unsaved edits asks first; No leaves them.
    await dismissNotifications(page);
    await (await headerButton(page, 'Edit')).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Not kept');
    await page.getByRole('main').getByRole('link', { name: 'Invoice Templates' }).click();
    const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
    await ask.getByText('Do you want to save the changes?').waitFor();
    await ask.getByRole('button', { name: 'No' }).click();

    // Use it as the company's invoice template.
    await page.getByRole('heading', { name: 'Invoice Templates' }).waitFor();
    expect(await page.getByText('Not kept').count()).toBe(0);
    const copyRow = row('Tax Invoice (copy)');
    await copyRow.getByRole('button', { name: 'Use as default: Tax Invoice (copy)' }).click();
    await page.getByRole('menuitem', { name: 'For invoices' }).click();
    await copyRow.getByText('Default', { exact: true }).waitFor();
    await expect
      .poll(async () => (await owner.api.get(`/api/companies/${companyId}`)).body.invoiceTemplateId)
      .toBe(copyId);
    // The shipped Tax Invoice is no longer the default; the shipped Quotation still is, for quotes.
    expect(await shippedRow.getByText('Default', { exact: true }).count()).toBe(0);
    await row('Quotation').getByText('Default for quotes').waitFor();
    await e.shot(page, 'templates-default-set');

    // A new invoice uses it: its extra field is asked for and kept in custom.
    await page.goto('/invoices/new');
    const templateSelect = page.getByRole('combobox', { name: 'Template' });
    // The default's name shows once the company's templates have loaded.
    await expect
      .poll(() => templateSelect.inputValue())
      .toBe('Company default (Tax Invoice (copy))');
    await page.getByLabel('Order number').fill('PO-7781');
    await page.getByRole('button', { name: 'Select client' }).click();
    const modal = page.getByRole('dialog', { name: 'Select a client' });
    await modal.getByRole('button', { name: /Sipho Dlamini/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByLabel('Description', { exact: true }).fill('Rewire kitchen');
    await page.getByLabel('Price', { exact: true }).fill('1500');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await e.shot(page, 'templates-invoice-extra-field');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    const invoiceId = page.url().split('/').pop()!;
    const inv = await owner.api.get(`/api/companies/${companyId}/invoices/${invoiceId}`);
    expect(inv.body.custom).toEqual({ orderNo: 'PO-7781' });
    expect(inv.body.invoiceTemplateId).toBeNull();
  });
});

describe('a super user', () => {
  it('gets the platform controls, Generate PDF, and a type filter that never empties', async () => {
    const admin = await buildUser(e.h, {
      username: 'platform',
      password: 'template password 2',
      rank: 'super',
    });
    const adminCompany = (await buildCompany(e.h, admin)).id;
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-templates-super'));
    await signIn(page, 'platform', 'template password 2');

    await page.getByRole('link', { name: 'Document Templates' }).click();
    await page.getByRole('heading', { name: 'Document Templates' }).waitFor();
    const chip = (name: string) => page.getByRole('checkbox', { name, exact: true });
    for (const t of ['Invoice', 'Statement', 'Custom'])
      expect(await chip(t).isChecked()).toBe(true);
    await page.getByRole('row', { name: /^Statement/ }).waitFor();

    // Untick two types: only invoice templates remain.
    await page.locator('label', { hasText: /^Statement$/ }).click();
    await page.locator('label', { hasText: /^Custom$/ }).click();
    await expect.poll(() => page.getByRole('row', { name: /^Statement/ }).count()).toBe(0);
    await page.getByRole('row', { name: /^Tax Invoice/ }).waitFor();
    // The last one cannot be unticked.
    await page.locator('label', { hasText: /^Invoice$/ }).click();
    expect(await chip('Invoice').isChecked()).toBe(true);
    expect(await page.getByRole('row', { name: /^Tax Invoice/ }).count()).toBe(1);
    await e.shot(page, 'templates-type-filter');

    // A new general template: the defaults, and every platform control.
    await page.getByRole('link', { name: 'New' }).click();
    await page.waitForURL('**/template/new');
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('New');
    expect(await page.getByLabel('Description').inputValue()).toBe('New description');
    const controls = page.getByRole('group', { name: 'Platform controls' });
    for (const name of ['All Companies', 'Invoice Template', 'Statement Template'])
      await controls.getByRole('switch', { name }).waitFor();
    await controls.getByRole('combobox', { name: 'Type' }).waitFor();
    await e.shot(page, 'templates-super-new');

    // The shipped template is editable for a super user, and prints to a PDF.
    await page.goto('/invoiceTemplates');
    await page.getByRole('link', { name: 'Tax Invoice', exact: true }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await page.getByText('This template comes with Fieldbook.').count()).toBe(0);
    await page.getByRole('button', { name: 'Generate PDF' }).click();
    const viewer = page.getByRole('dialog', { name: /PDF/ });
    await viewer
      .getByRole('button', { name: 'Download', exact: true })
      .waitFor({ timeout: 30_000 });
    await e.shot(page, 'templates-super-pdf');
    await viewer.getByRole('button', { name: 'Close' }).first().click();
    await viewer.waitFor({ state: 'hidden' });

    // The switch reads as the list does: a shipped template is every company's.
    const allCompanies = page
      .getByRole('group', { name: 'Platform controls' })
      .getByRole('switch', { name: 'All Companies' });
    expect(await allCompanies.isChecked()).toBe(true);
    expect(await allCompanies.isDisabled()).toBe(true);

    // Editing it is an explicit choice that names every company; Cancel leaves it alone.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Change it for every company?' });
    await ask.getByText(/change it for every company/).waitFor();
    await e.shot(page, 'templates-super-confirm-shared-edit');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await ask.getByRole('button', { name: 'Edit for every company' }).click();
    await page
      .getByText('The changes you save here change this template for every company.')
      .waitFor();
    const body = page.getByRole('textbox', { name: /^E-mail body/ });
    await body.fill(`${await body.inputValue()}\nChanged by the platform.`);
    await (await headerButton(page, 'Save')).click();
    await page.getByText('Invoice template saved').first().waitFor();
    const taxInvoice = (
      await admin.api.get(`/api/companies/${adminCompany}/invoiceTemplate`)
    ).body.find((t: { builtIn: string }) => t.builtIn === 'tax-invoice');
    expect(taxInvoice.invoiceTemplateEmailBody).toContain('Changed by the platform.');

    // Or copy it instead, from the same question: the copy is the company's own.
    await dismissNotifications(page);
    await page.goto('/statementTemplates');
    await page.getByRole('link', { name: 'Statement', exact: true }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await ask.getByRole('button', { name: 'Copy to my company' }).click();
    await page.getByRole('heading', { name: 'Statement (copy)' }).waitFor();
    expect(await allCompanies.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // The company's own template: no question.
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    expect(await ask.count()).toBe(0);
  });
});

describe('a super user who is a member without settings rights', () => {
  it('sees the templates but no New, Edit or Copy, which the server would refuse', async () => {
    const own = await owner.api.post(`/api/companies/${companyId}/invoiceTemplate`, {
      invoiceTemplateName: 'Own template',
      template: '<h1>Own {{invoice.title}}</h1>',
    });
    expect(own.status).toBe(200);
    const member = await buildMember(e.h, companyId, {
      ...allRights(false),
      invoices: { r: true },
    });
    await e.h.deps.database.db.update(users).set({ rank: 'super' }).where(eq(users.id, member.id));
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-templates-super-member'));
    await signIn(page, member.username, member.password);
    await page.goto('/invoiceTemplates');
    await page.getByRole('heading', { name: 'Invoice Templates' }).waitFor();
    const shipped = page.getByRole('link', { name: 'Tax Invoice', exact: true });
    await shipped.waitFor();
    expect(await page.getByRole('link', { name: 'New' }).count()).toBe(0);

    // The shipped template (editable by rank super, but not without settings u) and the
    // company's own: read-only, and nothing to copy.
    for (const name of ['Tax Invoice', 'Own template']) {
      await page.goto('/invoiceTemplates');
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { name, exact: true }).waitFor();
      await preview(page)
        .getByRole('heading', { name: /Tax Invoice/ })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Copy to my company' }).count()).toBe(0);
    }
    await e.shot(page, 'templates-super-member-readonly');
  });
});

describe('company settings', () => {
  it('keeps the address, phone, PayFast details and default templates', async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-templates-settings'));
    await signIn(page, 'naledi', 'template password 1');

    await page.goto(`/company/${companyId}`);
    await page.getByLabel('Address', { exact: true }).fill('4 Long Street\nCape Town 8001');
    await page.getByLabel('Phone', { exact: true }).fill('021 555 0100');

    // Documents: the invoice default chosen from the list earlier; quotes use the shipped one.
    await page.getByRole('tab', { name: 'Documents' }).click();
    const invoiceSelect = page.getByRole('combobox', { name: 'Invoice template' });
    await expect.poll(() => invoiceSelect.inputValue()).toBe('Tax Invoice (copy)');
    expect(await page.getByRole('combobox', { name: 'Quote template' }).inputValue()).toBe(
      'Fieldbook default (Quotation)',
    );
    await page.getByRole('combobox', { name: 'Statement template' }).click();
    await page.getByRole('option', { name: 'Statement (All companies)' }).click();

    // Payments: a wrong merchant id is named before anything is sent; the passphrase is write-only.
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByLabel('Accept payments with PayFast').check();
    await page.getByLabel('Merchant ID').fill('10000100x');
    await page.getByLabel('Merchant key').fill('46f0cd694581a');
    await page.getByLabel('Passphrase', { exact: true }).fill('jt7NOE43FZPn');
    await page.getByLabel('Hide the PAID / UNPAID label').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter the merchant id (digits)').waitFor();
    await page.getByLabel('Merchant ID').fill('10000100');
    await e.shot(page, 'templates-company-payments');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Company settings saved').first().waitFor();

    const co = (await owner.api.get(`/api/companies/${companyId}`)).body;
    const statement = (await owner.api.get(`/api/companies/${companyId}/statementTemplate`)).body;
    expect(co).toMatchObject({
      address: '4 Long Street\nCape Town 8001',
      phone: '021 555 0100',
      payfast: {
        merchantId: '10000100',
        merchantKey: '46f0cd694581a',
        sandbox: false,
        hasPassphrase: true,
      },
      hideInvoiceLabel: true,
      statementTemplateId: statement.find((t: { builtIn: string }) => t.builtIn === 'statement')
        ._id,
    });
    expect(co.invoiceTemplateId).toBeTruthy();
    await page.reload();
    await page.getByLabel('Passphrase', { exact: true }).waitFor();
    expect(await page.getByLabel('Passphrase', { exact: true }).getAttribute('placeholder')).toBe(
      'stored',
    );
    expect(await page.getByLabel('Passphrase', { exact: true }).inputValue()).toBe('');
  });
});

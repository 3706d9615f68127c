import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_TAX } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, type Size } from '../support/viewport.js';

let e: E2E;
let staff: TestUser;
let companyId: string;
let clientId: string;

beforeAll(async () => {
  e = await startE2E();
  staff = await buildUser(e.h, { username: 'thandi', password: 'invoice password 1' });
  companyId = (await buildCompany(e.h, staff)).id;
  // VAT 15 % exclusive.
  const co = await staff.api.post(`/api/companies/${companyId}`, {
    companyName: 'Thandi Plumbing',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  clientId = await buildClient(staff.api, companyId, {
    name: 'Lerato',
    surname: 'Mokoena',
    email: 'lerato@example.test',
  });
  const item = await staff.api.post(`/api/companies/${companyId}/item/${randomUUID()}`, {
    code: 'SVC',
    description: 'Service call',
    category: 'Labour',
    price: 450,
    hasTax: true,
    hasSecondTax: true,
  });
  expect(item.status, JSON.stringify(item.body)).toBe(200);
});
afterAll(() => e.close());

const total = (page: Page, which: string) => page.getByTestId(`totals-${which}`).innerText();

/** Wait for the notifications to close themselves: they sit over the header's buttons. */
async function dismissNotifications(page: Page) {
  await expect
    .poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 20_000 })
    .toBe(0);
}

describe('an owner with VAT 15 % exclusive', () => {
  it('quotes, converts to an invoice, takes payment and sees it in the list and the statement', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-invoices'));
    await signIn(page, 'thandi', 'invoice password 1');

    await page.goto('/invoices');
    await page.getByRole('link', { name: 'New Quote' }).click();
    await page.getByRole('heading', { name: 'New Quote' }).waitFor();

    // The client, from the selection modal.
    await page.getByRole('button', { name: 'Select client' }).click();
    const modal = page.getByRole('dialog', { name: 'Select a client' });
    await modal.getByLabel('Search clients').fill('lerato');
    await modal.getByRole('button', { name: /Lerato Mokoena/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByText('lerato@example.test').waitFor();

    // A line picked from the price list, two of them.
    await page.getByRole('combobox', { name: 'Saved item' }).click();
    await page.getByRole('option', { name: /Service call/ }).click();
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe('Service call');
    await page.getByLabel('Qty', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    // A typed line: the spec's messages first, then Save item.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Please enter a description').waitFor();
    await page.getByLabel('Description', { exact: true }).fill('Travel');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Both Price and Qty must be entered').waitFor();
    await page.getByLabel('Price', { exact: true }).fill('120');
    await page.getByLabel('Save item').check();
    await page
      .getByText('The item will not be added to the save items until the quote/invoice is saved')
      .waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await page.getByLabel('Description of line 2').inputValue()).toBe('Travel');

    // 2 × 450 + 120 = 1,020.00; VAT 153.00; total 1,173.00.
    expect(await total(page, 'subtotal')).toBe('R1,020.00');
    expect(await total(page, 'tax1')).toBe('R153.00');
    expect(await total(page, 'total')).toBe('R1,173.00');
    await e.shot(page, 'invoice-editor-edit');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Quote saved').first().waitFor();
    await page.getByText('Added to the price list: Travel').first().waitFor();
    await dismissNotifications(page);
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    const invoiceId = page.url().split('/').pop()!;
    await page.getByTestId('quote-number').waitFor();
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).isVisible()).toBe(true);

    // Convert: toggle to Invoice and save; it gets an invoice number.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.locator('label', { hasText: /^Invoice$/ }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Invoice saved').first().waitFor();
    await dismissNotifications(page);
    const number = await page.getByTestId('invoice-number').innerText();
    expect(number).toMatch(/^INV\d{5}$/);
    await page.getByRole('heading', { name: `Invoice ${number}` }).waitFor();

    // Mark as paid through the pay modal.
    await page.getByRole('button', { name: 'Mark As Paid' }).click();
    const pay = page.getByRole('dialog', { name: 'Payment' });
    expect(await pay.getByRole('switch', { name: 'Paid' }).isChecked()).toBe(true);
    expect(await pay.getByLabel('Amount Paid').inputValue()).toBe('R1,173.00');
    await pay.getByRole('combobox', { name: 'Payment Method' }).click();
    await page.getByRole('option', { name: 'EFT' }).click();
    await pay.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status', { name: 'Paid' }).waitFor();
    expect(await total(page, 'balance')).toBe('R0.00');
    await e.shot(page, 'invoice-paid');

    const saved = await staff.api.get(`/api/companies/${companyId}/invoices/${invoiceId}`);
    expect(saved.body).toMatchObject({
      paid: true,
      amountPaid: 1173,
      methodPaid: 'EFT',
      isQuote: false,
      totals: { subtotal: 1020, tax1: 153, total: 1173 },
      balance: 0,
    });

    // Leaving with unsaved edits asks first; Save saves and leaves.
    await dismissNotifications(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Notes').fill('Paid in full, thank you');
    await page.getByRole('main').getByRole('link', { name: 'Invoices', exact: true }).click();
    await page.getByText('Do you want to save the changes?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/invoices');
    const noted = await staff.api.get(`/api/companies/${companyId}/invoices/${invoiceId}`);
    expect(noted.body).toMatchObject({ notes: 'Paid in full, thank you', paid: true });

    // The list: the row is paid, the Paid box holds its total.
    const row = page.getByRole('row').filter({ hasText: number });
    await row.getByText('paid', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('Lerato Mokoena');
    await expect.poll(() => page.getByLabel('Paid total').innerText()).toContain('R1,173.00');
    await page.getByRole('tab', { name: /^Paid/ }).click();
    const pie = page.getByLabel('Payment Methods');
    await pie.getByRole('paragraph').filter({ hasText: /^EFT$/ }).waitFor();
    expect(await pie.innerText()).toContain('R1,173.00');
    await e.shot(page, 'invoices-list');

    // Selecting: an unpaid invoice of today (R115.00 with VAT) is picked, the paid one not.
    const open = await staff.api.post(`/api/companies/${companyId}/invoices`, {
      invoiceDate: new Date().toISOString(),
      dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      entityId: clientId,
      descriptions: [{ description: 'Follow-up visit', qty: 1, price: 100 }],
    });
    expect(open.status).toBe(200);
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'un-paid' }).first().waitFor();
    await page.getByRole('button', { name: 'Select All Not Paid' }).click();
    await expect
      .poll(() => page.getByTestId('selected-count').innerText())
      .toBe('1 selected, R115.00 owed');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('selected-count').waitFor({ state: 'detached' });

    // The typed line joined the price list.
    await page.getByRole('main').getByRole('link', { name: 'Price list' }).click();
    await page.getByRole('heading', { name: 'Price list' }).waitFor();
    await page.getByRole('cell', { name: 'Travel', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const itemModal = page.getByRole('dialog', { name: 'Add Item' });
    await itemModal.getByRole('button', { name: 'Save' }).click();
    await itemModal.getByText('Please enter all required fields').waitFor();
    await itemModal.getByRole('button', { name: 'Cancel' }).click();
    await e.shot(page, 'price-list');

    // The client's statement shows the invoice and its payment.
    await page.goto(`/clients/${clientId}`);
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByText(number).first().waitFor();
    await context.close();
  });

  it('reloads the jobs after an invoice save (spec §4: invoice, appointment, item and client data)', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-invoice-reloads-jobs'));
    await signIn(page, 'thandi', 'invoice password 1');
    const jobsRead = () =>
      page.waitForRequest(
        (r) =>
          r.method() === 'GET' &&
          /\/appointments\/(activeJobs|cards)$/.test(new URL(r.url()).pathname),
      );
    // The calendar reads the jobs once; they stay fresh in the cache for 30 s.
    const first = jobsRead();
    await page.getByRole('link', { name: 'Calendar', exact: true }).click();
    await first;
    // As a user does: the board (the menu's Calendar) is on screen before the next item is picked.
    await page.getByRole('heading', { name: 'Status board' }).waitFor();

    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.getByRole('link', { name: 'New Invoice' }).click();
    await page.getByRole('button', { name: 'Select client' }).click();
    const modal = page.getByRole('dialog', { name: 'Select a client' });
    await modal.getByLabel('Search clients').fill('lerato');
    await modal.getByRole('button', { name: /Lerato Mokoena/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByLabel('Description', { exact: true }).fill('Geyser check');
    await page.getByLabel('Price', { exact: true }).fill('300');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Invoice saved').first().waitFor();

    // Back on the calendar within the 30 s: the save made the jobs stale, so they are read again.
    const again = jobsRead();
    await page.getByRole('link', { name: 'Calendar', exact: true }).click();
    await again;
    await context.close();
  });

  /** Part payments (DECISIONS §16, docs/payments.md), at both sizes. */
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`records part payments, removes one and sees the balance follow (${size})`, async () => {
      const made = await staff.api.post(`/api/companies/${companyId}/invoices`, {
        invoiceDate: new Date().toISOString(),
        dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        entityId: clientId,
        descriptions: [{ description: `Geyser install ${size}`, qty: 1, price: 1000 }],
      });
      expect(made.status).toBe(200);
      const id = made.body._id as string;
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-part-payments-${size}`));
      await signIn(page, 'thandi', 'invoice password 1');
      await page.goto(`/invoices/${id}`);
      const panel = page.getByRole('region', { name: 'Payments' });
      await panel.getByText('No payments yet.').waitFor();
      expect(await panel.getByLabel('State: Unpaid').isVisible()).toBe(true);

      // A 30 % deposit by EFT: the amount starts at the balance (R1,150.00 with VAT).
      await panel.getByRole('button', { name: 'Record payment' }).click();
      const modal = page.getByRole('dialog', { name: 'Record payment' });
      expect(await modal.getByLabel('Amount').inputValue()).toBe('R1,150.00');
      await modal.getByLabel('Amount').fill('2000');
      await modal.getByRole('button', { name: 'Record' }).click();
      await modal.getByText('Amount must not be more than the balance').waitFor();
      await modal.getByLabel('Amount').fill('345');
      await modal.getByRole('combobox', { name: 'Payment Method' }).click();
      await page.getByRole('option', { name: 'EFT' }).click();
      await modal.getByLabel('Reference').fill('DEP-30');
      await modal.getByRole('button', { name: 'Record' }).click();
      await modal.waitFor({ state: 'hidden' });
      await panel.getByLabel('State: Partly paid').waitFor();
      expect(await panel.getByTestId('payments-balance').innerText()).toBe('R805.00');
      expect(await page.getByTestId('totals-balance').innerText()).toBe('R805.00');
      await panel.getByText('DEP-30').waitFor();

      // The rest in cash: Paid, with the banner.
      await panel.getByRole('button', { name: 'Record payment' }).click();
      expect(await modal.getByLabel('Amount').inputValue()).toBe('R805.00');
      await modal.getByRole('combobox', { name: 'Payment Method' }).click();
      await page.getByRole('option', { name: 'Cash' }).click();
      await modal.getByRole('button', { name: 'Record' }).click();
      await modal.waitFor({ state: 'hidden' });
      await panel.getByLabel('State: Paid').waitFor();
      await page.getByRole('status', { name: 'Paid' }).waitFor();
      expect(await panel.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
      await e.shot(page, `invoice-part-payments-${size}`);

      // The deposit taken off (asked first): back to Partly paid, also after a reload.
      await panel.getByRole('button', { name: /Remove the payment of R345\.00/ }).click();
      await page.getByText('Are you sure you want to remove this payment?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await panel.getByLabel('State: Partly paid').waitFor();
      await page.reload();
      await panel.getByLabel('State: Partly paid').waitFor();
      expect(await panel.getByTestId('payments-balance').innerText()).toBe('R345.00');
      const saved = await staff.api.get(`/api/companies/${companyId}/invoices/${id}`);
      expect(saved.body).toMatchObject({ paid: false, amountPaid: 805, methodPaid: 'Cash' });

      // The list says part paid (a row on a desktop, a card on a phone).
      await page.goto('/invoices');
      await page.getByText(saved.body.invoiceNumber).first().waitFor();
      await page.getByRole('main').getByText('part paid', { exact: true }).first().waitFor();
      await context.close();
    });
  }

  /** Credit notes (VAT Act s21(3)(a), docs/payments.md), at both sizes. */
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`issues a credit note for one line and sees the balance follow (${size})`, async () => {
      const made = await staff.api.post(`/api/companies/${companyId}/invoices`, {
        invoiceDate: new Date().toISOString(),
        dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        entityId: clientId,
        descriptions: [
          { description: `Geyser valve ${size}`, qty: 2, price: 100 },
          { description: 'Call-out', qty: 1, price: 50 },
        ],
      });
      expect(made.status).toBe(200);
      const id = made.body._id as string;
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-credit-note-${size}`));
      await signIn(page, 'thandi', 'invoice password 1');
      await page.goto(`/invoices/${id}`);
      const panel = page.getByRole('region', { name: 'Credit notes' });
      await panel.getByText('No credit notes.').waitFor();
      expect(await page.getByTestId('totals-balance').innerText()).toBe('R287.50');

      await panel.getByRole('button', { name: 'Issue credit note' }).click();
      const modal = page.getByRole('dialog', { name: 'Issue credit note' });
      await modal.getByRole('button', { name: 'Issue' }).click();
      await modal.getByText('Reason is required').waitFor();
      await modal.getByText('Pick at least one line').waitFor();
      await modal.getByRole('checkbox', { name: /Geyser valve/ }).check();
      await expect
        .poll(() => modal.getByTestId('credit-preview').innerText())
        .toBe('Credits R230.00, of which VAT R30.00');
      await modal.getByLabel('Reason').fill('Valve returned unused');
      await modal.getByRole('button', { name: 'Issue' }).click();
      await modal.waitFor({ state: 'hidden' });
      await panel.getByText('Valve returned unused').waitFor();
      await panel
        .getByText(/^CN\d{5}/)
        .first()
        .waitFor();
      await expect.poll(() => page.getByTestId('totals-credited').innerText()).toBe('-R230.00');
      expect(await page.getByTestId('totals-balance').innerText()).toBe('R57.50');
      await e.shot(page, `invoice-credit-note-${size}`);

      // More than the invoice still carries is refused before it is sent.
      await panel.getByRole('button', { name: 'Issue credit note' }).click();
      await modal.getByText('An amount', { exact: true }).click();
      await modal.getByLabel('Amount', { exact: true }).fill('60');
      await modal.getByLabel('Reason').fill('Too much');
      await modal.getByRole('button', { name: 'Issue' }).click();
      await modal
        .getByText('Amount must not be more than the R57.50 the invoice still carries')
        .waitFor();
      await modal.getByRole('button', { name: 'Cancel' }).click();

      // After a reload the note and the balance are still there; the server agrees.
      await page.reload();
      await panel.getByText('Valve returned unused').waitFor();
      const saved = await staff.api.get(`/api/companies/${companyId}/invoices/${id}`);
      expect(saved.body).toMatchObject({ amountCredited: 230, balance: 57.5 });
      await context.close();
    });
  }
});

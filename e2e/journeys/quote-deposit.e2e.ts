import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEFAULT_TAX, formatMoney, monthHeading, todayIn } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import {
  buildClient,
  buildInvoice,
  line,
} from '../../apps/server/test/support/finance-factories.js';
import {
  startPayfastStandIn,
  type PayfastStandIn,
} from '../../apps/server/test/support/payfast-stand-in.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, type Size } from '../support/viewport.js';

/**
 * A quote asks for a 30 % deposit; the client accepts and signs it in their portal and pays the
 * deposit on the quote's page through PayFast (its stand-in); the owner sees the acceptance and
 * the payment and turns the quote into an invoice that shows the deposit paid (docs/payments.md,
 * "Deposits"; docs/portal.md); a second part payment by hand and a credit note for one line
 * follow, and the statement and the income statement show all of it. At desktop and phone
 * size. The portal after its link is revoked is portal.e2e.ts.
 */
const PASS = 'fieldbook sandbox';
const TZ = 'Africa/Johannesburg';
/** Runs so far (desktop, then phone): each adds R2,000 of sales this month. */
let runs = 0;

let e: E2E;
let pf: PayfastStandIn;
let owner: TestUser;
let companyId: string;
let clientId: string;

beforeAll(async () => {
  e = await startE2E();
  pf = await startPayfastStandIn(PASS);
  e.h.deps.config.payfastUrl = pf.url;
  owner = await buildUser(e.h, { username: 'sibusiso', password: 'deposit password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  const co = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Sibusiso Solar',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false },
    payfast: {
      merchantId: '10000100',
      merchantKey: '46f0cd694581a',
      passphrase: PASS,
      sandbox: true,
    },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  clientId = await buildClient(owner.api, companyId, { name: 'Zanele', surname: 'Khumalo' });
});
afterAll(async () => {
  await e.close();
  await pf.close();
});

describe('a quote with a deposit', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`asks 30 %, is paid through PayFast and becomes an invoice showing it (${size})`, async () => {
      // R2,000 + R200 + VAT 15 % = R2,530; 30 % = R759, dated today (this month's books).
      const today = todayIn(TZ);
      const quote = await buildInvoice(owner.api, companyId, clientId, {
        isQuote: true,
        invoiceDate: today,
        dueDate: today,
        to: 'Zanele Khumalo',
        descriptions: [
          line({ description: `Inverter install ${size}`, qty: 1, price: 2000 }),
          line({ description: 'Site survey', qty: 1, price: 200 }),
        ],
      });
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-quote-deposit-${size}`));
      await signIn(page, 'sibusiso', 'deposit password 1');
      await page.goto(`/invoices/${quote._id}`);
      await page.getByTestId('quote-number').waitFor();

      // The owner asks for a deposit: 30 % by default, worked out as it is typed.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('switch', { name: 'Ask for a deposit' }).click({ force: true });
      await expect.poll(() => page.getByTestId('deposit-amount').innerText()).toBe('R759.00');
      // An amount above the total is refused by the server, naming the field.
      await page.getByText('Amount', { exact: true }).last().click();
      await page.getByLabel('Deposit amount').fill('5000');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByText(/must not be more than the total of R2,530\.00/)
        .first()
        .waitFor();
      await page.getByText('Percentage', { exact: true }).last().click();
      await page.getByLabel('Deposit %').fill('30');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Quote saved').first().waitFor();
      await page.getByText('30% (R759.00) · R759.00 due').waitFor();
      await e.shot(page, `quote-deposit-asked-${size}`);

      // The client opens their portal, accepts and signs the quote, then pays the deposit.
      const made = await owner.api.post(
        `/api/companies/${companyId}/entities/${clientId}/portal-link`,
        {},
      );
      const portal = new URL(made.body.url as string).pathname;
      const client = await newSizedPage(e, size);
      onTestFailed(() => e.shot(client.page, `failed-quote-deposit-portal-${size}`));
      await client.page.goto(portal);
      const quotes = client.page.getByRole('list', { name: 'Quotes' });
      await quotes.getByText(`deposit due R759.00`).waitFor();
      await quotes.getByRole('button', { name: `Accept ${quote.quoteNumber}` }).click();
      const accept = client.page.getByRole('dialog', { name: `Accept quote ${quote.quoteNumber}` });
      await accept.getByRole('button', { name: 'Accept quote' }).click();
      await accept.getByText('Please type your full name').waitFor();
      await accept.getByLabel('Your full name').fill('Zanele Khumalo');
      await accept.getByLabel('Order (PO) number, if you have one').fill('PO-4471');
      const pad = (await accept.getByTestId('signature-pad').boundingBox())!;
      await client.page.mouse.move(pad.x + 20, pad.y + pad.height / 2);
      await client.page.mouse.down();
      await client.page.mouse.move(pad.x + pad.width / 2, pad.y + 30, { steps: 8 });
      await client.page.mouse.move(pad.x + pad.width - 20, pad.y + pad.height - 30, { steps: 8 });
      await client.page.mouse.up();
      await e.shot(client.page, `portal-accept-quote-${size}`);
      await accept.getByRole('button', { name: 'Accept quote' }).click();
      await accept.waitFor({ state: 'hidden' });
      await quotes.getByText(/^Accepted /).waitFor();
      expect(
        await quotes.getByRole('button', { name: `Accept ${quote.quoteNumber}` }).count(),
      ).toBe(0);

      await quotes.getByRole('link', { name: `View & pay deposit ${quote.quoteNumber}` }).click();
      await expect
        .poll(() => client.page.getByTestId('public-deposit').innerText())
        .toBe('Deposit due R759.00');
      await e.shot(client.page, `public-quote-deposit-${size}`);
      const notified = pf.notified.length;
      await client.page.getByRole('button', { name: 'Pay deposit' }).click();
      await client.page.waitForURL(`${pf.url}/eng/process`);
      expect(await client.page.getByTestId('pf-amount').innerText()).toBe('R 759.00');
      await client.page.getByRole('button', { name: 'Complete payment' }).click();
      await client.page.waitForURL((u) => u.pathname.startsWith('/view/c/'));
      expect(pf.notified.slice(notified)).toEqual([200]);
      await expect
        .poll(() => client.page.getByTestId('public-deposit').innerText())
        .toBe('Deposit of R759.00 paid');
      expect(await client.page.getByRole('button', { name: 'Pay deposit' }).count()).toBe(0);
      await client.context.close();

      // The owner sees the deposit on the quote, then turns it into an invoice.
      await page.reload();
      await page.getByText('30% (R759.00) · paid').waitFor();
      const accepted = page.getByRole('status', { name: 'Accepted' });
      await accepted.getByText('Accepted by Zanele Khumalo').waitFor();
      await accepted.getByText(/PO number PO-4471/).waitFor();
      await accepted.getByRole('img', { name: 'Signature of Zanele Khumalo' }).waitFor();
      await e.shot(page, `quote-accepted-${size}`);
      const payments = page.getByRole('region', { name: 'Payments' });
      await payments
        .getByText(/Deposit on quote/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.locator('label', { hasText: /^Invoice$/ }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Invoice saved').first().waitFor();
      await page.getByTestId('invoice-number').waitFor();
      expect(await payments.getByLabel('State: Partly paid').count()).toBe(1);
      await expect.poll(() => payments.getByTestId('payments-paid').innerText()).toBe('R759.00');
      expect(await payments.getByTestId('payments-balance').innerText()).toBe('R1,771.00');
      expect(await page.getByTestId('totals-balance').innerText()).toBe('R1,771.00');
      await e.shot(page, `invoice-from-deposit-quote-${size}`);
      const invoiceNumber = await page.getByTestId('invoice-number').innerText();

      // A second part payment, by hand.
      await payments.getByRole('button', { name: 'Record payment' }).click();
      const record = page.getByRole('dialog', { name: 'Record payment' });
      await record.getByLabel('Amount').fill('500');
      await record.getByRole('button', { name: 'Record' }).click();
      await record.waitFor({ state: 'hidden' });
      await expect
        .poll(() => payments.getByTestId('payments-balance').innerText())
        .toBe('R1,271.00');

      // A credit note for one line: the site survey, R200 + VAT = R230.
      const notes = page.getByRole('region', { name: 'Credit notes' });
      await notes.getByRole('button', { name: 'Issue credit note' }).click();
      const issue = page.getByRole('dialog', { name: 'Issue credit note' });
      await issue.getByRole('checkbox', { name: /Site survey/ }).check();
      await expect
        .poll(() => issue.getByTestId('credit-preview').innerText())
        .toBe('Credits R230.00, of which VAT R30.00');
      await issue.getByLabel('Reason').fill('Survey not needed');
      await issue.getByRole('button', { name: 'Issue' }).click();
      await issue.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('totals-balance').innerText()).toBe('R1,041.00');
      const note = (
        await notes
          .getByText(/^CN\d{5}/)
          .first()
          .innerText()
      ).split(' ')[0]!;

      // The client's statement shows the invoice, both payments and the note.
      await page.goto(`/clients/${clientId}`);
      await page.getByRole('tab', { name: 'Account' }).click();
      await page.getByText(`Credit note ${note}`).first().waitFor();
      const mine = page.getByRole('row').filter({ hasText: invoiceNumber });
      await expect.poll(() => mine.filter({ hasText: `Payment ${invoiceNumber}` }).count()).toBe(2);
      await e.shot(page, `statement-deposit-part-credit-${size}`);

      // The income statement: this month's sales are the invoice less the note, R2,000 a run.
      runs += 1;
      await page.goto('/accounting');
      const sales = formatMoney(2000 * runs);
      await page
        .getByRole('button', {
          name: `Sales ${monthHeading(today.slice(0, 7))}: ${sales}`,
          exact: true,
        })
        .waitFor();
      await context.close();
    });
  }
});

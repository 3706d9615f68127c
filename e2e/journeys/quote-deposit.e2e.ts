import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEFAULT_TAX } from '@fieldbook/core';
import { invoices } from '../../apps/server/src/db/schema/index.js';
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
 * A quote asks for a 30 % deposit; the client pays it on the quote's page through PayFast (its
 * stand-in); the owner sees it and turns the quote into an invoice that shows the deposit paid
 * (docs/payments.md, "Deposits"). At desktop and phone size.
 */
const PASS = 'fieldbook sandbox';

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
      // R2,000 + VAT 15 % = R2,300; 30 % = R690.
      const quote = await buildInvoice(owner.api, companyId, clientId, {
        isQuote: true,
        to: 'Zanele Khumalo',
        descriptions: [line({ description: `Inverter install ${size}`, qty: 1, price: 2000 })],
      });
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-quote-deposit-${size}`));
      await signIn(page, 'sibusiso', 'deposit password 1');
      await page.goto(`/invoices/${quote._id}`);
      await page.getByTestId('quote-number').waitFor();

      // The owner asks for a deposit: 30 % by default, worked out as it is typed.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('switch', { name: 'Ask for a deposit' }).click({ force: true });
      await expect.poll(() => page.getByTestId('deposit-amount').innerText()).toBe('R690.00');
      // An amount above the total is refused by the server, naming the field.
      await page.getByText('Amount', { exact: true }).last().click();
      await page.getByLabel('Deposit amount').fill('5000');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByText(/must not be more than the total of R2,300\.00/)
        .first()
        .waitFor();
      await page.getByText('Percentage', { exact: true }).last().click();
      await page.getByLabel('Deposit %').fill('30');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Quote saved').first().waitFor();
      await page.getByText('30% (R690.00) · R690.00 due').waitFor();
      await e.shot(page, `quote-deposit-asked-${size}`);

      // The client opens the quote's link and pays the deposit.
      const [row] = await e.h.deps.database.db
        .select({ key: invoices.publicKey })
        .from(invoices)
        .where(eq(invoices.id, quote._id));
      const link = `/view/c/${companyId}/e/${clientId}/i/${row!.key}`;
      const client = await newSizedPage(e, size);
      onTestFailed(() => e.shot(client.page, `failed-quote-deposit-public-${size}`));
      await client.page.goto(link);
      await expect
        .poll(() => client.page.getByTestId('public-deposit').innerText())
        .toBe('Deposit due R690.00');
      await e.shot(client.page, `public-quote-deposit-${size}`);
      const notified = pf.notified.length;
      await client.page.getByRole('button', { name: 'Pay deposit' }).click();
      await client.page.waitForURL(`${pf.url}/eng/process`);
      expect(await client.page.getByTestId('pf-amount').innerText()).toBe('R 690.00');
      await client.page.getByRole('button', { name: 'Complete payment' }).click();
      await client.page.waitForURL((u) => u.pathname === link);
      expect(pf.notified.slice(notified)).toEqual([200]);
      await expect
        .poll(() => client.page.getByTestId('public-deposit').innerText())
        .toBe('Deposit of R690.00 paid');
      expect(await client.page.getByRole('button', { name: 'Pay deposit' }).count()).toBe(0);
      await client.context.close();

      // The owner sees the deposit on the quote, then turns it into an invoice.
      await page.reload();
      await page.getByText('30% (R690.00) · paid').waitFor();
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
      await expect.poll(() => payments.getByTestId('payments-paid').innerText()).toBe('R690.00');
      expect(await payments.getByTestId('payments-balance').innerText()).toBe('R1,610.00');
      expect(await page.getByTestId('totals-balance').innerText()).toBe('R1,610.00');
      await e.shot(page, `invoice-from-deposit-quote-${size}`);
      await context.close();
    });
  }
});

import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { todayIn } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { startReceiver, verified } from '../../apps/server/test/support/webhook-receiver.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings } from '../support/axe.js';
import { newSizedPage, sidewaysOverflow, type Size } from '../support/viewport.js';

/**
 * Signed webhooks (docs/webhooks.md): the owner adds a webhook pointing at a
 * receiver started here (the operator's switch lets it be on 127.0.0.1),
 * copies its secret from the page, records a payment that pays an invoice,
 * and sees the delivery in the log; the receiver checks the signature with
 * the standardwebhooks library. At both sizes.
 */
let e: E2E;
let staff: TestUser;
let companyId: string;
let clientId: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  e = await startE2E({ workers: true });
  e.h.deps.config.webhooks.allowPrivate = true;
  receiver = await startReceiver();
  staff = await buildUser(e.h, { username: 'thabo', password: 'webhook password 1' });
  companyId = (await buildCompany(e.h, staff)).id;
  clientId = await buildClient(staff.api, companyId, { name: 'Ayanda', surname: 'Khumalo' });
});
afterAll(async () => {
  await receiver.close();
  await e.close();
});

async function invoice(size: Size) {
  const today = todayIn('Africa/Johannesburg');
  const r = await staff.api.post(`/api/companies/${companyId}/invoices`, {
    invoiceDate: today,
    dueDate: today,
    entityId: clientId,
    descriptions: [{ description: `Geyser ${size}`, qty: 1, price: 800 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

describe('webhooks', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`adds a webhook, pays an invoice and sees the signed delivery in the log (${size})`, async () => {
      const invoiceId = await invoice(size);
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-webhooks-${size}`));
      await signIn(page, 'thabo', 'webhook password 1');
      if (size === 'desktop')
        await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
      else await page.goto('/webhooks');
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();

      await page.getByRole('button', { name: 'Add webhook' }).click();
      const form = page.getByRole('dialog', { name: 'Add webhook' });
      const path = `/books-${size}`;
      await form.getByLabel('URL').fill(receiver.url(path));
      await form.getByLabel('Description').fill(`Books ${size}`);
      await form.getByLabel('An invoice is paid in full').check();
      await form.getByRole('button', { name: 'Save' }).click();

      // The secret, shown once, read from the page as the integrator would copy it.
      const shown = page.getByRole('dialog', { name: 'Signing secret' });
      const secret = await shown.getByTestId('webhook-secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await e.shot(page, `webhooks-secret-${size}`);
      await shown.getByRole('button', { name: 'Done' }).click();
      const card = page.getByTestId('webhook-endpoint').filter({ hasText: `Books ${size}` });
      await card.getByText('invoice.paid').waitFor();
      if (size === 'phone') expect(await sidewaysOverflow(page)).toBe(0);
      const onPage = await axeFindings(page);
      expect(onPage, describeFindings(onPage)).toEqual([]);

      // The invoice is paid in full: its event reaches the receiver, signed.
      const paid = await staff.api.post(
        `/api/companies/${companyId}/invoices/${invoiceId}/payments`,
        { amount: 800, method: 'EFT' },
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const [got] = (await receiver.until((l) => l.some((r) => r.path === path))).filter(
        (r) => r.path === path,
      );
      expect(verified(secret, got!)).toMatchObject({
        type: 'invoice.paid',
        data: { invoiceId, balance: 0 },
      });

      // The log shows it delivered, with the receiver's answer.
      await card.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries' });
      const row = log.getByTestId('webhook-delivery').filter({ hasText: 'invoice.paid' });
      await row.getByText('Delivered').waitFor();
      await row.getByText(/answered 200/).waitFor();
      await e.shot(page, `webhooks-log-${size}`);
      const inLog = await axeFindings(page);
      expect(inLog, describeFindings(inLog)).toEqual([]);
      if (size === 'phone') expect(await sidewaysOverflow(page)).toBe(0);
      await log.getByRole('button', { name: 'Close' }).click();

      // A test event from the page arrives too, and shows in the log.
      await card.getByRole('button', { name: 'Send test event' }).click();
      await page.getByRole('dialog', { name: 'Deliveries' }).waitFor();
      const test = page
        .getByRole('dialog', { name: 'Deliveries' })
        .getByTestId('webhook-delivery')
        .filter({ hasText: 'webhook.test' });
      await test.getByText('Delivered').waitFor();
      const tests = receiver.received.filter((r) => r.path === path);
      expect(tests.map((r) => verified(secret, r).type)).toContain('webhook.test');
      await context.close();
    });
  }
});

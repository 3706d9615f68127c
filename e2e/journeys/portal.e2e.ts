import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEFAULT_TAX } from '@fieldbook/core';
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
import { buildJob, buildType } from '../../apps/server/test/support/jobs-helpers.js';
import { pdfText } from '../../apps/server/test/support/pdf-text.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, type Size } from '../support/viewport.js';

/**
 * The client portal (docs/portal.md): the owner makes a link on the client's Account tab; the
 * client opens it (desktop and phone), sees what they owe, their quote and their next job, opens
 * an invoice's page and comes back, downloads the statement; the owner revokes the link and the
 * portal closes.
 */
let e: E2E;
let owner: TestUser;
let companyId: string;
let clientId: string;
let invoiceNumber: string;

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'nomvula', password: 'portal password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  const co = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Nomvula Plumbing',
    phone: '011 555 0199',
    address: '4 Main Road, Soweto',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  clientId = await buildClient(owner.api, companyId, {
    name: 'Kagiso',
    surname: 'Molefe',
    email: 'kagiso@example.test',
  });
  // R1,000 + VAT = R1,150, due in a week.
  const inv = await buildInvoice(owner.api, companyId, clientId, {
    to: 'Kagiso Molefe',
    invoiceDate: new Date().toISOString(),
    dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    descriptions: [line({ description: 'Burst pipe repair', price: 1000 })],
  });
  invoiceNumber = inv.invoiceNumber as string;
  await buildInvoice(owner.api, companyId, clientId, {
    isQuote: true,
    to: 'Kagiso Molefe',
    descriptions: [line({ description: 'New geyser', price: 8000 })],
  });
  const type = await buildType(owner.api, companyId);
  const start = new Date(Date.now() + 3 * 86_400_000);
  await buildJob(owner.api, companyId, {
    appointmentTypeId: type._id,
    hasSchedule: true,
    isAllDayEvent: true,
    startDate: start.toISOString(),
    endDate: start.toISOString(),
    entityId: clientId,
    assignedUsers: [owner.id],
  });
});
afterAll(() => e.close());

/** The owner makes a new link on the Account tab and reads it off the screen. */
async function makeLink(size: Size): Promise<string> {
  const { page, context } = await newSizedPage(e, size);
  onTestFailed(() => e.shot(page, `failed-portal-link-${size}`));
  await signIn(page, 'nomvula', 'portal password 1');
  await page.goto(`/clients/${clientId}?tab=account`);
  const panel = page.getByRole('region', { name: 'Client portal' });
  await panel.getByTestId('portal-state-line').waitFor();
  // No link works now (none yet, or the last one revoked), so no question is asked.
  await panel.getByRole('button', { name: 'Make a new link' }).click();
  const url = await panel.getByTestId('portal-url').inputValue();
  expect(url).toMatch(/\/portal\/[A-Za-z0-9_-]{43}$/);
  await expect.poll(() => panel.getByTestId('portal-state').innerText()).toMatch(/active/i);
  await e.shot(page, `client-portal-panel-${size}`);
  await context.close();
  return new URL(url).pathname;
}

describe('the client portal', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`opens for the client with what they owe, quotes and jobs; closes when revoked (${size})`, async () => {
      const path = await makeLink(size);
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-portal-${size}`));
      await page.goto(path);
      await page.getByRole('heading', { name: 'Nomvula Plumbing' }).waitFor();
      expect(await page.getByTestId('portal-outstanding').innerText()).toBe('You owe R1,150.00');
      const toPay = page.getByRole('list', { name: 'Invoices to pay' });
      await toPay.getByText(invoiceNumber).waitFor();
      await page.getByRole('list', { name: 'Quotes' }).getByText('R9,200.00').waitFor();
      await page.getByRole('list', { name: 'Upcoming jobs' }).getByText('Test nomvula').waitFor();
      await page.getByRole('link', { name: '011 555 0199' }).waitFor();
      await e.shot(page, `portal-${size}`);

      // The statement as a PDF.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download statement' }).click(),
      ]);
      const text = await pdfText(fs.readFileSync((await download.path())!));
      expect(text).toContain(invoiceNumber);

      // The invoice's own page (view, PDF, pay), and back to the portal.
      await toPay.getByRole('link', { name: `View & pay ${invoiceNumber}` }).click();
      await page.getByRole('heading', { name: `Invoice ${invoiceNumber}` }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Nomvula Plumbing' }).waitFor();

      // The owner revokes the link: the portal closes on the next visit.
      const staff = await newSizedPage(e, size);
      await signIn(staff.page, 'nomvula', 'portal password 1');
      await staff.page.goto(`/clients/${clientId}?tab=account`);
      const panel = staff.page.getByRole('region', { name: 'Client portal' });
      await panel.getByRole('button', { name: 'Revoke' }).click();
      await staff.page
        .getByRole('dialog', { name: 'Revoke portal link' })
        .getByRole('button', { name: 'Revoke' })
        .click();
      await expect.poll(() => panel.getByTestId('portal-state').innerText()).toMatch(/revoked/i);
      await staff.context.close();

      await page.reload();
      await page.getByRole('heading', { name: 'Portal not found' }).waitFor();
      expect(await page.getByText('Burst pipe repair').count()).toBe(0);
      await e.shot(page, `portal-revoked-${size}`);
      await context.close();
    });
  }
});

import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_TAX, MSG, todayIn } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { pdfText } from '../../apps/server/test/support/pdf-text.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, type Size } from '../support/viewport.js';

/**
 * The company's credit notes (docs/payments.md "Credit notes", "Refunds"): a
 * paid invoice credited in full owes the client its value; the office finds
 * the note in the list, pays part of it back, sends it, and sees the refund on
 * the client's statement. At both sizes.
 */
let e: E2E;
let staff: TestUser;
let companyId: string;
let clientId: string;
const TZ = 'Africa/Johannesburg';

beforeAll(async () => {
  e = await startE2E();
  staff = await buildUser(e.h, { username: 'nomsa', password: 'credit password 1' });
  companyId = (await buildCompany(e.h, staff)).id;
  const co = await staff.api.post(`/api/companies/${companyId}`, {
    companyName: 'Nomsa Electrical',
    EmailAddress: 'office@nomsa.test',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  clientId = await buildClient(staff.api, companyId, {
    name: 'Sipho',
    surname: 'Dlamini',
    email: 'sipho@example.test',
  });
});
afterAll(() => e.close());

/** R100 + R50 with VAT 15 %: R172.50, paid in full, then credited in full today. */
async function paidAndCredited(size: Size) {
  const today = todayIn(TZ);
  const inv = await staff.api.post(`/api/companies/${companyId}/invoices`, {
    invoiceDate: today,
    dueDate: today,
    entityId: clientId,
    toEmail: 'sipho@example.test',
    descriptions: [
      { description: `Plug point ${size}`, qty: 1, price: 100 },
      { description: 'Call-out', qty: 1, price: 50 },
    ],
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(200);
  const id = inv.body._id as string;
  const url = `/api/companies/${companyId}/invoices/${id}`;
  expect((await staff.api.post(`${url}/payments`, { amount: 172.5 })).status).toBe(200);
  const note = await staff.api.post(`${url}/credit-notes`, {
    amount: 172.5,
    reason: `Job cancelled ${size}`,
  });
  expect(note.status, JSON.stringify(note.body)).toBe(200);
  return { invoiceId: id, number: note.body.number as string, noteId: note.body._id as string };
}

const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Please confirm' });

describe('credit notes of the company', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`finds a note owing the client, pays part back, sends it, and sees the statement follow (${size})`, async () => {
      const { invoiceId, number, noteId } = await paidAndCredited(size);
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-credit-notes-${size}`));
      await signIn(page, 'nomsa', 'credit password 1');
      if (size === 'desktop')
        await page.getByRole('link', { name: 'Credit notes', exact: true }).click();
      else await page.goto('/creditNotes');
      await page.getByRole('heading', { name: 'Credit notes' }).waitFor();
      const list = page.getByRole(size === 'desktop' ? 'table' : 'list', { name: 'Credit notes' });
      await list.getByText(number).waitFor();
      await list.getByText(`Job cancelled ${size}`).waitFor();
      await e.shot(page, `credit-notes-${size}`);

      // Part of what the note owes goes back to the client.
      await list.getByRole('button', { name: `Refunds of credit note ${number}` }).click();
      const refunds = page.getByRole('dialog', { name: `Refunds of credit note ${number}` });
      await refunds.getByText('R172.50 of it is still owed').waitFor();
      await refunds.getByLabel('Amount').fill('200');
      await refunds.getByRole('button', { name: 'Record refund' }).click();
      await refunds
        .getByText('Amount must not be more than what the note still owes the client')
        .waitFor();
      await refunds.getByLabel('Amount').fill('100');
      await refunds.getByLabel('Reference').fill(`EFT back ${size}`);
      await e.shot(page, `credit-note-refund-${size}`);
      await refunds.getByRole('button', { name: 'Record refund' }).click();
      await refunds.waitFor({ state: 'hidden' });
      await page.getByText('Refund of R100.00 recorded').waitFor();
      const row = list
        .getByRole(size === 'desktop' ? 'row' : 'listitem')
        .filter({ hasText: number });
      const owes =
        size === 'desktop'
          ? row.getByText('R72.50', { exact: true })
          : row.getByText(/owes R72\.50/);
      await owes.waitFor();

      // A reload keeps it; the server agrees.
      await page.reload();
      await list.getByText(number).waitFor();
      await owes.waitFor();
      const saved = await staff.api.get(`/api/companies/${companyId}/credit-notes/${noteId}`);
      expect(saved.body).toMatchObject({
        refunded: 100,
        refunds: [{ amount: 100, reference: `EFT back ${size}` }],
      });

      // The note by e-mail, its PDF attached.
      await list.getByRole('button', { name: `Send credit note ${number}` }).click();
      const send = page.getByRole('dialog', { name: `Send credit note ${number}` });
      await send
        .getByRole('list', { name: 'Recipients' })
        .getByText('sipho@example.test')
        .waitFor();
      const seen = e.h.mail.mails.length;
      await send.getByRole('button', { name: 'Send', exact: true }).click();
      await confirmDialog(page)
        .getByText(MSG.confirmSend.replace('invoice', 'credit note'))
        .waitFor();
      await confirmDialog(page).getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText(MSG.sent, { exact: true }).waitFor();
      const find = () =>
        e.h.mail.mails.slice(seen).find((m) => m.headers['x-fieldbook-credit-note'] === noteId);
      await expect.poll(find, { timeout: 20_000 }).toBeTruthy();
      const [pdf] = find()!.attachments;
      expect(pdf!.filename).toBe(`${number}.pdf`);
      expect(await pdfText(pdf!.content)).toContain(number);

      // The rest is kept for a later invoice of the client's, as a payment of it.
      const next = await staff.api.post(`/api/companies/${companyId}/invoices`, {
        invoiceDate: todayIn(TZ),
        dueDate: todayIn(TZ),
        entityId: clientId,
        descriptions: [{ description: `Later job ${size}`, qty: 1, price: 300 }],
      });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      const nextNumber = (
        await staff.api.get(`/api/companies/${companyId}/invoices/${next.body._id as string}`)
      ).body.invoiceNumber as string;
      await row.getByRole('button', { name: `Refunds of credit note ${number}` }).click();
      await refunds.getByText(`EFT back ${size}`).waitFor();
      await refunds.getByText('Keep for an invoice').click();
      await refunds.getByLabel('Invoice', { exact: true }).click();
      await page.getByRole('option', { name: new RegExp(`^${nextNumber} ·`) }).click();
      await expect.poll(() => refunds.getByLabel('Amount').inputValue()).toBe('R72.50');
      await e.shot(page, `credit-note-keep-${size}`);
      await refunds.getByRole('button', { name: 'Keep for the invoice' }).click();
      await refunds.waitFor({ state: 'hidden' });
      await page.getByText(`R72.50 kept for invoice ${nextNumber}`).waitFor();
      await expect.poll(() => owes.count()).toBe(0);
      const kept = await staff.api.get(
        `/api/companies/${companyId}/invoices/${next.body._id as string}`,
      );
      expect(kept.body).toMatchObject({ balance: 345 - 72.5, methodPaid: 'Credit note' });

      // Its invoice, then Back to the list of the same period.
      await row.getByRole('link').click();
      await page.waitForURL(`**/invoices/${invoiceId}`);
      await page.getByRole('region', { name: 'Credit notes' }).getByText(number).waitFor();
      await page.goBack();
      await list.getByText(number).waitFor();

      // The client's statement: the note, then the refund.
      await page.goto(`/clients/${clientId}`);
      await page.getByRole('tab', { name: 'Account' }).click();
      await page.getByText(`Refund ${number}`).first().waitFor();
      await page.getByText(`Credit note ${number} to `).first().waitFor();
      await page.getByText(`Credit note ${number}`).first().waitFor();
      await e.shot(page, `credit-note-statement-${size}`);
      await context.close();
    });
  }
});

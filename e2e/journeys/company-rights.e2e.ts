import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { MAX_RECIPIENTS } from '@fieldbook/core';
import { addMember } from '../../apps/server/src/areas/companies/companies.repo.js';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient, buildInvoice } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

/** Who may change rights, PayFast and the SMTP server; the send modal's recipient cap. */
let e: E2E;
let owner: TestUser;
let companyId: string;
beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'zanele', password: 'owner password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  const saved = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Zanele Electrical',
    payfast: { merchantId: '10000100', merchantKey: '46f0cd694581a', sandbox: true },
    smtp: { host: 'smtp.example.test', port: 587, secure: false, user: 'mailer', password: 'pw' },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => e.close());

/** A member in a group with these rights (made by the owner). */
async function member(username: string, rights: object) {
  const user = await buildUser(e.h, { username, password: 'member password 1' });
  const g = await owner.api.post(`/api/companies/${companyId}/groups`, {
    name: `Group of ${username}`,
    rights,
  });
  await addMember(e.h.deps.database.db, companyId, user.id, g.body._id);
  return user;
}

describe('a member who manages settings', () => {
  it('sees PayFast and the e-mail server read-only, and grants only rights they hold', async () => {
    await member('office', { settings: { c: true, r: true, u: true }, clients: { r: true } });
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-company-rights'));
    await signIn(page, 'office', 'member password 1');

    await page.goto(`/company/${companyId}?tab=payments`);
    await page.getByText('Only the owner of the company can change its PayFast details.').waitFor();
    expect(await page.getByLabel('Accept payments with PayFast').isChecked()).toBe(true);
    expect(await page.getByLabel('Merchant ID').isDisabled()).toBe(true);
    expect(await page.getByLabel('Merchant ID').inputValue()).toBe('10000100');
    expect(await page.getByLabel('Passphrase').count()).toBe(0);
    await e.shot(page, 'company-payments-member');

    await page.getByRole('tab', { name: 'E-mail server' }).click();
    await page.getByText('Only the owner of the company can change its e-mail server.').waitFor();
    expect(await page.getByLabel('Host').isDisabled()).toBe(true);
    expect(await page.getByLabel('Password').count()).toBe(0);

    // The rest still saves, PayFast and SMTP untouched.
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Phone').fill('021 555 1234');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Company settings saved').first().waitFor();
    const after = (await owner.api.get(`/api/companies/${companyId}`)).body;
    expect(after.phone).toBe('021 555 1234');
    expect(after.payfast.merchantId).toBe('10000100');
    expect(after.smtp).toMatchObject({ host: 'smtp.example.test', hasPassword: true });

    // A new group: only the flags the member holds can be ticked.
    await page.getByRole('tab', { name: 'Groups' }).click();
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByText('You can grant only the rights you hold yourself.').waitFor();
    expect(await dialog.getByLabel('Invoices Delete').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Clients Read').isDisabled()).toBe(false);
    expect(await dialog.getByLabel('Settings Update').isDisabled()).toBe(false);
    await e.shot(page, 'company-group-editor-member');
    await dialog.getByLabel('Group name').fill('Readers');
    await dialog.getByLabel('Clients Read').check();
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await page.getByText('Group saved').first().waitFor();
    await context.close();
  });

  it('without settings.c there is no New group', async () => {
    await member('editor', { settings: { r: true, u: true } });
    const { page, context } = await e.newPage();
    await signIn(page, 'editor', 'member password 1');
    await page.goto(`/company/${companyId}?tab=groups`);
    await page.getByRole('table', { name: 'Groups' }).waitFor();
    expect(await page.getByRole('button', { name: 'New group' }).count()).toBe(0);
    await context.close();
  });
});

describe('the send modal', () => {
  it(`takes at most ${MAX_RECIPIENTS} recipients`, async () => {
    const client = await buildClient(owner.api, companyId, { email: 'r0@example.test' });
    const inv = await buildInvoice(owner.api, companyId, client, { toEmail: 'r0@example.test' });
    const { page, context } = await e.newPage();
    await signIn(page, 'zanele', 'owner password 1');
    await page.goto(`/invoices/${inv._id}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const send = page.getByRole('dialog', { name: `Send Invoice ${inv.invoiceNumber}` });
    const recipients = send.getByRole('list', { name: 'Recipients' });
    await recipients.getByText('r0@example.test', { exact: true }).waitFor();
    const addInput = send.getByLabel('Add recipient');
    const add = send.getByRole('button', { name: 'Add', exact: true });
    const nine = Array.from({ length: 9 }, (_, i) => `r${i + 1}@example.test`);
    await addInput.fill([...nine, 'r10@example.test'].join('; '));
    expect(await add.isDisabled()).toBe(true);
    await send.getByText(`A message can go to at most ${MAX_RECIPIENTS} recipients`).waitFor();
    await addInput.fill(nine.join('; '));
    await add.click();
    await expect.poll(() => recipients.getByRole('listitem').count()).toBe(MAX_RECIPIENTS);
    expect(await addInput.isDisabled()).toBe(true);
    await e.shot(page, 'send-modal-ten-recipients');
    await context.close();
  });
});

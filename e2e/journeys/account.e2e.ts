import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildUser } from '../../apps/server/test/support/factories.js';
import { PNG, linkIn, signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e.close());

/** A GET with the page's own session, as the app sends it. */
async function api(page: Page, url: string) {
  return page.evaluate(async (u) => {
    const s = JSON.parse(localStorage.getItem('fieldbook.session') ?? '{}');
    const r = await fetch(u, { headers: { username: s.user.username, token: s.token } });
    return r.json();
  }, url);
}

const currentCompanyId = (page: Page) =>
  page.evaluate(() => localStorage.getItem('fieldbook.companyId'));

describe('an owner', () => {
  it('signs up, activates, creates a company with a logo, invites a colleague and gives them rights', async () => {
    const { page, context } = await e.newPage();
    // Create an account.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Lindiwe');
    await page.getByLabel('Surname').fill('Mokoena');
    await page.getByLabel('Email').fill('lindiwe@example.test');
    await page.getByLabel('Username').fill('lindiwe');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: /create account/i }).click();
    await page
      .getByText(/check your e-mail/i)
      .first()
      .waitFor();

    // Signing in before activation is refused with the server's message.
    await page.goto('/login');
    await page.getByLabel('Username').fill('lindiwe');
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/not activated/);

    // Activate from the e-mail, then sign in.
    const activation = await e.h.mail.last('lindiwe@example.test');
    await page.goto(linkIn(activation.text, 'activate='));
    await page
      .getByText(/account is active/i)
      .first()
      .waitFor();
    await signIn(page, 'lindiwe', 'a long enough password');
    // No company yet: the sidebar shows the product name.
    await page.getByRole('navigation').getByText('Fieldbook').first().waitFor();

    // Create a company with a logo.
    await page.goto('/companies');
    await page.getByRole('button', { name: /new company/i }).click();
    await page.getByLabel('Company name').fill('Mokoena Electrical');
    await page
      .getByRole('dialog')
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /create|save/i })
      .click();
    await page.getByRole('navigation').getByText('Mokoena Electrical').first().waitFor();
    await expect
      .poll(() => page.getByRole('navigation').locator('img[src*="/api/images/"]').count())
      .toBeGreaterThan(0);
    await e.shot(page, 'companies');

    // Settings: a group with chosen rights, and an invitation.
    // The company's own settings link (the menu has 'Appointment Settings' too).
    await page
      .getByRole('main')
      .getByRole('link', { name: /settings|edit/i })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Groups' }).click();
    await page.getByRole('button', { name: /new group|add group/i }).click();
    await page.getByLabel('Group name').fill('Technicians');
    await page.getByLabel('Appointments Read').check();
    await page.getByLabel('Appointments Update').check();
    await page.getByLabel('Clients Read').check();
    await page.getByRole('dialog').getByRole('button', { name: /save/i }).click();
    await page.getByRole('table', { name: 'Groups' }).getByText('Technicians').waitFor();
    await e.shot(page, 'company-groups');

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: /invite/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('bongani@example.test');
    await dialog.getByLabel('Name', { exact: true }).fill('Bongani');
    await dialog.getByLabel('Surname').fill('Zulu');
    await dialog.getByRole('button', { name: /invite|send/i }).click();
    await page.getByText('Invitation sent').first().waitFor();

    // The colleague opens the link from the invitation, makes their account there and is in.
    const invite = await e.h.mail.last('bongani@example.test');
    const colleague = await e.newPage();
    await colleague.page.goto(linkIn(invite.text, '/invite?token='));
    await colleague.page.getByText(/invited you to work in/).waitFor();
    await colleague.page.getByLabel('Username').fill('bongani');
    await colleague.page.getByLabel('Password').fill('another long password');
    await e.shot(colleague.page, 'invitation');
    await colleague.page.getByRole('button', { name: 'Create account and join' }).click();
    await colleague.page.waitForURL((u) => u.pathname === '/');
    await colleague.page.getByRole('navigation').getByText('Mokoena Electrical').first().waitFor();
    await colleague.context.close();

    // Now a member: the owner sees them.
    await page.reload();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).getByText('Bongani').first().waitFor();

    // Put the colleague in the group.
    await page.getByLabel('Group of Bongani Zulu').first().click();
    await page.getByRole('option', { name: 'Technicians' }).click();
    // Saved on the server: the owner's own session reads it back.
    await expect
      .poll(async () => {
        const company = await api(page, `/api/companies/${await currentCompanyId(page)}`);
        const bongani = company.users.find((u: { name: string }) => u.name === 'Bongani');
        const group = company.userGroups.find((g: { _id: string }) => g._id === bongani?.group);
        return group?.name;
      })
      .toBe('Technicians');
    await e.shot(page, 'company-users');

    await context.close();
  });
});

describe('a signed-in user', () => {
  it('changes their e-mail address: it waits for the link sent to the new one, then takes effect', async () => {
    const user = await buildUser(e.h, { username: 'sipho', password: 'a long enough password' });
    const { page, context } = await e.newPage();
    await signIn(page, user.username, user.password);
    await page.goto('/settings');
    await page.getByLabel('Email').fill('sipho.new@example.test');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/We sent a confirmation link to sipho.new@example.test/).waitFor();
    await page.getByText(/Waiting for confirmation: sipho.new@example.test/).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    await e.shot(page, 'profile-email-pending');

    const mail = await e.h.mail.last('sipho.new@example.test');
    await page.goto(linkIn(mail.text, '/confirm-email?token='));
    await page.getByText(/Your e-mail address is now sipho.new@example.test/).waitFor();
    await page.getByRole('link', { name: 'Back to your profile' }).click();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('sipho.new@example.test');
    expect(await page.getByText(/Waiting for confirmation/).count()).toBe(0);
    await context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { buildCompany, buildUser, type TestUser } from '../../apps/server/test/factories.js';
import { PNG, linkIn, signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
let staff: TestUser;
beforeAll(async () => {
  e = await startE2E();
  staff = await buildUser(e.h, { username: 'nomsa', password: 'first password 1' });
  await buildCompany(e.h, staff);
  await buildCompany(e.h, staff);
});
afterAll(() => e.close());

const sidebarCompany = (page: Page) =>
  page.getByRole('navigation').locator('text=/^Company /').first().innerText();

describe('a member of two companies', () => {
  it('switches company, saves the profile, meets Not Found, and logs out', async () => {
    const { page, context } = await e.newPage();
    await signIn(page, 'nomsa', 'first password 1');
    const first = await sidebarCompany(page);

    await page.goto('/companies');
    await page.getByRole('button', { name: 'Switch', disabled: false }).first().click();
    await expect.poll(() => sidebarCompany(page)).not.toBe(first);
    await e.shot(page, 'companies-switch');

    await page.goto('/settings');
    const username = page.getByLabel('Username');
    expect(await username.inputValue()).toBe('nomsa');
    expect(await username.isEditable()).toBe(false);
    await page.getByLabel('Name', { exact: true }).fill('Nomsa');
    await page.getByLabel('Surname').fill('Khumalo');
    // Leaving with unsaved edits asks first.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByText('Do you want to save the changes?').waitFor();
    await page.getByRole('button', { name: 'Save' }).last().click();
    await page.getByText('User profile saved').first().waitFor();
    const profile = await staff.api.get('/api/people/profile');
    expect(profile.body.surname).toBe('Khumalo');

    await page.goto('/no/such/screen');
    await page.getByText('Not Found').first().waitFor();
    await e.shot(page, 'not-found');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/companies');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('resets a forgotten password with the token from the e-mail', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-reset'));
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Username').fill('nomsa');
    await page.getByRole('button', { name: 'Send Reset Token' }).click();
    await page.getByText('Link Sent').first().waitFor();
    const mail = await e.h.mail.last(staff.email);
    const token = /Reset token: (\S+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(linkIn(mail.text, 'reset=')).toContain(token);
    expect(await page.getByLabel('Username').inputValue()).toBe('nomsa');
    await page.getByLabel('New Password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm Password', { exact: true }).fill('second password 2');
    await page.getByLabel('Reset Token', { exact: true }).fill(token!);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page
      .getByText(/Password Reset/i)
      .first()
      .waitFor();
    // The old session died with the reset; the new password signs in.
    expect((await staff.api.get('/api/people/profile')).status).toBe(401);
    await signIn(page, 'nomsa', 'second password 2');
    await context.close();
  });

  it('keeps a person with measurements and a cropped profile picture', async () => {
    const { page, context } = await e.newPage();
    await signIn(page, 'nomsa', 'second password 2');
    await page.goto('/people');
    await page.getByRole('button', { name: /new person/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Zanele');
    await dialog.getByLabel('Surname').fill('Dube');
    await dialog.getByRole('button', { name: /create|save/i }).click();
    await page.getByRole('link', { name: 'View Zanele Dube' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Weight (kg)').fill('62.5');
    await page.getByLabel('Height (m)').fill('1.68');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('62.5 kg').first().waitFor();

    await page
      .getByLabel('Upload picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page
      .getByRole('dialog', { name: 'Crop image' })
      .getByRole('button', { name: /save|crop|upload/i })
      .click();
    await page.getByText('Picture saved').first().waitFor();
    await expect.poll(() => page.locator('img[src*="/api/images/"]').count()).toBeGreaterThan(0);
    await e.shot(page, 'person');
    await context.close();
  });
});

describe('the installed app', () => {
  it("offers 'New version available. Reload to update?' when a new build is deployed", async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-pwa'));
    await page.goto('/');
    expect(await page.evaluate(() => 'serviceWorker' in navigator && window.isSecureContext)).toBe(
      true,
    );
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // Deploy a new build: the service worker script changes.
    const sw = path.join(e.webDist, 'sw.js');
    fs.appendFileSync(sw, '\n// build 2\n');
    // Ask for the update until the prompt shows: under load the first check can
    // come before the app's registration listens (a browser checks again too).
    const prompt = page.getByText('New version available. Reload to update?');
    await expect
      .poll(
        async () => {
          await page.evaluate(() =>
            navigator.serviceWorker.getRegistration().then((r) => r?.update()),
          );
          return prompt.isVisible();
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toBe(true);
    await e.shot(page, 'pwa-update');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForLoadState('load');
    await context.close();
  });
});

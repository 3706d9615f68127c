import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { PAGE_TIMEOUT, PNG, linkIn, signIn, startE2E, type E2E } from '../support/app.js';

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
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
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
  /**
   * A page must see a new build even when the worker it replaces was installed
   * before the page listened (another tab installed it, or the browser checked
   * first). Before, workbox-window took the first `updatefound` it heard for its
   * own first install, so the next build was never offered. See
   * apps/web/src/app/pwa-service-worker.ts.
   */
  it("offers 'New version available. Reload to update?' when a new build is deployed", async () => {
    const sw = path.join(e.webDist, 'sw.js');
    const build1 = fs.readFileSync(sw, 'utf8');
    // The first build's install takes until it is told to finish (a long precache).
    fs.writeFileSync(
      sw,
      `${build1}\nself.addEventListener('install', (event) => event.waitUntil(new Promise((done) =>
        self.addEventListener('message', (m) => m.data === 'finish install' && done()))));\n`,
    );
    const { page: first, context } = await e.newPage();
    // Observation only: when the app calls register() and when that settles.
    const watchRegister = (p: Page) =>
      p.addInitScript(() => {
        const sw = navigator.serviceWorker;
        const register = sw.register.bind(sw);
        const w = window as unknown as { called: Promise<void>; registered: Promise<void> };
        let called = () => {};
        let registered = () => {};
        w.called = new Promise((r) => (called = r));
        w.registered = new Promise((r) => (registered = r));
        sw.register = (...args) => {
          called();
          return register(...args).then((reg) => (registered(), reg));
        };
      });
    const stage = (p: Page, name: 'called' | 'registered') =>
      p.evaluate((n) => (window as unknown as Record<string, Promise<void>>)[n], name);
    await watchRegister(first);
    await first.goto('/');
    expect(await first.evaluate(() => 'serviceWorker' in navigator && window.isSecureContext)).toBe(
      true,
    );
    // register() settles once the registration exists, while its install is still held
    // (before, reading the registration right after the call could find none yet).
    await stage(first, 'registered');
    await first.evaluate(() =>
      navigator.serviceWorker.getRegistration().then(async (reg) => {
        if (reg?.installing) return;
        await new Promise((r) => reg!.addEventListener('updatefound', r, { once: true }));
      }),
    );

    // A second tab opens while that install runs: its app registers after it.
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT);
    onTestFailed(() => e.shot(page, 'failed-pwa'));
    await watchRegister(page);
    await page.goto('/');
    await stage(page, 'called');
    await first.evaluate(() =>
      navigator.serviceWorker
        .getRegistration()
        .then((reg) => reg!.installing!.postMessage('finish install')),
    );
    await stage(page, 'registered');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await first.close();

    // Deploy a new build, and the browser checks for it.
    fs.writeFileSync(sw, `${build1}\n// build 2\n`);
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((reg) => reg!.update()),
    );
    await page.getByText('New version available. Reload to update?').waitFor();
    await e.shot(page, 'pwa-update');
    // Reload: the page loads again under the new worker, and no longer asks.
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Reload' }).click(),
    ]);
    expect(
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const text = await (await fetch(reg!.active!.scriptURL)).text();
        return text.includes('// build 2') && reg!.waiting === null;
      }),
    ).toBe(true);
    await context.close();
  });
});

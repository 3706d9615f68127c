import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { buildCompany, buildUser } from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, type Size } from '../support/viewport.js';

/**
 * Passkeys (docs/auth.md "Passkeys"), in Chromium with a virtual
 * authenticator (the DevTools protocol's WebAuthn domain): a passkey added in
 * the profile, then a sign-in with it alone (passwordless) and one with the
 * password and the passkey as the second factor. At both sizes.
 *
 * WebAuthn wants a secure context and a domain for its RP id (an IP address
 * is none): this journey opens the app at http://localhost, and the server's
 * public URL, which names the RP id and origin, says localhost too.
 */
let e: E2E;
let site: E2E;
beforeAll(async () => {
  e = await startE2E();
  const local = e.baseUrl.replace('127.0.0.1', 'localhost');
  e.h.deps.config.publicUrl = local;
  site = { ...e, baseUrl: local };
});
afterAll(() => e.close());

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'detached' });
}

async function signedIn(page: Page) {
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
}

describe('passkeys', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`is added in the profile, then signs in alone and after the password (${size})`, async () => {
      const pw = 'passkey journey password';
      const user = await buildUser(e.h, { username: `pk${size}`, password: pw });
      await buildCompany(e.h, user);
      const { page, context } = await newSizedPage(site, size);
      onTestFailed(() => e.shot(page, `failed-passkeys-${size}`));
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });

      await signIn(page, user.username, pw);
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Passkeys' });
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      const modal = page.getByRole('dialog', { name: 'Add a passkey' });
      await modal.getByLabel('Name').fill(`Laptop ${size}`);
      await modal.getByLabel('Password', { exact: true }).fill('not my password');
      await modal.getByRole('button', { name: 'Add' }).click();
      await modal.getByText(/is not your password/).waitFor();
      await modal.getByLabel('Password', { exact: true }).fill(pw);
      await modal.getByRole('button', { name: 'Add' }).click();
      await modal.waitFor({ state: 'detached' });
      const row = card
        .getByRole('list', { name: 'Your passkeys' })
        .getByRole('listitem')
        .filter({ hasText: `Laptop ${size}` });
      await row.getByText('never used', { exact: false }).waitFor();
      const entries = page.getByRole('list', { name: 'Recent sign-in changes' });
      await entries.getByText('A passkey was added', { exact: false }).waitFor();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.isResidentCredential).toBe(true);
      await e.shot(page, `passkeys-card-${size}`);
      await signOut(page);

      // Passwordless: no username, the passkey alone.
      await page.goto('/login');
      const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
      await passkeyButton.waitFor();
      await e.shot(page, `passkeys-sign-in-${size}`);
      await passkeyButton.click();
      await signedIn(page);
      await signOut(page);

      // The password now asks for the passkey as the second factor.
      await page.goto('/login');
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(pw);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
      await usePasskey.waitFor();
      await e.shot(page, `passkeys-second-factor-${size}`);
      await usePasskey.click();
      await signedIn(page);
      const { credentials: after } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(after[0]!.signCount).toBeGreaterThanOrEqual(credentials[0]!.signCount);

      // The card shows it was used.
      await page.goto('/settings');
      await row.getByText('last used', { exact: false }).waitFor();
      expect(await row.getByText('never used', { exact: false }).count()).toBe(0);

      // Renamed, then removed with the password and the passkey's confirmation: the password
      // alone signs in again.
      await card.getByRole('button', { name: `Rename Laptop ${size}` }).click();
      const rename = page.getByRole('dialog', { name: 'Rename passkey' });
      await rename.getByLabel('Name').fill(`Old laptop ${size}`);
      await rename.getByRole('button', { name: 'Save' }).click();
      await rename.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: `Remove Old laptop ${size}` }).click();
      const remove = page.getByRole('dialog', { name: 'Remove passkey' });
      // The passkey is a second factor: removing it asks for one too (here, the passkey itself).
      await remove.getByText(/first ask for one of your passkeys/).waitFor();
      await remove.getByLabel('Password', { exact: true }).fill(pw);
      await remove.getByRole('button', { name: 'Remove' }).click();
      await remove.waitFor({ state: 'detached' });
      await card.getByRole('list', { name: 'Your passkeys' }).waitFor({ state: 'detached' });
      await entries.getByText('A passkey was removed', { exact: false }).waitFor();
      await signOut(page);
      await signIn(page, user.username, pw);
      await context.close();
    });
  }
});

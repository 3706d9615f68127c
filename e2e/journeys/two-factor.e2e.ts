import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { codeAt } from '../../apps/server/src/areas/auth/two-factor.js';
import { users } from '../../apps/server/src/db/schema/index.js';
import { buildCompany, buildUser } from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, type Size } from '../support/viewport.js';

/**
 * Two-factor sign-in (docs/auth.md): a user turns it on in their profile with
 * the code their app would show (worked out here from the key on the
 * screen), then signs in with a code and with a backup code; a used backup
 * code is refused. At both sizes.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e.close());

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'detached' });
}

/** The password step; answers once the code step shows. */
async function password(page: Page, username: string, pw: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(pw);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('Authentication code').waitFor();
}

describe('two-factor sign-in', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`is turned on in the profile, then asked at sign-in: a code, a backup code once (${size})`, async () => {
      const pw = 'two factor password 1';
      const user = await buildUser(e.h, { username: `tf${size}`, password: pw });
      await buildCompany(e.h, user);
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-two-factor-${size}`));
      await signIn(page, user.username, pw);
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Two-factor sign-in' });
      await card.getByRole('button', { name: 'Turn on' }).click();
      const modal = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
      await modal.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const secret = await modal.getByTestId('totp-secret').inputValue();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await modal.getByLabel('Password', { exact: true }).fill('not my password');
      await modal.getByLabel('Code from the app').fill(codeAt(secret));
      await modal.getByRole('button', { name: 'Turn on' }).click();
      await modal.getByText(/is not your password/).waitFor();
      await modal.getByLabel('Password', { exact: true }).fill(pw);
      await e.shot(page, `two-factor-setup-${size}`);
      await modal.getByRole('button', { name: 'Turn on' }).click();
      const codes = modal.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      const backup = await codes.allInnerTexts();
      await e.shot(page, `two-factor-backup-codes-${size}`);
      await modal.getByRole('button', { name: 'Done' }).click();
      await card.getByText('On', { exact: true }).waitFor();
      await card.getByText('10 of 10 backup codes left', { exact: false }).waitFor();
      await card.getByText('Two-factor sign-in turned on', { exact: false }).waitFor();
      // A reload shows the same.
      await page.reload();
      await card.getByText('On', { exact: true }).waitFor();
      await signOut(page);

      // The password alone is not enough: the code step, a wrong code refused.
      await password(page, user.username, pw);
      await page.getByLabel('Authentication code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('alert').getByText('That code is not right').waitFor();
      await e.shot(page, `two-factor-code-step-${size}`);
      // The code that turned it on was taken: let this step's code count again (no waiting 30 s).
      await e.h.deps.database.db
        .update(users)
        .set({ totpLastStep: null })
        .where(eq(users.id, user.id));
      await page.getByLabel('Authentication code').fill(codeAt(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
      await signOut(page);

      // A backup code signs in once.
      await password(page, user.username, pw);
      await page.getByLabel('Authentication code').fill(backup[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
      await signOut(page);
      await password(page, user.username, pw);
      await page.getByLabel('Authentication code').fill(backup[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('alert').getByText('That code is not right').waitFor();
      // Start again goes back to the password.
      await page.getByRole('button', { name: 'Start again' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await context.close();
    });
  }
});

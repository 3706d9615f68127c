import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { allRights } from '@fieldbook/core';
import { codeAt } from '../../apps/server/src/areas/auth/two-factor.js';
import { users } from '../../apps/server/src/db/schema/index.js';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { startE2E, type E2E } from '../support/app.js';
import { newSizedPage, type Size } from '../support/viewport.js';

/**
 * "Members must use two-factor sign-in" (docs/auth.md): the owner, with a
 * second factor of their own, ticks it in the company's settings; a member
 * without one who signs in is sent to turn it on, does, and then works in
 * the company. At both sizes.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e.close());

/** The sign-in screen's password step. */
async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Two-factor sign-in turned on through the API, as the profile does it; answers the secret. */
async function turnOn(u: TestUser): Promise<string> {
  const secret = (await u.api.post('/api/people/two-factor/setup', {})).body.secret as string;
  const on = await u.api.post('/api/people/two-factor/enable', {
    password: u.password,
    code: codeAt(secret),
  });
  expect(on.status).toBe(200);
  return secret;
}

describe('a company that asks for two-factor sign-in', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`sends a member without it to turn it on before the company opens (${size})`, async () => {
      const pw = 'required factor password';
      const owner = await buildUser(e.h, { username: `req${size}`, password: pw });
      const { id: cid } = await buildCompany(e.h, owner);
      const member = await buildMember(e.h, cid, allRights(true));
      const secret = await turnOn(owner);

      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-two-factor-required-${size}`));
      // The owner signs in with a code (the one that turned it on is let count again: no 30 s
      // wait) and ticks the rule in the company's settings.
      await e.h.deps.database.db
        .update(users)
        .set({ totpLastStep: null })
        .where(eq(users.id, owner.id));
      await passwordStep(page, owner.username, pw);
      await page.getByLabel('Authentication code').fill(codeAt(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto(`/company/${cid}`);
      await page.getByLabel('Members must use two-factor sign-in').check();
      await e.shot(page, `two-factor-required-setting-${size}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Company settings saved').waitFor();
      await page.reload();
      await expect
        .poll(() => page.getByLabel('Members must use two-factor sign-in').isChecked())
        .toBe(true);
      await context.close();

      // The member signs in: the company's screens give way to turning it on.
      const m = await newSizedPage(e, size);
      onTestFailed(() => e.shot(m.page, `failed-two-factor-required-member-${size}`));
      await passwordStep(m.page, member.username, member.password);
      await m.page.waitForURL((u) => u.pathname === '/');
      await m.page.getByRole('heading', { name: 'Turn on two-factor sign-in' }).waitFor();
      await m.page.getByText(/asks everyone who works in it to use two-factor sign-in/).waitFor();
      await e.shot(m.page, `two-factor-required-${size}`);
      // Opening a screen by its address shows the same.
      await m.page.goto('/invoices');
      await m.page.getByRole('heading', { name: 'Turn on two-factor sign-in' }).waitFor();

      const card = m.page.getByRole('region', { name: 'Two-factor sign-in' });
      await card.getByRole('button', { name: 'Turn on' }).click();
      const modal = m.page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
      const memberSecret = await modal.getByTestId('totp-secret').inputValue();
      await modal.getByLabel('Password', { exact: true }).fill(member.password);
      await modal.getByLabel('Code from the app').fill(codeAt(memberSecret));
      await modal.getByRole('button', { name: 'Turn on' }).click();
      await modal.getByRole('list', { name: 'Backup codes' }).waitFor();
      await modal.getByRole('button', { name: 'Done' }).click();
      // On: Continue opens the screen asked for, with the company's data.
      await m.page.getByRole('button', { name: /^Continue to / }).click();
      await m.page.getByRole('heading', { name: 'Invoices' }).first().waitFor();
      expect(
        await m.page.getByRole('heading', { name: 'Turn on two-factor sign-in' }).count(),
      ).toBe(0);
      await m.page.reload();
      await m.page.getByRole('heading', { name: 'Invoices' }).first().waitFor();
      await e.shot(m.page, `two-factor-required-done-${size}`);
      await m.context.close();
    }, 180_000);
  }
});

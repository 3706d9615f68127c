import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildCompany, buildUser } from '../../apps/server/test/support/factories.js';
import { buildClient, buildInvoice } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, type Size } from '../support/viewport.js';

/**
 * API tokens (docs/api.md): the owner makes a token with invoices read only
 * in Profile Settings, copies it from the one screen that shows it, and a
 * program calls the API with it (fetch, as curl would): the invoices read,
 * a write refused. Revoked in the profile, it stops at once. At both sizes.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e.close());

/** A call as a program makes it: only the bearer token, no session, no username. */
const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(`${e.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('API tokens', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`are made in the profile with invoices read only, used by a program, and revoked (${size})`, async () => {
      const pw = 'api token password 1';
      const owner = await buildUser(e.h, { username: `tok${size}`, password: pw });
      const { id: cid } = await buildCompany(e.h, owner);
      const entityId = await buildClient(owner.api, cid);
      const invoice = await buildInvoice(owner.api, cid, entityId);
      const { page } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-api-tokens-${size}`));
      await signIn(page, owner.username, pw);
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'API tokens' });
      await card.getByText('No API tokens yet.').waitFor();
      await card.getByRole('button', { name: 'New API token' }).click();
      const modal = page.getByRole('dialog', { name: 'New API token' });
      // Nothing ticked: the form says so before anything is sent.
      await modal.getByLabel('Token name').fill('Accounting sync');
      await modal.getByRole('button', { name: 'Create token' }).click();
      await modal.getByText('Give the token at least one right').waitFor();
      await modal.getByRole('checkbox', { name: 'Invoices Read' }).check();
      await modal.getByText('Give the token at least one right').waitFor({ state: 'detached' });
      await modal.getByLabel('Expires after').click();
      await page.getByRole('option', { name: '90 days' }).click();
      await e.shot(page, `api-token-new-${size}`);
      await modal.getByRole('button', { name: 'Create token' }).click();
      const shown = page.getByRole('dialog', { name: 'Your new API token' });
      const token = await shown.getByTestId('api-token-value').inputValue();
      expect(token).toMatch(/^fbk_[\w-]{43}$/);
      await shown.getByText('You will not see this token again', { exact: false }).waitFor();
      await e.shot(page, `api-token-shown-${size}`);
      await shown.getByRole('button', { name: 'Done' }).click();
      const row = card.getByRole('listitem', { name: 'Accounting sync' });
      await row.getByText('Invoices: read').waitFor();
      await row.getByText('never used', { exact: false }).waitFor();
      await row.getByText(token.slice(0, 8), { exact: false }).waitFor();

      // A program with the token: the invoices read, a write and other areas refused.
      const list = await call(
        'GET',
        `/api/companies/${cid}/invoices?from=2026-11-01&to=2026-11-30`,
        token,
      );
      expect(list.status).toBe(200);
      expect(((await list.json()) as { _id: string }[]).map((i) => i._id)).toContain(invoice._id);
      const write = await call(
        'POST',
        `/api/companies/${cid}/invoices/${invoice._id}/delete`,
        token,
        {},
      );
      expect(write.status).toBe(403);
      expect((await call('GET', `/api/companies/${cid}/entities`, token)).status).toBe(403);
      expect((await call('GET', '/api/companies', token)).status).toBe(401);

      // Back on the screen (a reload), it shows it was used; the entry is on the profile.
      await page.reload();
      await row.getByText('last used', { exact: false }).waitFor();
      await page
        .getByRole('list', { name: 'Recent sign-in changes' })
        .getByText('An API token was made', { exact: false })
        .waitFor();
      await e.shot(page, `api-tokens-list-${size}`);

      await row.getByRole('button', { name: 'Revoke Accounting sync' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke API token' });
      await confirm.getByText('Whatever uses Accounting sync stops working at once').waitFor();
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('API token Accounting sync revoked').waitFor();
      await card.getByText('No API tokens yet.').waitFor();
      expect((await call('GET', `/api/companies/${cid}/invoices/summary`, token)).status).toBe(401);
    }, 180_000);
  }
});

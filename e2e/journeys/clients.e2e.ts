import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
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
import { signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
let owner: TestUser;
let companyId: string;
beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'thandi', password: 'clients password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
});
afterAll(() => e.close());

/**
 * There is no internet in tests: map tiles fail fast, and the place search
 * answers one Cape Town hit as Nominatim would, or fails while `search.down`.
 */
async function offlineMap(context: BrowserContext) {
  const search = { down: false };
  await context.route('https://tile.openstreetmap.org/**', (r) => r.abort());
  await context.route('https://nominatim.openstreetmap.org/**', (r) =>
    search.down
      ? r.abort()
      : r.fulfill({
          json: [{ lat: '-33.9221', lon: '18.4187', display_name: 'Long Street, Cape Town' }],
        }),
  );
  return search;
}

/** Pick `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const api = (path: string) => owner.api.get(`/api/companies/${companyId}${path}`);

describe('an owner keeps clients and suppliers', () => {
  it('defines a client type, creates, maps and exports a client, and reads the statement', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-clients'));
    const search = await offlineMap(context);
    await signIn(page, 'thandi', 'clients password 1');

    // A client type with a select field.
    await page.goto('/clients');
    await page.getByRole('main').getByRole('link', { name: 'Client types' }).click();
    await page.waitForURL('**/clientTypes');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Gardens');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('size');
    await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('Garden size');
    await choose(page, 'Type', 'Select');
    const options = dialog.getByLabel('Options', { exact: true });
    await options.fill('Small');
    await options.press('Enter');
    await options.fill('Large');
    await options.press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Gardens', exact: true }).waitFor();
    await e.shot(page, 'client-types');

    // A client of that type, filling the type's field.
    await page.goto('/clients');
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL('**/clients/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ayanda');
    await page.getByLabel('Surname', { exact: true }).fill('Nkosi');
    await page.getByLabel('Email', { exact: true }).fill('ayanda@example.test');
    await page.getByLabel('Phone', { exact: true }).fill('021 555 0101');
    await page.getByLabel('Address', { exact: true }).fill('Long Street, Cape Town');
    await choose(page, 'Client type', 'Gardens');
    await choose(page, 'Garden size', 'Large');
    await page
      .getByText('Your address is not verified, click edit and search for the address.')
      .waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((u) => /^\/clients\/[0-9a-f-]{36}$/.test(u.pathname));
    const clientId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).isEditable()).toBe(false);
    await page
      .getByText('Your address is not verified, click edit and search for the address.')
      .waitFor();
    await e.shot(page, 'client-view');

    // Edit: a place search verifies the address; Save returns to view-only.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Phone', { exact: true }).fill('021 555 0199');
    // A failed search says so and breaks nothing.
    search.down = true;
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByText('The place search is not available right now.', { exact: false })
      .waitFor();
    search.down = false;
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Your address is not verified').waitFor({ state: 'detached' });
    await page.locator('.leaflet-marker-icon').waitFor();
    await e.shot(page, 'client-edit');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    const saved = (await api(`/entities/${clientId}`)).body;
    expect(saved).toMatchObject({
      phone: '021 555 0199',
      googlePosition: { lat: -33.9221, lng: 18.4187 },
      googleZoom: 15,
      fields: { size: 'Large' },
    });

    // A document: uploaded, listed, downloaded.
    await page.locator('input[type=file]').setInputFiles({
      name: 'plan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('lawn plan'),
    });
    await page.getByText('Document uploaded').first().waitFor();
    const [doc] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'plan.txt' }).click(),
    ]);
    expect(fs.readFileSync((await doc.path())!, 'utf8')).toBe('lawn plan');

    // Leaving with unsaved edits asks first; No leaves them unsaved.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Surname', { exact: true }).fill('Changed');
    await page.getByRole('link', { name: 'Clients', exact: true }).first().click();
    await page.getByText('Do you want to save the changes?').waitFor();
    await page.getByRole('button', { name: 'No', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/clients');
    expect((await api(`/entities/${clientId}`)).body.surname).toBe('Nkosi');
    await page.goto('/clients/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').getByText('Entity Not loaded').waitFor();
    await page.goto(`/clients/${clientId}`);
    await page.getByRole('button', { name: 'plan.txt' }).waitFor();
    await e.shot(page, 'client-view-mapped');

    // Two invoices, one part paid: the statement and the list's Outstanding follow.
    await buildInvoice(owner.api, companyId, clientId, {
      invoiceDate: '2026-01-05',
      dueDate: '2026-01-12',
      descriptions: [line({ description: 'Lawn care', price: 450 })],
    });
    await buildInvoice(owner.api, companyId, clientId, {
      invoiceDate: '2026-02-05',
      dueDate: '2026-02-12',
      descriptions: [line({ description: 'Hedge trimming', price: 300 })],
      paid: true,
      amountPaid: 100,
      datePaid: '2026-02-10',
    });
    await page.reload();
    await page.getByRole('tab', { name: 'Account' }).click();
    const statement = page.getByRole('table', { name: 'Statement' });
    // Oldest first: two debits, then the payment, with the rolling balance.
    await statement.getByRole('cell', { name: 'R100.00' }).waitFor();
    const balances = await statement.locator('tbody tr td:last-child').allInnerTexts();
    expect(balances).toEqual(['R450.00', 'R750.00', 'R650.00']);
    await page.getByRole('group', { name: 'Outstanding' }).getByText('R650.00').waitFor();
    for (const label of ['Current', '30 days', '60 days', '90 days', '120+ days'])
      await page.getByRole('group', { name: label, exact: true }).waitFor();
    await e.shot(page, 'client-statement');

    // The list: the client under its type's tab, and the Outstanding box.
    await page.goto('/clients');
    await page.getByRole('tab', { name: 'Gardens' }).click();
    await page.getByRole('link', { name: 'Ayanda', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Outstanding' }).getByText('R650.00').waitFor();
    await e.shot(page, 'clients-list');

    // Export csv: semicolon separated, with the client.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('clients.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(';');
    expect(csv).toContain('Ayanda');
    await context.close();
  });

  it('creates, renames and deletes a supplier', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-suppliers'));
    await signIn(page, 'thandi', 'clients password 1');
    await page.goto('/suppliers');
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL('**/suppliers/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Build It');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((u) => /^\/suppliers\/[0-9a-f-]{36}$/.test(u.pathname));
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Build It Claremont');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Build It Claremont' }).waitFor();
    await page.getByRole('link', { name: 'Suppliers', exact: true }).first().click();
    await page.getByRole('link', { name: 'Build It Claremont' }).waitFor();
    await e.shot(page, 'suppliers-list');
    const list = (await api('/suppliers')).body as { name: string }[];
    expect(list.map((s) => s.name)).toEqual(['Build It Claremont']);

    // Delete asks first, then leaves for the list.
    await page.getByRole('link', { name: 'Build It Claremont' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No suppliers yet.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/suppliers');
    await context.close();
  });

  it('keeps a list of 1,500 clients fast: only the rows in view are drawn', async () => {
    for (let i = 0; i < 1500; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          buildClient(owner.api, companyId, { name: `Bulk ${String(i + j).padStart(4, '0')}` }),
        ),
      );
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-clients-bulk'));
    await signIn(page, 'thandi', 'clients password 1');
    await page.goto('/clients');
    await page.getByRole('link', { name: 'Bulk 0000', exact: true }).waitFor();
    expect(await page.locator('table[aria-label="Clients"] tbody tr').count()).toBeLessThan(80);
    await page.getByTestId('clients-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.getByRole('link', { name: 'Bulk 1499', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Search clients' }).fill('Bulk 0777');
    await page.getByRole('link', { name: 'Bulk 0777', exact: true }).waitFor();
    expect(await page.locator('table[aria-label="Clients"] tbody tr').count()).toBe(1);
    await context.close();
  });
});

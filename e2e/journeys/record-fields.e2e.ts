import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow, type Size } from '../support/viewport.js';

/**
 * Fields the API keeps that screens now set (issue 19 A5): a client's
 * statement template on the client form, a saved item's supplier on the price
 * list's item form; the supplier form shows the name only (finance spec §2).
 * Each is set, then seen again after a reload, at desktop and phone size.
 */

let e: E2E;
let owner: TestUser;
let companyId: string;
let statementName: string;
const api = (path: string) => owner.api.get(`/api/companies/${companyId}${path}`);

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'lerato', password: 'fields password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  const list = await api('/statementTemplate');
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  statementName = (list.body as { statementTemplateName: string }[])[0]!.statementTemplateName;
  expect(statementName).toBeTruthy();
});
afterAll(() => e.close());

/** Pick `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.each<Size>(['desktop', 'phone'])('at %s size', (size) => {
  it('sets a client statement template, an item supplier, and a supplier by name only', async () => {
    const { page, context } = await newSizedPage(e, size);
    onTestFailed(() => e.shot(page, `failed-record-fields-${size}`));
    await signIn(page, 'lerato', 'fields password 1');

    // The supplier form: a name, no surname.
    const supplierName = `Paper Co ${size}`;
    await page.goto('/suppliers/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(supplierName);
    expect(await page.getByLabel('Surname', { exact: true }).count()).toBe(0);
    await e.shot(page, `record-fields-supplier-${size}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((u) => /^\/suppliers\/[0-9a-f-]{36}$/.test(u.pathname));
    const supplierId = new URL(page.url()).pathname.split('/').pop()!;

    // The client form: the statement template, kept after a reload.
    const clientId = await buildClient(owner.api, companyId, { name: `Client ${size}` });
    await page.goto(`/clients/${clientId}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await choose(page, 'Statement template', statementName);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.reload();
    const template = page.getByRole('combobox', { name: 'Statement template', exact: true });
    await expect.poll(() => template.inputValue(), { timeout: 20_000 }).toBe(statementName);
    expect(await sidewaysOverflow(page)).toBe(0);
    await e.shot(page, `record-fields-client-${size}`);
    const client = await api(`/entities/${clientId}`);
    expect(client.body.statementTemplateId).toBeTruthy();

    // The item form on the price list: the supplier, kept after a reload.
    const description = `Copy paper ${size}`;
    await page.goto('/items');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const add = page.getByRole('dialog', { name: 'Add Item' });
    await add.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
    await add.getByRole('textbox', { name: 'Price', exact: true }).fill('85');
    await choose(page, 'Supplier', supplierName);
    await e.shot(page, `record-fields-item-${size}`);
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: `Edit ${description}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    await expect
      .poll(() => edit.getByRole('combobox', { name: 'Supplier', exact: true }).inputValue(), {
        timeout: 20_000,
      })
      .toBe(supplierName);
    const items = (await api('/items')).body as { description: string; supplierId: string }[];
    expect(items.find((i) => i.description === description)?.supplierId).toBe(supplierId);
    await context.close();
  });
});

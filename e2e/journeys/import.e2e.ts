import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
let owner: TestUser;
let cid: string;
let clientId: string;
beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { password: 'import password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  clientId = await buildClient(owner.api, cid, { name: 'Thandi', surname: 'Nkosi' });
});
afterAll(() => e.close());

const CSV = [
  'invoiceNumber,invoiceDate,dueDate,client,description,qty,price,paid',
  'IMP-001,2026-11-02,2026-11-09,Thandi Nkosi,Garden service,1,450,false',
  'IMP-002,2026-11-03,2026-11-10,Sipho Unknown,Pool cleaning,2,300,false',
].join('\n');

describe('an owner importing invoices', () => {
  it('previews, imports, and fixes the incident of an unknown client', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-import'));
    await signIn(page, owner.username, 'import password 1');
    await page.goto('/incidents');
    await page.getByText('No incidents').first().waitFor();
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.waitForURL((u) => u.pathname === '/import');

    // The import opens on clients; the invoices list's Import csv opens it on invoices.
    await page.getByText('name,surname,email').first().waitFor();
    await page.goto('/invoices');
    await page.getByRole('link', { name: 'Import csv' }).click();
    await page.waitForURL((u) => u.pathname === '/import');
    await page.getByText('invoiceNumber,invoiceDate,dueDate,client').first().waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'invoices.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('invoices.csv').waitFor();

    // Preview: nothing written yet.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    const rows = preview.getByRole('table', { name: 'Preview rows' });
    await rows.getByText('Sipho Unknown').waitFor();
    await rows.getByText('Thandi Nkosi').waitFor();
    await preview.getByText('Columns recognised').waitFor();
    expect(await preview.getByRole('group', { name: 'Invoices' }).innerText()).toContain('2');
    expect(await preview.getByRole('group', { name: 'Incidents' }).innerText()).toContain('1');
    await e.shot(page, 'import-preview');
    expect((await owner.api.get(`/api/companies/${cid}/incidents`)).body).toHaveLength(0);

    // Import: the summary, with one incident raised.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('Import finished').waitFor();
    await summary.getByText('Every row was imported.').waitFor();
    expect(await summary.getByRole('group', { name: 'Invoices' }).innerText()).toContain('2');
    expect(await summary.getByRole('group', { name: 'Incidents' }).innerText()).toContain('1');
    await e.shot(page, 'import-summary');

    // The incident, and its Fix.
    await summary.getByRole('link', { name: /Incidents/ }).click();
    await page.waitForURL((u) => u.pathname === '/incidents');
    const table = page.getByRole('table', { name: 'Incidents' });
    await table.getByText('Sipho Unknown', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Incident' });
    await dialog.getByText('Sipho Unknown', { exact: true }).waitFor();
    await dialog.getByRole('combobox', { name: 'Client' }).click();
    await dialog.getByRole('combobox', { name: 'Client' }).fill('Thandi');
    await page.getByRole('option', { name: 'Thandi Nkosi' }).click();
    await e.shot(page, 'incident-modal');
    // A second client of that name since the list was loaded: the server's 400, in red.
    const twin = await buildClient(owner.api, cid, { name: 'Thandi', surname: 'Nkosi' });
    await dialog.getByRole('button', { name: 'Fix' }).click();
    await dialog
      .getByRole('alert')
      .getByText('"Thandi Nkosi" matches more than one client')
      .waitFor();
    expect((await owner.api.post(`/api/companies/${cid}/entities/${twin}/delete`)).status).toBe(
      200,
    );
    await dialog.getByRole('button', { name: 'Fix' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByText('to Thandi Nkosi').waitFor();
    await table.getByText('Fixed', { exact: true }).waitFor();
    await e.shot(page, 'incidents');

    const [incident] = (await owner.api.get(`/api/companies/${cid}/incidents`)).body;
    expect(incident).toMatchObject({ status: 'fixed', fixedClient: { _id: clientId } });
    const invoice = await owner.api.get(`/api/companies/${cid}/invoices/${incident.recordId}`);
    expect(invoice.body.entityId).toBe(clientId);
    await context.close();
  });
});

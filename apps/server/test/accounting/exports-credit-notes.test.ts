import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAGE_INVOICE_COLUMNS, XERO_CREDIT_NOTE_COLUMNS, vatTax } from '@fieldbook/core';
import { buildCompany, buildMember, type ApiClient } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { createAccount } from '../support/ledger-helpers.js';
import { MARCH, getCsv } from '../support/exports-helpers.js';

/** Credit notes in the accounting-package exports (docs/exports.md, "Credit notes"). */
let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let api: ApiClient;
let clientId: string;
let noteNumber: string;
const url = (cid: string, path: string) => `/api/companies/${cid}${path}`;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  api = co.owner.api;
  clientId = await buildClient(api, co.id, { name: 'Lerato', surname: 'Mokoena' });
  const labour = await createAccount(api, co.id, { name: 'Labour', account: '1100' });
  // A February invoice credited in March: the note is in March's files, the invoice is not.
  const inv = await buildInvoice(api, co.id, clientId, {
    invoiceDate: '2026-02-10',
    dueDate: '2026-02-17',
    tax: vatTax({ tV: 15 }),
    descriptions: [
      line({ description: 'Labour', qty: 2, price: 100, ledgerAccountId: labour }),
      line({ description: 'Parts', price: 50 }),
    ],
  });
  const r = await api.post(url(co.id, `/invoices/${String(inv._id)}/credit-notes`), {
    lines: [0],
    reason: 'Labour not done',
    date: '2026-03-15',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  noteNumber = r.body.number as string;
}, 60_000);
afterAll(() => h?.close());

describe('credit notes in the exports', () => {
  it("Sage's customer file carries the period's notes as SC rows", async () => {
    const { rows } = await getCsv(api, url(co.id, `/invoices/export?${MARCH}`));
    expect(rows[0]).toEqual(SAGE_INVOICE_COLUMNS);
    expect(rows.slice(1)).toEqual([
      [
        'SC',
        clientId.slice(0, 8).toUpperCase(),
        '15/03/2026',
        'Lerato Mokoena',
        noteNumber,
        '1100',
        'Labour',
        '200.00',
        'Standard',
        '30.00',
        '230.00',
      ],
    ]);
    // Not in February's: the note counts when it is issued.
    const feb = await getCsv(
      api,
      url(co.id, '/invoices/export?from=2026-02-01&to=2026-02-28&type=0'),
    );
    expect(feb.rows.slice(1).map((r) => r[0])).toEqual(['SI', 'SI']);
  });

  it("Xero's credit-note file has its template and the note's parts", async () => {
    const { rows, disposition } = await getCsv(
      api,
      url(co.id, `/invoices/export?${MARCH}&format=xero-credit-notes`),
    );
    expect(disposition).toMatch(/filename="credit-notes-xero-2026-03-01_2026-03-31\.csv"/);
    expect(rows[0]).toEqual(XERO_CREDIT_NOTE_COLUMNS);
    expect(rows).toHaveLength(2);
    const at = (c: string) => rows[1]![XERO_CREDIT_NOTE_COLUMNS.indexOf(c)];
    expect([at('CreditNoteNumber'), at('CreditNoteDate'), at('Total'), at('UnitAmount')]).toEqual([
      noteNumber,
      '15/03/2026',
      '230.00',
      '200.00',
    ]);
    expect([at('AccountCode'), at('TaxType'), at('TaxAmount'), at('Currency')]).toEqual([
      '1100',
      'Standard Rate Sales',
      '30.00',
      'ZAR',
    ]);
  });

  it('refuses another format naming the field; a member without invoices r gets 403', async () => {
    const bad = await api.get(url(co.id, `/invoices/export?${MARCH}&format=xero-credits`));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('format');
    const m = await buildMember(h, co.id, { expenses: { r: true } });
    const r = await m.api.get(url(co.id, `/invoices/export?${MARCH}&format=xero-credit-notes`));
    expect(r.status).toBe(403);
  });
});

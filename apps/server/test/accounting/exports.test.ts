import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAGE_INVOICE_COLUMNS,
  XERO_INVOICE_COLUMNS,
  vatTax,
  type TInvoiceRow,
} from '@fieldbook/core';
import { buildCompany, buildMember, type ApiClient } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { createAccount } from '../support/ledger-helpers.js';
import { outstanding } from '../support/invoices-helpers.js';
import { MARCH, getCsv } from '../support/exports-helpers.js';

/** Accounting-package exports and Process through HTTP (docs/exports.md). */

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let api: ApiClient;
let clientId: string;
const url = (cid: string, path: string) => `/api/companies/${cid}${path}`;

async function rows(cid = co.id, q = MARCH): Promise<TInvoiceRow[]> {
  const r = await api.get(url(cid, `/invoices?${q}`));
  expect(r.status).toBe(200);
  return r.body as TInvoiceRow[];
}

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  api = co.owner.api;
  clientId = await buildClient(api, co.id, { name: '=Evil', surname: 'Co' });
  const sales = await createAccount(api, co.id, { name: 'Call-outs', account: '1100' });
  await buildInvoice(api, co.id, clientId, {
    invoiceDate: '2026-03-05',
    dueDate: '2026-03-12',
    tax: vatTax({ tV: 15 }),
    discount: { hasDiscount: true, discountType: 'Percentage', discountValue: 10 },
    descriptions: [
      line({ description: 'Labour', qty: 2, price: 100, ledgerAccountId: sales }),
      line({ description: '@SUM(A1)', qty: 1, price: 33.33 }),
    ],
  });
  await buildInvoice(api, co.id, clientId, {
    invoiceDate: '2026-03-20',
    dueDate: '2026-03-27',
    tax: vatTax({ tV: 15 }),
    descriptions: [line({ price: 0.1 }), line({ price: 0.1 }), line({ price: 0.1 })],
  });
  // Outside the period, and a quote inside it: neither is exported.
  await buildInvoice(api, co.id, clientId, { invoiceDate: '2026-04-01', dueDate: '2026-04-02' });
  await buildInvoice(api, co.id, clientId, {
    isQuote: true,
    invoiceDate: '2026-03-06',
    dueDate: '2026-03-07',
  });
}, 60_000);
afterAll(() => h?.close());

describe('GET /invoices/export', () => {
  it("writes the period's invoices as Sage rows that add up, read back by a spreadsheet parser", async () => {
    const { rows: csv, disposition } = await getCsv(api, url(co.id, `/invoices/export?${MARCH}`));
    expect(disposition).toMatch(/^attachment; filename="invoices-sage-2026-03-01_2026-03-31\.csv"/);
    expect(csv[0]).toEqual(SAGE_INVOICE_COLUMNS);
    const body = csv.slice(1);
    expect(body).toHaveLength(5);
    expect(body[0]).toEqual([
      'SI',
      clientId.slice(0, 8).toUpperCase(),
      '05/03/2026',
      "'=Evil Co",
      expect.any(String),
      '1100',
      'Labour',
      '180.00',
      'Standard',
      '27.00',
      '207.00',
    ]);
    expect(body[1]!.slice(6)).toEqual(["'@SUM(A1)", '30.00', 'Standard', '4.50', '34.50']);
    // Three lines share 0.05 of VAT: the cents add up.
    expect(body.slice(2).map((r) => r[9])).toEqual(['0.02', '0.02', '0.01']);
    const sum = (i: number) => body.reduce((s, r) => s + Math.round(Number(r[i]) * 100), 0);
    expect([sum(7), sum(9), sum(10)]).toEqual([21030, 3155, 24185]);
    // Just download: nothing resolved.
    expect((await rows()).every((r) => r.resolvedAt === null)).toBe(true);
  });

  it('writes the Xero template with ZAR', async () => {
    const { rows: csv } = await getCsv(api, url(co.id, `/invoices/export?${MARCH}&format=xero`));
    expect(csv[0]).toEqual(XERO_INVOICE_COLUMNS);
    expect(csv[1]![14]).toBe('241.50');
    expect(csv[1]![27]).toBe('ZAR');
    expect(csv).toHaveLength(6);
  });

  it('resolve=true marks the exported invoices resolved, not others', async () => {
    await getCsv(api, url(co.id, `/invoices/export?${MARCH}&resolve=true`));
    const march = await rows();
    expect(march.filter((r) => !r.isQuote).every((r) => r.resolvedAt !== null)).toBe(true);
    expect(march.find((r) => r.isQuote)!.resolvedAt).toBeNull();
    const april = await rows(co.id, 'from=2026-04-01&to=2026-04-30&type=0');
    expect(april[0]!.resolvedAt).toBeNull();
  });

  it('refuses bad input naming the field', async () => {
    for (const [q, field] of [
      ['format=lotus', 'format'],
      ['resolve=yes', 'resolve'],
      ['from=2026-13-01&to=2026-12-31', 'from'],
      ['from=x\u0000&to=2026-12-31', 'from'],
    ] as const) {
      const r = await api.get(url(co.id, `/invoices/export?${encodeURI(q)}`));
      expect(r.status, q).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), q).toContain(field);
    }
  });

  it("another company's id is a 404, a member without the flag a 403", async () => {
    expect((await api.get(url(other.id, `/invoices/export?${MARCH}`))).status).toBe(404);
    expect((await api.get(url(randomUUID(), `/invoices/export?${MARCH}`))).status).toBe(404);
    const none = await buildMember(h, co.id, { expenses: { r: true } });
    expect((await none.api.get(url(co.id, `/invoices/export?${MARCH}`))).status).toBe(403);
    const reader = await buildMember(h, co.id, { invoices: { r: true } });
    expect((await reader.api.get(url(co.id, `/invoices/export?${MARCH}`))).status).toBe(200);
    const r = await reader.api.get(url(co.id, `/invoices/export?${MARCH}&resolve=true`));
    expect(r.status).toBe(403);
  });
});

describe('POST /invoices/process', () => {
  it("pays the period's unpaid invoices in full, resolves them and recomputes outstanding", async () => {
    const c2 = await buildClient(api, co.id);
    await buildInvoice(api, co.id, c2, { invoiceDate: '2026-02-10', dueDate: '2026-02-11' });
    await buildInvoice(api, co.id, c2, {
      invoiceDate: '2026-02-11',
      dueDate: '2026-02-12',
      paid: true,
      amountPaid: 50,
      datePaid: '2026-02-11',
      methodPaid: 'Cash',
    });
    await buildInvoice(api, co.id, c2, { invoiceDate: '2026-05-01', dueDate: '2026-05-02' });
    expect(await outstanding(h, c2)).toBeGreaterThan(100);
    const feb = { from: '2026-02-01', to: '2026-02-28', type: '0' };
    const r = await api.post(url(co.id, '/invoices/process'), feb);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The part-paid one too: Process pays what each still owes (DECISIONS §16).
    expect(r.body).toEqual({ message: '2 invoices were marked as paid', count: 2 });
    const list = await rows(co.id, 'from=2026-02-01&to=2026-02-28&type=0');
    const unpaidBefore = list.find((x) => x.invoiceDate === '2026-02-10')!;
    expect(unpaidBefore).toMatchObject({ paid: true, methodPaid: 'Other', balance: 0 });
    expect(unpaidBefore.amountPaid).toBe(unpaidBefore.total);
    expect(unpaidBefore.resolvedAt).not.toBeNull();
    // The one paid in part keeps its Cash payment; Process's pays the rest.
    const part = list.find((x) => x.invoiceDate === '2026-02-11')!;
    expect(part).toMatchObject({ paid: true, balance: 0 });
    const paidPart = await api.get(url(co.id, `/invoices/${part._id}/payments`));
    expect(
      paidPart.body.payments.map((p: { method: string; amount: number }) => [p.method, p.amount]),
    ).toEqual([
      ['Cash', 50],
      ['Other', part.total - 50],
    ]);
    // Only May's invoice (and February's part-paid balance, if any) stays outstanding.
    const may = await rows(co.id, 'from=2026-05-01&to=2026-05-31&type=0');
    const left = may[0]!.balance + list.reduce((s, x) => s + x.balance, 0);
    expect(await outstanding(h, c2)).toBeCloseTo(left, 2);
    // Again: nothing left to process.
    const again = await api.post(url(co.id, '/invoices/process'), feb);
    expect(again.body.count).toBe(0);
  });

  it('refuses bad input, foreign companies and members without invoices.u', async () => {
    const bad = await api.post(url(co.id, '/invoices/process'), { from: '2026-02-30', to: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).length).toBeGreaterThan(0);
    const typed = await api.post(url(co.id, '/invoices/process'), { from: 5 });
    expect(typed.status).toBe(400);
    expect(Object.keys(typed.body.fields ?? {})).toContain('from');
    const foreign = await api.post(url(other.id, '/invoices/process'), {});
    expect(foreign.status).toBe(404);
    const reader = await buildMember(h, co.id, { invoices: { r: true } });
    expect((await reader.api.post(url(co.id, '/invoices/process'), {})).status).toBe(403);
  });
});

describe('GET /expenses/export', () => {
  it("writes the period's expenses with their account code; 400, 404 and 403", async () => {
    const fuel = await createAccount(api, co.id, {
      name: 'Fuel',
      type: 'directCost',
      account: '5100',
    });
    const data = {
      expenseDate: '2026-03-03',
      description: '+Diesel',
      price: 99.5,
      to: 'Garage',
      ledgerAccountId: fuel,
    };
    const s = await api.upload(url(co.id, '/expenses'), { data: JSON.stringify(data) }, {});
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const { rows: csv, disposition } = await getCsv(api, url(co.id, `/expenses/export?${MARCH}`));
    expect(disposition).toContain('expenses-2026-03-01_2026-03-31.csv');
    expect(csv[0]![0]).toBe('Type');
    expect(csv[1]!.slice(3)).toEqual([
      'Garage',
      expect.any(String),
      '5100',
      "'+Diesel",
      '99.50',
      'Zero',
      '0.00',
      '99.50',
    ]);
    const bad = await api.get(url(co.id, '/expenses/export?from=nope&to=2026-03-31'));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {})).toContain('from');
    expect((await api.get(url(other.id, `/expenses/export?${MARCH}`))).status).toBe(404);
    const inv = await buildMember(h, co.id, { invoices: { r: true } });
    expect((await inv.api.get(url(co.id, `/expenses/export?${MARCH}`))).status).toBe(403);
  });
});

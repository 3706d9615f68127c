import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCompany } from '../../src/areas/companies/index.js';
import { writeInvoice } from '../../src/areas/invoices/index.js';
import { accountItems } from '../../src/db/schema/index.js';
import { buildCompany, type ApiClient, type Loose } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, save, vat } from '../support/invoices-helpers.js';
import {
  accountsUrl,
  cellItems,
  cents,
  createAccount,
  defaults,
  statement,
} from '../support/ledger-helpers.js';

/** Account items kept in step with invoices and expenses, and the statement they make. */

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let api: ApiClient;
let clientId: string;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  api = co.owner.api;
  clientId = await buildClient(api, co.id);
}, 60_000);
afterAll(() => h?.close());

const pct = (v: number) => ({
  hasDiscount: true,
  discountType: 'Percentage' as const,
  discountValue: v,
});

async function invoice(body: Record<string, unknown>): Promise<Loose> {
  const r = await save(api, co.id, { ...doc(clientId), ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (await api.get(`${invoicesUrl(co.id)}/${r.body._id}`)).body;
}

/** The stored items of a source, by line. */
async function itemsOf(sourceId: string) {
  return h.deps.database.db
    .select()
    .from(accountItems)
    .where(and(eq(accountItems.companyId, co.id), eq(accountItems.sourceId, sourceId)))
    .orderBy(accountItems.lineIndex);
}

async function expense(data: Record<string, unknown>): Promise<string> {
  const r = await api.upload(
    `/api/companies/${co.id}/expenses`,
    { data: JSON.stringify(data) },
    {},
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

/** What an invoice counts for: its net, less an inclusive tax (which is inside the net). */
const revenueCents = (inv: Loose) =>
  Math.round(inv.totals.net * 100) -
  (inv.tax.hasTax && inv.tax.inc1 && !inv.tax.duc1 ? Math.round(inv.totals.tax1 * 100) : 0);

describe('the statement', () => {
  it("equals the invoices' net (inclusive tax taken out) per month, to the cent", async () => {
    const lines = [
      line({ qty: 3, price: 33.33 }),
      line({ qty: 1, price: 0.01, hasTax: false }),
      line({ qty: 7, price: 12.49 }),
    ];
    const made: Loose[] = [];
    const cases = [
      { invoiceDate: '2025-04-05', tax: vat(), discount: pct(7) },
      { invoiceDate: '2025-04-30', tax: vat({ inc1: true }), discount: pct(12.5) },
      { invoiceDate: '2025-05-01', tax: vat({ inc1: true }) },
      {
        invoiceDate: '2025-05-17',
        tax: vat(),
        discount: { hasDiscount: true, discountType: 'Amount', discountValue: 9.99 },
      },
      { invoiceDate: '2025-05-31', tax: vat({ duc1: true }), discount: pct(3) },
    ];
    for (const c of cases) made.push(await invoice({ ...c, descriptions: lines }));
    // A quote counts for nothing.
    await invoice({ invoiceDate: '2025-05-02', isQuote: true, descriptions: lines });
    const exp = await expense({ expenseDate: '2025-05-09', description: 'Fuel', price: 123.45 });

    const s = await statement(api, co.id, '2025-03-01', '2026-02-28');
    expect(Object.keys(s)).toHaveLength(12);
    const d = await defaults(api, co.id);
    for (const month of ['2025-04', '2025-05']) {
      const want = made
        .filter((m) => String(m.invoiceDate).startsWith(month))
        .reduce((sum, m) => sum + revenueCents(m), 0);
      expect(cents(s, month, d.income._id), month).toBe(want);
    }
    expect(made[1].totals.tax1).toBeGreaterThan(0);
    expect(cents(s, '2025-05', d.cost._id)).toBe(12345);
    expect(s['2025-05']).toContainEqual({
      ledgerAccountId: d.cost._id,
      income: false,
      total: 123.45,
    });
    expect((await itemsOf(exp))[0]).toMatchObject({ amount: '123.45', income: false });
  });
});

describe('items kept in step', () => {
  it('follows an invoice edit, the quote to invoice turn, and a delete', async () => {
    const q = await invoice({ invoiceDate: '2025-06-10', isQuote: true });
    expect(await itemsOf(q._id)).toHaveLength(0);
    const inv = await invoice({ _id: q._id, invoiceDate: '2025-06-10', isQuote: false });
    expect((await itemsOf(inv._id)).map((i) => i.amount)).toEqual(['100.00']);

    await invoice({
      _id: inv._id,
      invoiceDate: '2025-07-02',
      descriptions: [line({ price: 50 }), line({ price: 30, qty: 2 })],
    });
    const after = await itemsOf(inv._id);
    expect(after.map((i) => [i.lineIndex, i.amount, i.date])).toEqual([
      [0, '50.00', '2025-07-02'],
      [1, '60.00', '2025-07-02'],
    ]);
    expect(after[0]!.number).toBe(inv.invoiceNumber);

    const del = await api.post(`${invoicesUrl(co.id)}/${inv._id}/delete`);
    expect(del.status).toBe(200);
    expect(await itemsOf(inv._id)).toHaveLength(0);
  });

  it('follows an expense edit and delete', async () => {
    const id = await expense({ expenseDate: '2025-06-11', description: 'Fuel', price: 40 });
    const other = await createAccount(api, co.id, { name: 'Vehicles', type: 'directCost' });
    const r = await api.upload(
      `/api/companies/${co.id}/expenses`,
      {
        data: JSON.stringify({
          _id: id,
          expenseDate: '2025-08-01',
          description: 'Diesel',
          price: 41.5,
          ledgerAccountId: other,
        }),
      },
      {},
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(
      (await itemsOf(id)).map((i) => [i.amount, i.date, i.description, i.ledgerAccountId]),
    ).toEqual([['41.50', '2025-08-01', 'Diesel', other]]);
    expect((await api.post(`/api/companies/${co.id}/expenses/${id}/delete`)).status).toBe(200);
    expect(await itemsOf(id)).toHaveLength(0);
  });

  it("counts a line on its own account, else its saved item's, else the default", async () => {
    const d = await defaults(api, co.id);
    const own = await createAccount(api, co.id, { name: 'Own', type: 'otherIncome' });
    const ofItem = await createAccount(api, co.id, { name: 'Of item' });
    const itemId = crypto.randomUUID();
    const it = await api.post(`/api/companies/${co.id}/item/${itemId}`, {
      description: 'Lawn',
      price: 10,
      ledgerAccountId: ofItem,
    });
    expect(it.status, JSON.stringify(it.body)).toBe(200);
    const inv = await invoice({
      invoiceDate: '2025-09-01',
      descriptions: [line({ ledgerAccountId: own }), line({ itemId }), line()],
    });
    expect((await itemsOf(inv._id)).map((i) => i.ledgerAccountId)).toEqual([
      own,
      ofItem,
      d.income._id,
    ]);
  });
});

describe('moving items and deleting accounts', () => {
  it('moves an item, changes the statement, and keeps the move through the next save', async () => {
    const d = await defaults(api, co.id);
    const extra = await createAccount(api, co.id, { name: 'Maintenance' });
    const inv = await invoice({
      invoiceDate: '2025-10-05',
      descriptions: [line({ price: 70 }), line({ price: 30 })],
    });
    const before = await statement(api, co.id, '2025-10-01', '2025-10-31');
    expect(cents(before, '2025-10', d.income._id)).toBe(10000);
    const cell = await cellItems(api, co.id, '2025-10', d.income._id, true);
    const second = cell.find((i) => i.sourceId === inv._id && i.price === 30)!;
    const r = await api.post(accountsUrl(co.id, '/changeItemAccount'), {
      item: second._id,
      ledgerAccountId: extra,
    });
    expect(r.status).toBe(200);
    const moved = await statement(api, co.id, '2025-10-01', '2025-10-31');
    expect(cents(moved, '2025-10', d.income._id)).toBe(7000);
    expect(cents(moved, '2025-10', extra)).toBe(3000);

    // The browser saves the invoice as it read it: the move is kept.
    const read = (await api.get(`${invoicesUrl(co.id)}/${inv._id}`)).body;
    expect(read.descriptions[1].ledgerAccountId).toBe(extra);
    await invoice({ _id: inv._id, invoiceDate: read.invoiceDate, descriptions: read.descriptions });
    expect(cents(await statement(api, co.id, '2025-10-01', '2025-10-31'), '2025-10', extra)).toBe(
      3000,
    );
  });

  it('moves an expense item and writes it back on the expense', async () => {
    const cost = await createAccount(api, co.id, { name: 'Rent', type: 'indirectCost' });
    const id = await expense({ expenseDate: '2025-10-07', description: 'Office', price: 900 });
    const [item] = await itemsOf(id);
    const r = await api.post(accountsUrl(co.id, '/changeItemAccount'), {
      item: item!.id,
      ledgerAccountId: cost,
    });
    expect(r.status).toBe(200);
    const e = (await api.get(`/api/companies/${co.id}/expenses/${id}`)).body;
    expect(e.ledgerAccountId).toBe(cost);
  });

  it("moves a deleted account's items to the default of its kind and clears ids naming it", async () => {
    const d = await defaults(api, co.id);
    const income = await createAccount(api, co.id, { name: 'Short-lived' });
    const cost = await createAccount(api, co.id, { name: 'Short-lived cost', type: 'directCost' });
    const itemId = crypto.randomUUID();
    await api.post(`/api/companies/${co.id}/item/${itemId}`, {
      description: 'Edge',
      price: 5,
      ledgerAccountId: income,
      expenseAccountId: cost,
    });
    const inv = await invoice({
      invoiceDate: '2025-11-03',
      descriptions: [line({ ledgerAccountId: income }), line({ price: 20 })],
    });
    const exp = await expense({
      expenseDate: '2025-11-04',
      description: 'Parts',
      price: 15,
      ledgerAccountId: cost,
    });
    expect((await api.delete(accountsUrl(co.id, `/${income}`))).status).toBe(200);
    expect((await api.delete(accountsUrl(co.id, `/${cost}`))).status).toBe(200);

    expect((await itemsOf(inv._id)).map((i) => i.ledgerAccountId)).toEqual([
      d.income._id,
      d.income._id,
    ]);
    expect((await itemsOf(exp))[0]).toMatchObject({ ledgerAccountId: d.cost._id, income: false });
    const read = (await api.get(`${invoicesUrl(co.id)}/${inv._id}`)).body;
    expect(read.descriptions.map((l: Loose) => l.ledgerAccountId ?? null)).toEqual([null, null]);
    expect(
      (await api.get(`/api/companies/${co.id}/expenses/${exp}`)).body.ledgerAccountId,
    ).toBeNull();
    const items = (await api.get(`/api/companies/${co.id}/items`)).body as Loose[];
    expect(items.find((i) => i._id === itemId)).toMatchObject({
      ledgerAccountId: null,
      expenseAccountId: null,
    });
    // The old documents still save.
    await invoice({ _id: inv._id, invoiceDate: read.invoiceDate, descriptions: read.descriptions });
  });

  it('refuses a kind change of an account holding items (review of issue 12, finding 4)', async () => {
    const acc = await createAccount(api, co.id, { name: 'Mixed' });
    const inv = await invoice({
      invoiceDate: '2025-12-01',
      descriptions: [line({ ledgerAccountId: acc })],
    });
    const r = await api.post(accountsUrl(co.id), { _id: acc, name: 'Mixed', type: 'directCost' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('type');
    expect((await itemsOf(inv._id))[0]!.income).toBe(true);
    const s = await statement(api, co.id, '2025-12-01', '2025-12-31');
    expect(s['2025-12']).toContainEqual({ ledgerAccountId: acc, income: true, total: 100 });
  });
});

describe('writers whose lines nobody checked', () => {
  it('drop an unknown account when asked (job automations), and refuse it otherwise', async () => {
    const d = await defaults(api, co.id);
    const c = (await getCompany(h.deps.database.db, co.id))!;
    const company = { id: c.id, tax: c.tax, numbering: c.numbering, timeZone: c.timeZone };
    const input = {
      ...doc(clientId, { invoiceDate: '2026-01-15' }),
      descriptions: [{ ...line(), qty: 1, ledgerAccountId: crypto.randomUUID() }],
    } as unknown as Parameters<typeof writeInvoice>[3];
    await expect(
      h.deps.database.db.transaction((tx) => writeInvoice(tx, company, null, input)),
    ).rejects.toMatchObject({
      status: 400,
      fields: { 'descriptions.0.ledgerAccountId': expect.any(String) },
    });
    const { id } = await h.deps.database.db.transaction((tx) =>
      writeInvoice(tx, company, null, input, { dropUnknownAccounts: true }),
    );
    expect((await itemsOf(id)).map((i) => i.ledgerAccountId)).toEqual([d.income._id]);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@fieldbook/core';
import { backfillAccountItems } from '../../src/areas/accounting/index.js';
import { accountItems, expenses } from '../../src/db/schema/index.js';
import { buildCompany, type ApiClient } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, save } from '../support/invoices-helpers.js';
import {
  accountsUrl,
  cents,
  createAccount,
  defaults,
  statement,
} from '../support/ledger-helpers.js';
import { pdfText, pdfTitle } from '../support/pdf-text.js';

/** The profit and loss PDF, and the backfill of items for documents saved before the ledger. */

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

describe('the profit and loss report', () => {
  it('prints the months, accounts, totals, gross and net profit of the period', async () => {
    const direct = await createAccount(api, co.id, { name: 'Materials <b>', type: 'directCost' });
    for (const [date, price] of [
      ['2026-03-04', 1000],
      ['2026-04-09', 2500.5],
    ] as const) {
      const r = await save(
        api,
        co.id,
        doc(clientId, { invoiceDate: date, descriptions: [line({ price })] }),
      );
      expect(r.status).toBe(200);
    }
    for (const [date, price, acc] of [
      ['2026-03-05', 200, direct],
      ['2026-04-10', 300, null],
    ] as const) {
      const r = await api.upload(
        `/api/companies/${co.id}/expenses`,
        {
          data: JSON.stringify({
            expenseDate: date,
            description: 'Spend',
            price,
            ledgerAccountId: acc,
          }),
        },
        {},
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const r = await api.get(accountsUrl(co.id, '/download?from=2026-03-01&to=2026-04-30&type=1'));
    expect(r.status, String(r.body)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(String(r.headers['content-disposition'])).toContain('profit-and-loss-2026-03-01');
    const text = (await pdfText(r.body as Buffer)).replace(/\s+/g, ' ');
    expect(await pdfTitle(r.body as Buffer)).toBe('Profit and loss 2026-03-01 to 2026-04-30');
    for (const want of [
      'Profit and loss',
      'Mar 2026',
      'Apr 2026',
      '1000 Sales',
      'Materials <b>',
      '5000 General expenses',
      'Total income R1,000.00 R2,500.50 R3,500.50',
      'Gross profit R800.00 R2,500.50 R3,300.50',
      'Net profit R800.00 R2,200.50 R3,000.50',
      'Net profit',
      formatMoney(3500.5), // income total
      formatMoney(3300.5), // gross: 3500.50 - 200 direct
      formatMoney(3000.5), // net: less 300 indirect
    ])
      expect(text).toContain(want);
  }, 60_000);

  it('refuses a bad period naming the field', async () => {
    const r = await api.get(accountsUrl(co.id, '/download?from=2026-13-01'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('from');
  });
});

describe('the VAT summary', () => {
  it("answers the period's output VAT of invoices, not quotes, as VAT201 fields", async () => {
    const lines = [line({ qty: 3, price: 100 }), line({ price: 50, hasTax: false })];
    const pct = { hasDiscount: true, discountType: 'Percentage' as const, discountValue: 10 };
    const tax = {
      hasTax: true,
      tV: 15,
      inc1: false,
      duc1: false,
      hasSecondTax: false,
      t2V: 0,
      inc2: false,
      duc2: false,
      tD: 'VAT',
      t2D: '',
    };
    for (const body of [
      { invoiceDate: '2023-07-03', descriptions: lines, discount: pct, tax },
      {
        invoiceDate: '2023-07-04',
        descriptions: lines,
        discount: pct,
        tax: { ...tax, inc1: true },
      },
      { invoiceDate: '2023-07-05', descriptions: lines, discount: pct, tax, isQuote: true },
      { invoiceDate: '2023-08-01', descriptions: lines, discount: pct, tax },
    ]) {
      const r = await save(api, co.id, doc(clientId, body));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const r = await api.get(accountsUrl(co.id, '/vat?from=2023-07-01&to=2023-07-31'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The worked example of DECISIONS §3, exclusive and inclusive.
    expect(r.body).toMatchObject({
      invoices: 2,
      outputVat: 75.72,
      inputVat: 0,
      difference: 75.72,
      fields: {
        field1: 580.5,
        field2: 90,
        field4: 75.72,
        field13: 75.72,
        field19: 0,
        field20: 75.72,
      },
    });
    expect(r.body.note).toContain('input tax');
    const bad = await api.get(accountsUrl(co.id, '/vat?type=9'));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('type');
  });
});

describe('the backfill', () => {
  it('makes the items of documents saved without them, once', async () => {
    const other = await buildCompany(h);
    const otherClient = await buildClient(other.owner.api, other.id);
    const ids: string[] = [];
    for (const [a, cid, client] of [
      [api, co.id, clientId],
      [api, co.id, clientId],
      [other.owner.api, other.id, otherClient],
    ] as const) {
      const r = await save(
        a,
        cid,
        doc(client, {
          invoiceDate: '2024-05-06',
          descriptions: [line({ price: 10 }), line({ price: 20.05, qty: 3 })],
          discount: { hasDiscount: true, discountType: 'Percentage', discountValue: 10 },
        }),
      );
      expect(r.status).toBe(200);
      ids.push(r.body._id as string);
    }
    const quote = await save(
      api,
      co.id,
      doc(clientId, { invoiceDate: '2024-05-07', isQuote: true }),
    );
    const db = h.deps.database.db;
    const [raw] = await db
      .insert(expenses)
      .values({
        companyId: co.id,
        expenseNumber: 'OLD-1',
        expenseDate: '2024-05-08',
        price: '77.70',
        description: 'Before the ledger',
      })
      .returning({ id: expenses.id });
    const expected = await statement(api, co.id, '2024-05-01', '2024-05-31');
    // As before the ledger: no items at all.
    await db.delete(accountItems).where(inArray(accountItems.sourceId, [...ids, quote.body._id]));
    expect(cents(await statement(api, co.id, '2024-05-01', '2024-05-31'), '2024-05')).toBe(0);

    const first = await backfillAccountItems(h.deps, { batch: 1 });
    expect(first.invoices).toBeGreaterThanOrEqual(3);
    expect(first.expenses).toBeGreaterThanOrEqual(1);
    const again = await backfillAccountItems(h.deps);
    expect(again).toEqual({ invoices: 0, expenses: 0, creditNotes: 0 });

    const d = await defaults(api, co.id);
    const s = await statement(api, co.id, '2024-05-01', '2024-05-31');
    expect(cents(expected, '2024-05', d.income._id)).toBeGreaterThan(0);
    expect(cents(s, '2024-05', d.income._id)).toBe(cents(expected, '2024-05', d.income._id));
    expect(cents(s, '2024-05', d.cost._id)).toBe(7770);
    const mine = await db
      .select()
      .from(accountItems)
      .where(and(eq(accountItems.sourceId, ids[2]!)));
    expect(mine.map((i) => i.companyId)).toEqual([other.id, other.id]);
    expect(raw).toBeTruthy();
  }, 60_000);
});

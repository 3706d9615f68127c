import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, vatTax } from '@fieldbook/core';
import { incidents, invoices } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, saveAndGet } from '../support/invoices-helpers.js';

/** GET /companies/{id}/dashboard: a month's figures, only for the areas the member may read. */

let h: Harness;
let cid: string;
let owner: TestUser;

const dashUrl = (c = cid, q = '?month=2026-11') => `/api/companies/${c}/dashboard${q}`;
const noTax = vatTax({ hasTax: false });

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  const api = owner.api;
  const client = await buildClient(api, cid);
  const at = (
    invoiceDate: string,
    dueDate: string,
    p: number,
    over: Record<string, unknown> = {},
  ) =>
    saveAndGet(
      api,
      cid,
      doc(client, {
        invoiceDate,
        dueDate,
        tax: noTax,
        descriptions: [line({ price: p })],
        ...over,
      }),
    );
  // November 2026: 100 paid, 250 paid 200 (50 still owed, overdue), 70.55 overdue, 30 not yet due, a quote.
  await at('2026-11-03', '2026-11-10', 100, { paid: true });
  await at('2026-11-10', '2026-11-17', 250, { paid: true, amountPaid: 200 });
  const overdue = await at('2026-11-20', '2020-01-01', 70.55);
  await at('2026-11-21', '2099-01-01', 30);
  await at('2026-11-30', '2020-01-01', 500, { isQuote: true });
  // Other months: owed and overdue still count, invoiced does not.
  await at('2026-10-31', '2020-02-01', 1000);
  await at('2026-12-01', '2099-01-01', 10);
  // One send gave up; one incident open, one fixed.
  await h.deps.database.db
    .update(invoices)
    .set({ queuedForSendingError: 'Invoice has no e-mail address' })
    .where(eq(invoices.id, overdue._id));
  await h.deps.database.db.insert(incidents).values([
    { companyId: cid, description: 'Client not found', value: 'Jon', recordKind: 'invoice' },
    { companyId: cid, description: 'Fixed', value: 'Ann', recordKind: 'invoice', status: 'fixed' },
  ]);
  const exp = (expenseDate: string, price: number) =>
    api.upload(
      `/api/companies/${cid}/expenses`,
      {
        data: JSON.stringify({ expenseDate, description: 'Paper', price }),
      },
      {},
    );
  for (const [d, p] of [
    ['2026-11-02', 100],
    ['2026-11-30', 23.45],
    ['2026-12-01', 999],
  ] as const)
    expect((await exp(d, p)).status).toBe(200);
});
afterAll(() => h.close());

describe('GET /companies/{id}/dashboard', () => {
  it("answers the month's figures and what needs attention", async () => {
    const r = await owner.api.get(dashUrl());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      month: '2026-11',
      from: '2026-11-01',
      to: '2026-11-30',
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      invoices: {
        invoiced: 450.55,
        invoicedCount: 4,
        paid: 300,
        outstanding: 1160.55,
        // The part-paid 250 is overdue by the 50 still owed (DECISIONS §16).
        overdue: 1120.55,
        overdueCount: 3,
        failedSends: 1,
      },
      expenses: { total: 123.45, count: 2 },
      incidents: { open: 1 },
      alerts: 5,
    });
  });

  it('shows this month (company time zone) without a month', async () => {
    const r = await owner.api.get(dashUrl(cid, ''));
    expect(r.status).toBe(200);
    expect(r.body.month).toBe(r.body.today.slice(0, 7));
    expect(r.body.from).toBe(`${r.body.month}-01`);
  });

  it('answers 400 naming the field for a bad month', async () => {
    for (const q of ['?month=2026-13', '?month=nov', '?month=2026-11-01', '?month=0000-01']) {
      const r = await owner.api.get(dashUrl(cid, q));
      expect(r.status, q).toBe(400);
      expect(r.body.fields).toHaveProperty('month');
    }
  });

  it('takes the first and last months of the calendar', async () => {
    for (const month of ['0001-01', '9999-12']) {
      const r = await owner.api.get(dashUrl(cid, `?month=${month}`));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.month).toBe(month);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await anonymous(h).get(dashUrl())).status).toBe(401);
  });

  it('answers 404 for a company the caller is not in, or an unknown or malformed id', async () => {
    const other = await buildCompany(h);
    for (const id of [other.id, randomUUID(), 'nope'])
      expect((await owner.api.get(dashUrl(id))).status, id).toBe(404);
  });

  it('answers 403 to a disabled member', async () => {
    const gone = await buildMember(h, cid, allRights(true), { disabled: true });
    expect((await gone.api.get(dashUrl())).status).toBe(403);
  });

  it('leaves out what the member may not read: null, never a zero', async () => {
    const clerk = await buildMember(h, cid, { expenses: { r: true } });
    const r = await clerk.api.get(dashUrl());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      invoices: null,
      incidents: null,
      expenses: { total: 123.45, count: 2 },
      alerts: 0,
    });
    const seller = await buildMember(h, cid, { invoices: { r: true } });
    const s = (await seller.api.get(dashUrl())).body;
    expect(s).toMatchObject({ expenses: null, incidents: { open: 1 }, alerts: 5 });
    expect(s.invoices.overdueCount).toBe(3);
    const none = await buildMember(h, cid, null);
    expect((await none.api.get(dashUrl())).body).toMatchObject({
      invoices: null,
      expenses: null,
      incidents: null,
      alerts: 0,
    });
  });
});

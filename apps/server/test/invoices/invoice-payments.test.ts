import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../../src/db/schema/index.js';
import { applyPayments } from '../../src/areas/invoices/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, outstanding, saveAndGet, vat } from '../support/invoices-helpers.js';

/** Part payments of an invoice (DECISIONS §16, docs/payments.md). */
let h: Harness;
let mine: { id: string; owner: TestUser };
let client: string;

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  client = await buildClient(mine.owner.api, mine.id, { name: 'Thandi', surname: 'Nkosi' });
});
afterAll(() => h.close());

const noTax = vat({ hasTax: false });
/** A new invoice of `total` (no tax). */
const invoiceOf = (total: number, over: Record<string, unknown> = {}) =>
  saveAndGet(
    mine.owner.api,
    mine.id,
    doc(client, { tax: noTax, descriptions: [line({ price: total })], ...over }),
  );
const paymentsUrl = (id: string, cid = mine.id) => `${invoicesUrl(cid)}/${id}/payments`;
const pay = (id: string, body: Record<string, unknown>, api = mine.owner.api) =>
  api.post(paymentsUrl(id), body);

describe('payments of an invoice', () => {
  it('takes part payments to Partly paid, then Paid; the invoice and the client follow', async () => {
    const inv = await invoiceOf(1000);
    const first = await pay(inv._id, {
      amount: 300,
      datePaid: '2026-11-03',
      method: 'EFT',
      reference: 'DEP-1',
      note: 'Deposit',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      total: 1000,
      amountPaid: 300,
      balance: 700,
      status: 'Partly paid',
    });
    expect(first.body.payments).toEqual([
      {
        _id: expect.any(String),
        amount: 300,
        datePaid: '2026-11-03',
        method: 'EFT',
        reference: 'DEP-1',
        note: 'Deposit',
        online: false,
        recordedBy: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);
    expect(await outstanding(h, client)).toBe(700);
    let got = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${inv._id}`)).body;
    expect(got).toMatchObject({
      paid: false,
      amountPaid: 300,
      datePaid: '2026-11-03',
      balance: 700,
    });

    const second = await pay(inv._id, { amount: 700, datePaid: '2026-11-20', method: 'Cash' });
    expect(second.body).toMatchObject({ amountPaid: 1000, balance: 0, status: 'Paid' });
    got = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${inv._id}`)).body;
    // The specification's single payment, derived: paid, the sum, the last date and method.
    expect(got).toMatchObject({
      paid: true,
      amountPaid: 1000,
      datePaid: '2026-11-20',
      methodPaid: 'Cash',
      balance: 0,
    });
    expect(await outstanding(h, client)).toBe(0);

    // The statement lists each payment on its own date.
    const st = await mine.owner.api.get(`/api/companies/${mine.id}/entities/${client}/statement`);
    expect(st.status).toBe(200);
    const lines = st.body.lineItems.filter((l: { _id: string }) => l._id === inv._id);
    expect(
      lines.map((l: { invoiceDate: string; total: number }) => [l.invoiceDate, l.total]),
    ).toEqual([
      ['2026-11-02', 1000],
      ['2026-11-03', 300],
      ['2026-11-20', 700],
    ]);

    // Removing one takes the invoice back to Partly paid.
    const removed = await mine.owner.api.post(
      `${paymentsUrl(inv._id)}/${first.body.payments[0]._id}/delete`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ amountPaid: 700, balance: 300, status: 'Partly paid' });
    expect(await outstanding(h, client)).toBe(300);
    got = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${inv._id}`)).body;
    expect(got).toMatchObject({ paid: false, amountPaid: 700, datePaid: '2026-11-20' });
  });

  it('dates a payment today when no date is given', async () => {
    const inv = await invoiceOf(50);
    const r = await pay(inv._id, { amount: 50 });
    expect(r.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(
      new Date(),
    );
    expect(r.body.payments[0].datePaid).toBe(today);
  });

  it('refuses an overpayment and an empty payment, naming the amount', async () => {
    const inv = await invoiceOf(100);
    const over = await pay(inv._id, { amount: 100.01 });
    expect(over.status).toBe(400);
    expect(over.body.fields).toEqual({ amount: 'must not be more than the balance of R100.00' });
    for (const amount of [0, -5]) {
      const r = await pay(inv._id, { amount });
      expect(r.status).toBe(400);
      expect(r.body.fields.amount).toBe('must be more than R0.00');
    }
    expect((await pay(inv._id, { amount: 'ten' })).body.fields).toHaveProperty('amount');
    expect((await pay(inv._id, { amount: 10, datePaid: '2026-02-30' })).body.fields).toHaveProperty(
      'datePaid',
    );
    expect((await pay(inv._id, { amount: 100 })).status).toBe(200);
    const more = await pay(inv._id, { amount: 1 });
    expect(more.body.fields).toEqual({ amount: 'cannot be recorded: the invoice is paid in full' });
  });

  it('never overpays with payments at the same moment', async () => {
    const inv = await invoiceOf(100);
    const answers = await Promise.all([60, 60, 60].map((amount) => pay(inv._id, { amount })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const list = await mine.owner.api.get(paymentsUrl(inv._id));
    expect(list.body).toMatchObject({ amountPaid: 60, balance: 40 });
  });

  it('refuses to lower the total below what is paid', async () => {
    const inv = await invoiceOf(100);
    await pay(inv._id, { amount: 80 });
    const loaded = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${inv._id}`)).body;
    const r = await mine.owner.api.post(invoicesUrl(mine.id), {
      ...loaded,
      descriptions: [line({ price: 50 })],
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.descriptions).toBe(
      'The total must not be less than the R80.00 paid: remove a payment first',
    );
  });

  it('keeps an online payment: it cannot be removed', async () => {
    const inv = await invoiceOf(100);
    const [row] = await h.deps.database.db
      .insert(payments)
      .values({
        companyId: mine.id,
        invoiceId: inv._id,
        provider: 'payfast',
        providerPaymentId: `pf-${inv._id}`,
        amount: '40.00',
        status: 'COMPLETE',
        payload: {},
        datePaid: '2026-11-05',
        method: 'PayFast',
      })
      .returning();
    const list = await mine.owner.api.get(paymentsUrl(inv._id));
    expect(list.body.payments[0]).toMatchObject({ online: true, recordedBy: null, amount: 40 });
    const r = await mine.owner.api.post(`${paymentsUrl(inv._id)}/${row!.id}/delete`);
    expect(r.status).toBe(400);
    expect(r.body.fields.paymentId).toBe(
      'was paid online through PayFast, so it cannot be removed',
    );
    const still = await h.deps.database.db.select().from(payments).where(eq(payments.id, row!.id));
    expect(still).toHaveLength(1);
  });
});

describe('the save and the delete of an invoice with payments', () => {
  it('refuses a change of only the paid method or date while paid in part', async () => {
    const inv = await invoiceOf(1000);
    await pay(inv._id, { amount: 300, datePaid: '2026-11-03', method: 'EFT' });
    const loaded = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${inv._id}`)).body;
    const r = await mine.owner.api.post(invoicesUrl(mine.id), { ...loaded, methodPaid: 'Cash' });
    expect(r.status).toBe(400);
    expect(r.body.fields.paid).toBe(
      'has part payments: record or remove them one at a time under Payments',
    );
    expect((await mine.owner.api.get(paymentsUrl(inv._id))).body.amountPaid).toBe(300);
    // Paid in full, on purpose: the one payment of the specification takes their place.
    const full = await mine.owner.api.post(invoicesUrl(mine.id), {
      ...loaded,
      paid: true,
      amountPaid: 1000,
      datePaid: '2026-11-28',
    });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    const after = (await mine.owner.api.get(paymentsUrl(inv._id))).body;
    expect(after).toMatchObject({ amountPaid: 1000, status: 'Paid' });
    expect(after.payments).toHaveLength(1);
  });

  it('takes its payments by hand with it when deleted', async () => {
    const inv = await invoiceOf(100);
    await pay(inv._id, { amount: 40, reference: 'gone-with-it' });
    const del = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${inv._id}/delete`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const left = await h.deps.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, 'gone-with-it'));
    expect(left).toEqual([]);
  });

  it('calls an invoice settled online within a cent Paid', async () => {
    const inv = await invoiceOf(100);
    await h.deps.database.db.insert(payments).values({
      companyId: mine.id,
      invoiceId: inv._id,
      provider: 'payfast',
      providerPaymentId: `pf-cent-${inv._id}`,
      amount: '99.99',
      status: 'COMPLETE',
      payload: {},
      datePaid: '2026-11-05',
      method: 'PayFast',
    });
    await applyPayments(h.deps.database.db, mine.id, [inv._id]);
    const list = (await mine.owner.api.get(paymentsUrl(inv._id))).body;
    expect(list).toMatchObject({ status: 'Paid', amountPaid: 99.99 });
    const got = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${inv._id}`)).body;
    expect(got.paid).toBe(true);
  });
});

describe('who may call them', () => {
  it('answers 404 for an unknown payment and another company; a quote takes its deposit', async () => {
    // A quote takes payments (its deposit, docs/payments.md), never more than its total.
    const quote = await invoiceOf(100, { isQuote: true });
    expect((await pay(quote._id, { amount: 10 })).status).toBe(200);
    expect((await pay(quote._id, { amount: 95 })).status).toBe(400);
    expect((await mine.owner.api.get(paymentsUrl(quote._id))).body.amountPaid).toBe(10);
    const inv = await invoiceOf(100);
    for (const bad of ['nope', '00000000-0000-4000-8000-000000000000'])
      expect((await mine.owner.api.post(`${paymentsUrl(inv._id)}/${bad}/delete`)).status).toBe(404);
    const other = await buildCompany(h);
    const r = await other.owner.api.post(paymentsUrl(inv._id, other.id), { amount: 10 });
    expect(r.status).toBe(404);
    // Their company, my invoice: not found either, and nothing recorded.
    expect((await mine.owner.api.get(paymentsUrl(inv._id))).body.payments).toEqual([]);
  });

  it('needs a token, invoices.r to read and invoices.u to record or remove', async () => {
    const inv = await invoiceOf(100);
    expect((await anonymous(h).get(paymentsUrl(inv._id))).status).toBe(401);
    const reader = await buildMember(h, mine.id, { invoices: { r: true } });
    expect((await reader.api.get(paymentsUrl(inv._id))).status).toBe(200);
    expect((await pay(inv._id, { amount: 10 }, reader.api)).status).toBe(403);
    const clerk = await buildMember(h, mine.id, { invoices: { r: true, u: true } });
    const r = await pay(inv._id, { amount: 10 }, clerk.api);
    expect(r.status).toBe(200);
    const id = r.body.payments[0]._id;
    expect((await reader.api.post(`${paymentsUrl(inv._id)}/${id}/delete`)).status).toBe(403);
    expect((await clerk.api.post(`${paymentsUrl(inv._id)}/${id}/delete`)).status).toBe(200);
  });
});

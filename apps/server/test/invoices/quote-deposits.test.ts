import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vatTax } from '@fieldbook/core';
import { invoices } from '../../src/db/schema/index.js';
import { anonymous, buildMember, type Loose, type TestUser } from '../support/factories.js';
import { buildInvoice, line } from '../support/finance-factories.js';
import type { Harness } from '../support/harness.js';
import { startPayfastHarness } from '../support/payfast-setup.js';
import { itnBody, type PayfastStandIn } from '../support/payfast-stand-in.js';

/** Deposits on quotes (docs/payments.md, "Deposits"): asked, paid by hand or by PayFast, kept on conversion. */
const MERCHANT = '10000100';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
const PASS = 'jt7NOE43FZPn';

let h: Harness;
let pf: PayfastStandIn;
let owner: TestUser;
let companyId: string;
let clientId: string;

beforeAll(async () => {
  ({ pf, h, owner, companyId, clientId } = await startPayfastHarness(MERCHANT, PASS));
});
afterAll(async () => {
  await h.close();
  await pf.close();
});
beforeEach(() => {
  pf.answer = 'VALID';
});

const url = (rest = '') => `/api/companies/${companyId}/invoices${rest}`;
/** A quote of R3,450 (3,000 + VAT 15 %) asking 30 %: R1,035. */
const quote = (deposit: unknown = { type: 'Percentage', value: 30 }): Promise<Loose> =>
  buildInvoice(owner.api, companyId, clientId, {
    isQuote: true,
    tax: vatTax({ tV: 15 }),
    descriptions: [line({ description: 'Geyser install', price: 3000 })],
    deposit: deposit as never,
  });
const get = async (id: string) => (await owner.api.get(url(`/${id}`))).body as Loose;
const publicView = async (id: string) => {
  const [row] = await h.deps.database.db.select().from(invoices).where(eq(invoices.id, id));
  return anonymous(h).get(`/api/customer/${companyId}/${clientId}/${row!.publicKey}`);
};
const notify = (id: string, amount: string, pfPaymentId: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/payfast/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: itnBody(
      { merchantId: MERCHANT, mPaymentId: id, pfPaymentId, amount, companyId },
      PASS,
    ),
  });

describe('a quote that asks for a deposit', () => {
  it('answers the rule, its amount and what is due; keeps it on a save without it', async () => {
    const q = await quote();
    expect(q).toMatchObject({
      deposit: { type: 'Percentage', value: 30 },
      depositAmount: 1035,
      depositDue: 1035,
      totals: { total: 3450 },
    });
    const { deposit: _d, ...rest } = q;
    const again = await owner.api.post(url(), { ...rest, descriptions: q.descriptions });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await get(q._id)).depositAmount).toBe(1035);
    // null takes it off.
    const off = await owner.api.post(url(), { ...rest, deposit: null });
    expect(off.status).toBe(200);
    expect(await get(q._id)).toMatchObject({ deposit: null, depositAmount: 0, depositDue: 0 });
  });

  it('refuses a deposit above 100 % or the total, naming deposit.value', async () => {
    for (const deposit of [
      { type: 'Percentage', value: 120 },
      { type: 'Amount', value: 5000 },
      { type: 'Amount', value: 0 },
    ]) {
      const r = await owner.api.post(url(), {
        isQuote: true,
        entityId: clientId,
        invoiceDate: '2026-11-02',
        dueDate: '2026-11-09',
        descriptions: [line({ price: 100 })],
        deposit,
      });
      expect(r.status, JSON.stringify(deposit)).toBe(400);
      expect(Object.keys(r.body.errors ?? r.body.fields ?? {}).join()).toContain('deposit');
    }
  });

  it('is not asked by an invoice: a rule sent with one is ignored', async () => {
    const inv = await buildInvoice(owner.api, companyId, clientId, {
      descriptions: [line({ price: 100 })],
      deposit: { type: 'Amount', value: 50 },
    });
    expect(inv).toMatchObject({ deposit: null, depositAmount: 0, depositDue: 0 });
  });

  it('takes a deposit by hand; what is due falls, never below nothing', async () => {
    const q = await quote({ type: 'Amount', value: 500 });
    const paid = await owner.api.post(url(`/${q._id}/payments`), {
      amount: 200,
      method: 'EFT',
      datePaid: '2026-11-03',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await get(q._id)).toMatchObject({ depositDue: 300, amountPaid: 200, balance: 3250 });
    await owner.api.post(url(`/${q._id}/payments`), { amount: 400, method: 'EFT' });
    expect(await get(q._id)).toMatchObject({ depositDue: 0, amountPaid: 600 });
    const list = await owner.api.get(url(`/${q._id}/payments`));
    expect(list.body.payments).toHaveLength(2);
    // A member without invoices u cannot record one.
    const reader = await buildMember(h, companyId, { invoices: { r: true } });
    expect((await reader.api.post(url(`/${q._id}/payments`), { amount: 1 })).status).toBe(403);
  });
});

describe('the deposit through PayFast', () => {
  it('the quote page offers the deposit; PayFast pays it; conversion keeps it as a payment', async () => {
    const q = await quote();
    const view = await publicView(q._id);
    expect(view.status).toBe(200);
    expect(view.body.detail).toMatchObject({
      isQuote: true,
      payfast: true,
      amountDue: 1035,
      deposit: { amount: 1035, due: 1035 },
    });
    const keys = new Map(
      (view.body.detail.keys as { name: string; value: string }[]).map((k) => [k.name, k.value]),
    );
    expect(keys.get('amount')).toBe('1035.00');
    expect(keys.get('item_name')).toBe(`Deposit on quote ${q.quoteNumber}`);

    expect((await notify(q._id, '1035.00', '880001')).statusCode).toBe(200);
    expect(await get(q._id)).toMatchObject({
      isQuote: true,
      amountPaid: 1035,
      depositDue: 0,
      paid: false,
    });
    // Paid: the page offers nothing more, and says the deposit is paid.
    const after = await publicView(q._id);
    expect(after.body.detail).toMatchObject({ payfast: false, deposit: { due: 0 } });

    // Accepted and turned into an invoice: the deposit is a payment on it.
    const full = await get(q._id);
    const turned = await owner.api.post(url(), { ...full, isQuote: false });
    expect(turned.status, JSON.stringify(turned.body)).toBe(200);
    const inv = await get(q._id);
    expect(inv).toMatchObject({
      isQuote: false,
      amountPaid: 1035,
      balance: 2415,
      depositDue: 0,
      paid: false,
    });
    const pays = (await owner.api.get(url(`/${q._id}/payments`))).body;
    expect(pays.status).toBe('Partly paid');
    expect(pays.payments).toEqual([
      expect.objectContaining({
        amount: 1035,
        method: 'PayFast',
        online: true,
        note: `Deposit on quote ${q.quoteNumber}`,
      }),
    ]);
    // The invoice's page now offers the balance.
    expect((await publicView(q._id)).body.detail).toMatchObject({ payfast: true, amountDue: 2415 });
  });

  it('a deposit form paid after the quote was accepted and invoiced still counts, as a part payment', async () => {
    await owner.api.post(`/api/companies/${companyId}`, {
      companyName: 'Acme Plumbing',
      quoteAcceptAction: 'invoice',
    });
    const q = await quote();
    // The client opens the quote's page (the deposit form), then accepts it in the portal.
    expect((await publicView(q._id)).body.detail.amountDue).toBe(1035);
    const made = await owner.api.post(
      `/api/companies/${companyId}/entities/${clientId}/portal-link`,
      {},
    );
    const token = (made.body.url as string).split('/portal/')[1]!;
    const view = await anonymous(h).get(`/api/portal/${token}`);
    const version = view.body.quotes.find((d: Loose) => d._id === q._id).version as string;
    const accepted = await anonymous(h).post(`/api/portal/${token}/quotes/${q._id}/accept`, {
      name: 'Jane Buyer',
      signature: PNG,
      version,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await get(q._id)).isQuote).toBe(false);
    // The deposit form is paid now: a part payment of the invoice, not an incident.
    expect((await notify(q._id, '1035.00', '880009')).statusCode).toBe(200);
    expect(await get(q._id)).toMatchObject({ amountPaid: 1035, balance: 2415, paid: false });
    const pays = (await owner.api.get(url(`/${q._id}/payments`))).body;
    expect(pays.payments[0].note).toBe(`Deposit on quote ${q.quoteNumber}`);
    await owner.api.post(`/api/companies/${companyId}`, {
      companyName: 'Acme Plumbing',
      quoteAcceptAction: 'notify',
    });
  });

  it('a notification for another amount, or a quote without a deposit, is an incident', async () => {
    const q = await quote();
    expect((await notify(q._id, '3450.00', '880002')).statusCode).toBe(200);
    const plain = await quote(null);
    expect((await notify(plain._id, '100.00', '880003')).statusCode).toBe(200);
    expect(await get(q._id)).toMatchObject({ amountPaid: 0, depositDue: 1035 });
    expect((await get(plain._id)).amountPaid).toBe(0);
    const incidents = (await owner.api.get(`/api/companies/${companyId}/incidents`))
      .body as Loose[];
    const text = incidents.map((i) => String(i.description)).join('\n');
    expect(text).toContain(
      `does not match the deposit of R1,035.00 owed on quote ${q.quoteNumber}`,
    );
    expect(text).toContain('matches no invoice');
  });
});

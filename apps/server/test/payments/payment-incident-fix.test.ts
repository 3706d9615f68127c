import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../src/db/schema/index.js';
import type { Loose, TestUser } from '../support/factories.js';
import { buildInvoice, line } from '../support/finance-factories.js';
import type { Harness } from '../support/harness.js';
import { startPayfastHarness } from '../support/payfast-setup.js';
import { itnBody, type PayfastStandIn } from '../support/payfast-stand-in.js';

/** Fixing the incident of a PayFast payment that matched no invoice (DECISIONS §6). */

const MERCHANT = '10000100';
const PASS = 'fix passphrase';

let h: Harness;
let pf: PayfastStandIn;
let owner: TestUser;
let companyId: string;
let jane: string;

beforeAll(async () => {
  ({ pf, h, owner, companyId, clientId: jane } = await startPayfastHarness(MERCHANT, PASS));
});
afterAll(async () => {
  await h.close();
  await pf.close();
});

const url = (path: string) => `/api/companies/${companyId}/${path}`;

/** A payment of `amount` whose reference is no invoice: it becomes an open incident. */
async function unmatchedPayment(amount: string, mPaymentId = randomUUID()): Promise<Loose> {
  const pfPaymentId = String(Math.floor(Math.random() * 1e9));
  const r = await h.app.inject({
    method: 'POST',
    url: '/api/payfast/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: itnBody({ merchantId: MERCHANT, mPaymentId, pfPaymentId, amount, companyId }, PASS),
  });
  expect(r.statusCode).toBe(200);
  const list = (await owner.api.get(url('incidents'))).body as Loose[];
  const incident = list.find((i) => i.status === 'open' && i.description.includes(pfPaymentId));
  expect(incident).toBeTruthy();
  return { ...incident, pfPaymentId };
}

const invoiceOf = (price: number, over = {}) =>
  buildInvoice(owner.api, companyId, jane, { descriptions: [line({ price })], ...over });
const row = async (id: string) =>
  (await h.deps.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const outstanding = async () =>
  (await owner.api.get(url(`entities/${jane}`))).body.outstanding as number;

describe('fixing a payment incident', () => {
  it("pays the chosen client's oldest invoice of that balance, once", async () => {
    const older = await invoiceOf(230, { invoiceDate: '2026-10-01', dueDate: '2026-10-08' });
    const newer = await invoiceOf(230, { invoiceDate: '2026-11-01', dueDate: '2026-11-08' });
    const other = await invoiceOf(99);
    const before = await outstanding();
    const incident = await unmatchedPayment('230.00');

    const r = await owner.api.post(url(`incidents/${incident._id}`), { newValue: 'Jane Buyer' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const paid = await row(older._id);
    expect(paid).toMatchObject({ paid: true, amountPaid: '230.00', methodPaid: 'PayFast' });
    expect(paid.datePaid).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await row(newer._id)).paid).toBe(false);
    expect((await row(other._id)).paid).toBe(false);
    expect(await outstanding()).toBe(before - 230);
    const [payment] = await h.deps.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, incident.pfPaymentId));
    expect(payment!.invoiceId).toBe(older._id);

    // Fixed once: a second fix is refused and pays nothing more.
    const again = await owner.api.post(url(`incidents/${incident._id}`), {
      newValue: 'Jane Buyer',
    });
    expect(again.status).toBe(400);
    expect((await row(newer._id)).paid).toBe(false);
  });

  it('is refused, naming newValue, when the client has no unpaid invoice of that amount', async () => {
    await invoiceOf(500);
    const before = await outstanding();
    const incident = await unmatchedPayment('123.45');
    const r = await owner.api.post(url(`incidents/${incident._id}`), { newValue: 'Jane Buyer' });
    expect(r.status).toBe(400);
    expect(r.body.fields.newValue).toContain('has no unpaid invoice of R123.45');
    expect(await outstanding()).toBe(before);
    const still = ((await owner.api.get(url('incidents'))).body as Loose[]).find(
      (i) => i._id === incident._id,
    );
    expect(still.status).toBe('open');
  });

  it('puts the online payment in place of the payment by hand when it names an invoice of that client paid by hand', async () => {
    const byHand = await invoiceOf(80);
    const hand = await owner.api.post(url('invoices'), {
      ...(await owner.api.get(url(`invoices/${byHand._id}`))).body,
      paid: true,
      methodPaid: 'Cash',
    });
    expect(hand.status, JSON.stringify(hand.body)).toBe(200);
    const open = await invoiceOf(80);
    const before = await outstanding();
    // PayFast's payment for the same invoice arrives: it is paid already, so an incident.
    const incident = await unmatchedPayment('80.00', byHand._id);
    const r = await owner.api.post(url(`incidents/${incident._id}`), { newValue: 'Jane Buyer' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await row(open._id)).paid).toBe(false);
    // The same money, not twice: the payment by hand gives way to PayFast's (DECISIONS §16).
    expect(await row(byHand._id)).toMatchObject({
      paid: true,
      amountPaid: '80.00',
      methodPaid: 'PayFast',
    });
    const onInvoice = await h.deps.database.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, byHand._id));
    expect(onInvoice.map((p) => [p.provider, p.amount])).toEqual([['payfast-sandbox', '80.00']]);
    expect(await outstanding()).toBe(before);
    const [payment] = await h.deps.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, incident.pfPaymentId));
    expect(payment!.invoiceId).toBe(byHand._id);
  });

  it('refuses a payment larger than what was paid by hand on an invoice paid already', async () => {
    const inv = await invoiceOf(100);
    const loaded = (await owner.api.get(url(`invoices/${inv._id}`))).body;
    expect((await owner.api.post(url('invoices'), { ...loaded, paid: true })).status).toBe(200);
    const paidBefore = (await row(inv._id)).amountPaid;
    // R5,000 naming a paid invoice of about R100 is not the same money: fixing it would overpay.
    const incident = await unmatchedPayment('5000.00', inv._id);
    const r = await owner.api.post(url(`incidents/${incident._id}`), { newValue: 'Jane Buyer' });
    expect(r.status).toBe(400);
    expect(r.body.fields.newValue).toMatch(/is more than was paid on it by hand/);
    expect((await row(inv._id)).amountPaid).toBe(paidBefore);
    const [payment] = await h.deps.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, incident.pfPaymentId));
    expect(payment!.invoiceId).toBeNull();
  });
});

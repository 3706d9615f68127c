import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { todayIn } from '@fieldbook/core';
import { invoices, payments } from '../../src/db/schema/index.js';
import type { CompanyEvent } from '../../src/platform/events.js';
import { itnParamString, phpUrlencode } from '../../src/platform/payfast.js';
import { anonymous, buildCompany, type Loose, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import type { Harness } from '../support/harness.js';
import { startPayfastHarness } from '../support/payfast-setup.js';
import { itnBody, type PayfastStandIn } from '../support/payfast-stand-in.js';

const MERCHANT = '10000100';
const PASS = 'jt7NOE43FZPn';
const NOTIFY = '/api/payfast/notify';

let h: Harness;
let pf: PayfastStandIn;
let owner: TestUser;
let companyId: string;
let clientId: string;
let events: CompanyEvent[];

beforeAll(async () => {
  ({ pf, h, owner, companyId, clientId: clientId } = await startPayfastHarness(MERCHANT, PASS));
  h.deps.events.on((e) => events.push(e));
});
afterAll(async () => {
  await h.close();
  await pf.close();
});
beforeEach(() => {
  pf.answer = 'VALID';
  pf.validated.length = 0;
  events = [];
});

/** A new unpaid invoice of R115.00 (one line of 115, no tax). */
const newInvoice = (): Promise<Loose> =>
  buildInvoice(owner.api, companyId, clientId, { descriptions: [line({ price: 115 })] });

const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  h.app.inject({
    method: 'POST',
    url: NOTIFY,
    headers: { 'content-type': contentType },
    payload: body,
  });

const itn = (
  inv: Loose,
  over: Partial<Parameters<typeof itnBody>[0]> = {},
  signWith?: string | null,
) =>
  itnBody(
    {
      merchantId: MERCHANT,
      mPaymentId: inv._id,
      pfPaymentId: String(Math.floor(Math.random() * 1e9)),
      amount: '115.00',
      companyId,
      ...over,
    },
    PASS,
    signWith === undefined ? {} : { signWith },
  );

const invoiceRow = async (id: string) =>
  (await h.deps.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const paymentRows = (pfId: string) =>
  h.deps.database.db.select().from(payments).where(eq(payments.providerPaymentId, pfId));
const incidents = async () =>
  (await owner.api.get(`/api/companies/${companyId}/incidents`)).body as Loose[];
const outstanding = async () =>
  (await owner.api.get(`/api/companies/${companyId}/entities/${clientId}`)).body.outstanding;

describe('a COMPLETE notification PayFast confirms', () => {
  it('marks the invoice paid once, however often it arrives', async () => {
    const inv = await newInvoice();
    const before = await outstanding();
    const body = itn(inv, { pfPaymentId: '777001' });

    const r = await post(body);
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('');
    // PayFast was asked about exactly the posted fields, without the signature.
    expect(pf.validated).toEqual([body.slice(0, body.indexOf('&signature='))]);

    const row = await invoiceRow(inv._id);
    expect(row.paid).toBe(true);
    expect(row.amountPaid).toBe('115.00');
    expect(row.methodPaid).toBe('PayFast');
    expect(row.datePaid).toBe(todayIn('Africa/Johannesburg'));
    expect(await outstanding()).toBe(before - 115);
    expect(events).toEqual([{ companyId, name: 'invoicesChanged', ids: [inv._id] }]);
    const shown = await owner.api.get(`/api/companies/${companyId}/invoices/${inv._id}`);
    expect(shown.body).toMatchObject({ paid: true, amountPaid: 115, balance: 0 });

    // PayFast repeats the notification: nothing more is added.
    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect((await invoiceRow(inv._id)).amountPaid).toBe('115.00');
    expect(await paymentRows('777001')).toHaveLength(1);
    expect(await outstanding()).toBe(before - 115);
  });

  it('cannot be deleted once paid online (400, the invoice and its payment stay)', async () => {
    const inv = await newInvoice();
    expect((await post(itn(inv, { pfPaymentId: '777009' }))).statusCode).toBe(200);
    const del = await owner.api.post(`/api/companies/${companyId}/invoices/${inv._id}/delete`);
    expect(del.status).toBe(400);
    expect(del.body.error).toBe('This invoice was paid online, so it cannot be deleted');
    expect((await invoiceRow(inv._id)).paid).toBe(true);
    expect((await paymentRows('777009'))[0]?.invoiceId).toBe(inv._id);
    // An invoice without an online payment still can be.
    const other = await newInvoice();
    const ok = await owner.api.post(`/api/companies/${companyId}/invoices/${other._id}/delete`);
    expect(ok.status).toBe(200);
  });

  it('is not undone by a save from a browser that loaded the invoice before the payment', async () => {
    const inv = await newInvoice();
    const stale = (await owner.api.get(`/api/companies/${companyId}/invoices/${inv._id}`)).body;
    expect((await post(itn(inv, { pfPaymentId: '777050' }))).statusCode).toBe(200);
    const r = await owner.api.post(`/api/companies/${companyId}/invoices`, {
      ...stale,
      notes: 'edited',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.paid).toContain('R115.00 paid online through PayFast');
    expect(await invoiceRow(inv._id)).toMatchObject({
      paid: true,
      amountPaid: '115.00',
      notes: '',
    });
    // A save from a fresh copy goes through and keeps the payment.
    const fresh = (await owner.api.get(`/api/companies/${companyId}/invoices/${inv._id}`)).body;
    const ok = await owner.api.post(`/api/companies/${companyId}/invoices`, {
      ...fresh,
      notes: 'edited',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await invoiceRow(inv._id)).toMatchObject({ paid: true, amountPaid: '115.00' });
  });

  it('accepts an amount within a cent of the balance', async () => {
    const inv = await newInvoice();
    // PayFast may name the charset.
    const r = await post(
      itn(inv, { amount: '114.99' }),
      'application/x-www-form-urlencoded; charset=UTF-8',
    );
    expect(r.statusCode).toBe(200);
    const row = await invoiceRow(inv._id);
    expect(row.paid).toBe(true);
    expect(row.amountPaid).toBe('114.99');
  });

  it('finds the company by its merchant id when custom_str1 is empty', async () => {
    const inv = await newInvoice();
    expect((await post(itn(inv, { companyId: '' }))).statusCode).toBe(200);
    expect((await invoiceRow(inv._id)).paid).toBe(true);
  });
});

describe('a notification that fails a check changes nothing', () => {
  async function refused(body: string, status: number, pfId: string, inv: Loose) {
    const r = await post(body);
    expect(r.statusCode, r.body).toBe(status);
    const row = await invoiceRow(inv._id);
    expect(row.paid).toBe(false);
    expect(row.amountPaid).toBe('0.00');
    expect(await paymentRows(pfId)).toHaveLength(0);
    expect(events).toEqual([]);
    return r;
  }

  it('a bad signature: 400, and PayFast is not even asked', async () => {
    const inv = await newInvoice();
    const forged = itn(inv, { pfPaymentId: '888001' }, 'not-the-passphrase');
    const r = await refused(forged, 400, '888001', inv);
    expect(r.json()).toEqual({ error: 'Invalid signature' });
    expect(pf.validated).toEqual([]);
    // A signed field changed after signing is as bad.
    const tampered = itn(inv, { pfPaymentId: '888002' }).replace(
      'amount_gross=115.00',
      'amount_gross=1.00',
    );
    await refused(tampered, 400, '888002', inv);
    // No passphrase at all, when the merchant has one.
    await refused(itn(inv, { pfPaymentId: '888003' }, null), 400, '888003', inv);
  });

  it('another merchant: 400', async () => {
    const inv = await newInvoice();
    const r = await refused(
      itn(inv, { pfPaymentId: '888010', merchantId: '10099999' }),
      400,
      '888010',
      inv,
    );
    expect(r.json().fields).toEqual({ merchant_id: 'is not ours' });
  });

  it('PayFast answering INVALID: 400; PayFast unreachable: 503 so that it retries', async () => {
    const inv = await newInvoice();
    pf.answer = 'INVALID';
    await refused(itn(inv, { pfPaymentId: '888020' }), 400, '888020', inv);
    expect(pf.validated).toHaveLength(1);
    pf.answer = 500;
    await refused(itn(inv, { pfPaymentId: '888021' }), 503, '888021', inv);
  });

  it('a status other than COMPLETE: 200, nothing recorded', async () => {
    const inv = await newInvoice();
    await refused(itn(inv, { pfPaymentId: '888030', status: 'CANCELLED' }), 200, '888030', inv);
  });

  it('malformed: no signature, a bad amount, JSON, an unknown merchant', async () => {
    const inv = await newInvoice();
    const body = itn(inv, { pfPaymentId: '888040' });
    const unsigned = body.slice(0, body.indexOf('&signature='));
    expect((await refused(unsigned, 400, '888040', inv)).json().fields).toEqual({
      signature: 'is required',
    });
    const badAmount = itn(inv, { pfPaymentId: '888041', amount: '1e3' });
    expect((await refused(badAmount, 400, '888041', inv)).json().fields).toEqual({
      amount_gross: 'must be an amount',
    });
    await refused(JSON.stringify({ pf_payment_id: '888042' }), 400, '888042', inv);
    const stranger = itn(inv, { pfPaymentId: '888043', merchantId: '555', companyId: '' });
    expect((await refused(stranger, 400, '888043', inv)).json()).toEqual({
      error: 'Unknown merchant',
    });
    expect(pf.validated).toEqual([]);
  });
});

describe('a notification shaped to confuse the checks', () => {
  /** The posted pairs, signed correctly over exactly these pairs (the attacker knows no more). */
  const signedBody = (pairs: [string, string][], after: [string, string][] = []) => {
    const posted = pairs.map(([name, value]) => ({ name, value }));
    const sig = createHash('md5')
      .update(`${itnParamString(posted)}&passphrase=${phpUrlencode(PASS)}`)
      .digest('hex');
    return new URLSearchParams([...pairs, ['signature', sig], ...after]).toString();
  };
  const pairsOf = (body: string) =>
    [...new URLSearchParams(body)].filter(([n]) => n !== 'signature');

  it('a field given twice: 400 naming it, nothing recorded, PayFast not asked', async () => {
    const inv = await newInvoice();
    const real = pairsOf(itn(inv, { pfPaymentId: '889001', amount: '5.00' }));
    const body = signedBody([['amount_gross', '115.00'], ...real]);
    const r = await post(body);
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual({ amount_gross: 'is given more than once' });
    expect((await invoiceRow(inv._id)).paid).toBe(false);
    expect(await paymentRows('889001')).toHaveLength(0);
    expect(pf.validated).toEqual([]);
  });

  it('fields after the signature: 400, nothing recorded', async () => {
    const inv = await newInvoice();
    const real = pairsOf(itn(inv, { pfPaymentId: '889002' }));
    const r = await post(signedBody(real, [['custom_int1', '1']]));
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual({ signature: 'must be the last field' });
    expect(await paymentRows('889002')).toHaveLength(0);
  });
});

describe('payment ids', () => {
  it("are one company's own: another company's payment with the same PayFast id still counts", async () => {
    const inv = await newInvoice();
    expect((await post(itn(inv, { pfPaymentId: '555001' }))).statusCode).toBe(200);
    const other = await buildCompany(h);
    await other.owner.api.post(`/api/companies/${other.id}`, {
      companyName: 'Other Co',
      payfast: { merchantId: '10000200', merchantKey: 'abc123', passphrase: PASS, sandbox: false },
    });
    const theirClient = await buildClient(other.owner.api, other.id);
    const theirs = await buildInvoice(other.owner.api, other.id, theirClient, {
      descriptions: [line({ price: 115 })],
    });
    const body = itnBody(
      {
        merchantId: '10000200',
        mPaymentId: theirs._id,
        pfPaymentId: '555001',
        amount: '115.00',
        companyId: other.id,
      },
      PASS,
    );
    expect((await post(body)).statusCode).toBe(200);
    const [row] = await h.deps.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, theirs._id));
    expect(row).toMatchObject({ paid: true, amountPaid: '115.00' });
    const rows = await paymentRows('555001');
    expect(rows.map((r) => r.provider).sort()).toEqual(['payfast', 'payfast-sandbox']);
  });
});

describe('a confirmed payment that cannot be applied raises an incident', () => {
  it('no such invoice: an incident naming the payer, the amount and the PayFast id', async () => {
    const missing = { _id: randomUUID() };
    const body = itn(missing, { pfPaymentId: '999001', nameFirst: 'Sipho', nameLast: 'Dlamini' });
    expect((await post(body)).statusCode).toBe(200);
    const found = (await incidents()).filter((i: Loose) => i.description.includes('999001'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      value: 'Sipho Dlamini',
      status: 'open',
      recordKind: 'payment',
    });
    expect(found[0].description).toContain('R115.00');
    expect(found[0].description).toContain('matches no invoice');
    // Recorded once: a repeat raises no second incident.
    expect((await post(body)).statusCode).toBe(200);
    expect((await incidents()).filter((i: Loose) => i.description.includes('999001'))).toHaveLength(
      1,
    );
    expect(await paymentRows('999001')).toHaveLength(1);
  });

  it("another company's invoice is no match", async () => {
    const other = await buildCompany(h);
    const otherClient = await buildClient(other.owner.api, other.id);
    const theirs = await buildInvoice(other.owner.api, other.id, otherClient, {
      descriptions: [line({ price: 115 })],
    });
    expect((await post(itn(theirs, { pfPaymentId: '999010' }))).statusCode).toBe(200);
    expect((await invoiceRow(theirs._id)).paid).toBe(false);
    expect((await incidents()).some((i: Loose) => i.description.includes('999010'))).toBe(true);
  });

  it('an amount off by more than a cent: not paid, an incident', async () => {
    const inv = await newInvoice();
    expect((await post(itn(inv, { pfPaymentId: '999020', amount: '114.98' }))).statusCode).toBe(
      200,
    );
    const row = await invoiceRow(inv._id);
    expect(row.paid).toBe(false);
    expect(row.amountPaid).toBe('0.00');
    const found = (await incidents()).find((i: Loose) => i.description.includes('999020'));
    expect(found.description).toContain('does not match the balance of R115.00');
    expect(found.description).toContain(inv.invoiceNumber);
    expect(events).toEqual([]);
  });

  it('an invoice paid already: the second payment is an incident, not a double payment', async () => {
    const inv = await newInvoice();
    expect((await post(itn(inv, { pfPaymentId: '999030' }))).statusCode).toBe(200);
    expect((await post(itn(inv, { pfPaymentId: '999031' }))).statusCode).toBe(200);
    expect((await invoiceRow(inv._id)).amountPaid).toBe('115.00');
    expect((await incidents()).some((i: Loose) => i.description.includes('999031'))).toBe(true);
  });
});

describe('the route', () => {
  it('is public and answers an empty GET with 404', async () => {
    expect((await anonymous(h).get(NOTIFY)).status).toBe(404);
  });
});

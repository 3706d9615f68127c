import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZInvoiceRow, addDays, todayIn } from '@fieldbook/core';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, outstanding, saveAndGet, vat } from '../support/invoices-helpers.js';

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
const price = (p: number) => [line({ price: p })];

describe('list and summary of a period', () => {
  it('lists the period newest first with client names, and sums the boxes in SQL', async () => {
    const api = mine.owner.api;
    const at = (invoiceDate: string, over: Record<string, unknown>) =>
      saveAndGet(api, mine.id, doc(client, { invoiceDate, tax: noTax, ...over }));
    const eft = await at('2026-11-03', { descriptions: price(100), paid: true, methodPaid: 'EFT' });
    const cash = await at('2026-11-10', {
      descriptions: price(250),
      paid: true,
      amountPaid: 200,
      methodPaid: 'Cash',
    });
    const other = await at('2026-11-15', { descriptions: price(40), paid: true });
    const unpaid = await at('2026-11-20', { descriptions: price(70.55) });
    const quote = await at('2026-11-30', { descriptions: price(500), isQuote: true });
    await at('2026-12-01', { descriptions: price(1000) }); // outside
    await at('2026-10-31', { descriptions: price(1000), paid: true }); // outside

    const q = '?from=2026-11-01&to=2026-11-30&type=0';
    const list = await api.get(`${invoicesUrl(mine.id)}${q}`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { _id: string }) => r._id)).toEqual(
      [quote, unpaid, other, cash, eft].map((d) => d._id),
    );
    // The SQL-built rows have exactly the keys and types of the contract.
    for (const row of list.body) expect(ZInvoiceRow.strict().safeParse(row).error).toBeUndefined();
    expect(list.body[1]).toEqual({
      _id: unpaid._id,
      invoiceNumber: unpaid.invoiceNumber,
      quoteNumber: null,
      isQuote: false,
      invoiceDate: '2026-11-20',
      dueDate: '2026-11-09',
      entityId: client,
      to: '',
      toEmail: '',
      client: { name: 'Thandi', surname: 'Nkosi' },
      paid: false,
      amountPaid: 0,
      datePaid: null,
      methodPaid: '',
      sent: null,
      queuedForSending: false,
      queuedForSendingError: null,
      balance: 70.55,
      total: 70.55,
      emailCount: 0,
      resolvedAt: null,
    });

    const sum = await api.get(`${invoicesUrl(mine.id)}/summary${q}`);
    expect(sum.status).toBe(200);
    expect(sum.body).toEqual({
      paid: 340, // 100 + 200 + 40
      // Every invoice's balance, as the clients' outstanding counts it: the unpaid
      // one and the 50.00 still owed on the partly paid one.
      outstanding: 120.55,
      quotes: 500,
      // The one paid 200 of 250 is partly paid, so not paid (DECISIONS §16).
      counts: { all: 5, paid: 2, unpaid: 2, quotes: 1 },
      methods: [
        { method: 'Cash', total: 200 },
        { method: 'EFT', total: 100 },
        { method: 'Other', total: 40 },
      ],
    });

    const day = await api.get(`${invoicesUrl(mine.id)}?from=2026-11-10&to=2026-11-10&type=2`);
    expect(day.body.map((r: { _id: string }) => r._id)).toEqual([cash._id]);
  });

  it('defaults to the current month in the company zone', async () => {
    const today = todayIn('Africa/Johannesburg');
    const d = await saveAndGet(mine.owner.api, mine.id, doc(client, { invoiceDate: today }));
    const list = await mine.owner.api.get(invoicesUrl(mine.id));
    expect(list.status).toBe(200);
    expect(list.body.map((r: { _id: string }) => r._id)).toContain(d._id);
    const sum = await mine.owner.api.get(`${invoicesUrl(mine.id)}/summary`);
    expect(sum.body.counts.all).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad period with a 400 naming the field', async () => {
    for (const [q, field] of [
      ['from=2026-02-30', 'from'],
      ['from=2026-11-01&to=nope', 'to'],
      ['from=2026-11-30&to=2026-11-01', 'to'],
      ['type=7', 'type'],
    ]) {
      for (const path of ['', '/summary']) {
        const r = await mine.owner.api.get(`${invoicesUrl(mine.id)}${path}?${q}`);
        expect(r.status, q).toBe(400);
        expect(Object.keys(r.body.fields), q).toEqual([field]);
      }
    }
  });
});

describe('copy and delete', () => {
  it('copies into a new unpaid document of the same kind dated today, due in 7 days', async () => {
    const api = mine.owner.api;
    const src = await saveAndGet(
      api,
      mine.id,
      doc(client, {
        descriptions: price(120),
        paid: true,
        methodPaid: 'EFT',
        notes: 'n',
        tax: vat(),
      }),
    );
    const r = await api.post(`${invoicesUrl(mine.id)}/${src._id}/copy`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Object.keys(r.body)).toEqual(['_id']);
    const copy = (await api.get(`${invoicesUrl(mine.id)}/${r.body._id}`)).body;
    const today = todayIn('Africa/Johannesburg');
    expect(copy).toMatchObject({
      isQuote: false,
      invoiceDate: today,
      dueDate: addDays(today, 7),
      paid: false,
      amountPaid: 0,
      datePaid: null,
      sent: null,
      emails: [],
      notes: 'n',
      entityId: client,
      totals: src.totals,
      tax: src.tax,
    });
    expect(copy.invoiceNumber).not.toBe(src.invoiceNumber);
    expect(copy.descriptions).toEqual(src.descriptions);

    const q = await saveAndGet(api, mine.id, doc(client, { isQuote: true }));
    const qc = await api.post(`${invoicesUrl(mine.id)}/${q._id}/copy`);
    const qcopy = (await api.get(`${invoicesUrl(mine.id)}/${qc.body._id}`)).body;
    expect(qcopy).toMatchObject({ isQuote: true, invoiceNumber: null });
    expect(qcopy.quoteNumber).not.toBe(q.quoteNumber);
  });

  it("deletes and updates the client's outstanding", async () => {
    const c = await buildClient(mine.owner.api, mine.id);
    const d = await saveAndGet(mine.owner.api, mine.id, doc(c, { tax: noTax }));
    expect(await outstanding(h, c)).toBe(100);
    const r = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${d._id}/delete`);
    expect(r.body).toEqual({ message: 'Deleted' });
    expect(await outstanding(h, c)).toBe(0);
    expect((await mine.owner.api.get(`${invoicesUrl(mine.id)}/${d._id}`)).status).toBe(404);
    expect((await mine.owner.api.post(`${invoicesUrl(mine.id)}/${d._id}/delete`)).status).toBe(404);
  });
});

describe('price list flags on lines', () => {
  it('adds lines marked save to the price list once, and answers their descriptions', async () => {
    const api = mine.owner.api;
    const lines = [
      line({ code: 'GT', description: 'Gate motor', price: 3200, save: true, hasSecondTax: false }),
      line({ description: 'Not saved', price: 10 }),
    ];
    const first = await saveAndGet(api, mine.id, doc(client, { descriptions: lines }));
    expect(first.savedItems).toEqual(['Gate motor']);
    const items = (await api.get(`/api/companies/${mine.id}/items`)).body as Record<
      string,
      unknown
    >[];
    const gate = items.find((i) => i.description === 'Gate motor')!;
    expect(gate).toMatchObject({ code: 'GT', price: 3200, hasTax: true, hasSecondTax: false });
    expect(items.some((i) => i.description === 'Not saved')).toBe(false);
    // The stored line points at its item and no longer carries the flag.
    expect(first.descriptions[0].itemId).toBe(gate._id);
    expect(first.descriptions[0].save).toBeUndefined();

    const second = await saveAndGet(api, mine.id, doc(client, { descriptions: lines }));
    expect(second.savedItems).toEqual([]);
    const again = (await api.get(`/api/companies/${mine.id}/items`)).body as unknown[];
    expect(again.length).toBe(items.length);
  });

  it("makes a line's price the client's own price with saveClientPrice", async () => {
    const api = mine.owner.api;
    const other = await buildClient(api, mine.id);
    const id = crypto.randomUUID();
    await api.post(`/api/companies/${mine.id}/item/${id}`, {
      description: 'Service visit',
      price: 500,
      overrides: { [other]: 420 },
    });
    const d = await saveAndGet(
      api,
      mine.id,
      doc(client, {
        descriptions: [
          line({ description: 'Service visit', price: 450, itemId: id, saveClientPrice: true }),
          line({ code: 'NEW', description: 'Pool pump', price: 1999.99, saveClientPrice: true }),
        ],
      }),
    );
    expect(d.savedItems).toEqual(['Pool pump']);
    const items = (await api.get(`/api/companies/${mine.id}/items`)).body as {
      _id: string;
      description: string;
      price: number;
      overrides: Record<string, number>;
    }[];
    const visit = items.find((i) => i._id === id)!;
    expect(visit.price).toBe(500);
    expect(visit.overrides).toEqual({ [other]: 420, [client]: 450 });
    const pump = items.find((i) => i.description === 'Pool pump')!;
    expect(pump.overrides).toEqual({ [client]: 1999.99 });
    expect(d.descriptions[1].itemId).toBe(pump._id);
  });
});

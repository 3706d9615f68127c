import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, outstanding, saveAndGet, vat } from '../support/invoices-helpers.js';

/** Credit notes (VAT Act s21(3)(a), DECISIONS §16, docs/payments.md). */
let h: Harness;
let mine: { id: string; owner: TestUser };
let client: string;

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  client = await buildClient(mine.owner.api, mine.id, { name: 'Thandi', surname: 'Nkosi' });
});
afterAll(() => h.close());

/** 2 × R100 and R50, VAT 15 % exclusive: R287.50. */
const vatInvoice = (over: Record<string, unknown> = {}) =>
  saveAndGet(
    mine.owner.api,
    mine.id,
    doc(client, {
      tax: vat(),
      descriptions: [
        line({ description: 'Geyser valve', qty: 2, price: 100 }),
        line({ description: 'Call-out', price: 50 }),
      ],
      ...over,
    }),
  );
const notesUrl = (id: string, cid = mine.id) => `${invoicesUrl(cid)}/${id}/credit-notes`;
const credit = (id: string, body: Record<string, unknown>, api = mine.owner.api) =>
  api.post(notesUrl(id), body);
const invoice = async (id: string) =>
  (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${id}`)).body;

describe('credit notes', () => {
  it('credits a line with its VAT, numbered on its own, and takes it off the balance', async () => {
    const inv = await vatInvoice();
    expect(inv.totals.total).toBe(287.5);
    const before = await outstanding(h, client);
    const r = await credit(inv._id, { lines: [0], reason: 'Valve returned', date: '2026-11-10' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      number: 'CN00001',
      invoiceId: inv._id,
      invoiceNumber: inv.invoiceNumber,
      entityId: client,
      date: '2026-11-10',
      reason: 'Valve returned',
      lines: [{ description: 'Geyser valve', qty: 2, price: 100 }],
      total: 230,
      tax1: 30,
      applied: 230,
      excess: 0,
    });
    expect(await invoice(inv._id)).toMatchObject({
      amountCredited: 230,
      balance: 57.5,
      paid: false,
    });
    expect(await outstanding(h, client)).toBe(before - 230);

    // The second note numbers on; the statement lists it as a credit line of its own.
    const second = await credit(inv._id, { amount: 57.5, reason: 'Goodwill' });
    expect(second.body).toMatchObject({ number: 'CN00002', total: 57.5, tax1: 7.5, applied: 57.5 });
    expect(await invoice(inv._id)).toMatchObject({ balance: 0, paid: true, amountPaid: 0 });
    const st = await mine.owner.api.get(`/api/companies/${mine.id}/entities/${client}/statement`);
    const lines = st.body.lineItems.filter((l: { _id: string }) => l._id === inv._id);
    expect(
      lines.map((l: { description: string; total: number }) => [l.description, l.total]),
    ).toEqual([
      [`Invoice ${inv.invoiceNumber}`, 287.5],
      ['Credit note CN00001', 230],
      ['Credit note CN00002', 57.5],
    ]);

    // Listed on the invoice, and readable one by one.
    const list = await mine.owner.api.get(notesUrl(inv._id));
    expect(list.body.map((n: { number: string }) => n.number)).toEqual(['CN00001', 'CN00002']);
    const one = await mine.owner.api.get(`/api/companies/${mine.id}/credit-notes/${r.body._id}`);
    expect(one.body).toEqual(r.body);
  });

  it('never credits more than the invoice carries, also at the same moment', async () => {
    const inv = await vatInvoice();
    await credit(inv._id, { amount: 200, reason: 'Part' });
    const over = await credit(inv._id, { amount: 87.51, reason: 'Too much' });
    expect(over.status).toBe(400);
    expect(over.body.fields.amount).toBe(
      'must not be more than the R87.50 the invoice still carries',
    );
    const inv2 = await vatInvoice();
    const answers = await Promise.all(
      [1, 2, 3].map(() => credit(inv2._id, { amount: 150, reason: 'At once' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    expect((await invoice(inv2._id)).amountCredited).toBe(150);
  });

  it('keeps what is above the balance of a paid invoice as owed to the client', async () => {
    const inv = await vatInvoice();
    const loaded = await invoice(inv._id);
    expect(
      (await mine.owner.api.post(invoicesUrl(mine.id), { ...loaded, paid: true })).status,
    ).toBe(200);
    const r = await credit(inv._id, { lines: [1], reason: 'Call-out waived' });
    expect(r.body).toMatchObject({ total: 57.5, applied: 0, excess: 57.5 });
    expect(await invoice(inv._id)).toMatchObject({ paid: true, balance: 0 });
  });

  it('refuses bad input, naming the field', async () => {
    const inv = await vatInvoice();
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [5], reason: 'x' }, 'lines'],
      [{ lines: [0, 0], reason: 'x' }, 'lines'],
      [{ lines: [], reason: 'x' }, 'lines'],
      [{ lines: [0], amount: 5, reason: 'x' }, 'amount'],
      [{ reason: 'x' }, 'amount'],
      [{ amount: 5 }, 'reason'],
      [{ amount: 5, reason: '   ' }, 'reason'],
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: 5, reason: 'x', date: '2026-02-30' }, 'date'],
    ];
    for (const [body, field] of cases) {
      const r = await credit(inv._id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await mine.owner.api.get(notesUrl(inv._id))).body).toEqual([]);
  });

  it('keeps the invoice it corrects: not deleted, its total unchanged', async () => {
    const inv = await vatInvoice();
    await credit(inv._id, { amount: 10, reason: 'Scratch' });
    const del = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${inv._id}/delete`);
    expect(del.status).toBe(400);
    expect(del.body.error).toBe('This invoice has credit notes, so it cannot be deleted');
    const loaded = await invoice(inv._id);
    const changed = await mine.owner.api.post(invoicesUrl(mine.id), {
      ...loaded,
      descriptions: [line({ price: 1 })],
    });
    expect(changed.status).toBe(400);
    expect(changed.body.fields.descriptions).toMatch(/has credit notes/);
    // Paid in full is what the note leaves of the total, never more.
    const over = await mine.owner.api.post(invoicesUrl(mine.id), {
      ...loaded,
      paid: true,
      amountPaid: 287.5,
    });
    expect(over.status).toBe(400);
    expect(over.body.fields.amountPaid).toBe(
      'must not be more than the R277.50 left after credit notes',
    );
    const full = await mine.owner.api.post(invoicesUrl(mine.id), {
      ...loaded,
      paid: true,
      amountPaid: 277.5,
    });
    expect(full.status).toBe(200);
    expect(await invoice(inv._id)).toMatchObject({ paid: true, balance: 0, amountPaid: 277.5 });
    // Notes are fine, and the payment stays.
    const fresh = await invoice(inv._id);
    expect(
      (await mine.owner.api.post(invoicesUrl(mine.id), { ...fresh, notes: 'still fine' })).status,
    ).toBe(200);
    expect(await invoice(inv._id)).toMatchObject({ notes: 'still fine', paid: true });
  });
});

describe('who may call them', () => {
  it('answers 404 for a quote, another company and an unknown note', async () => {
    const quote = await vatInvoice({ isQuote: true });
    expect((await credit(quote._id, { amount: 5, reason: 'x' })).status).toBe(404);
    const inv = await vatInvoice();
    const other = await buildCompany(h);
    expect((await credit(inv._id, { amount: 5, reason: 'x' }, other.owner.api)).status).toBe(404);
    expect(
      (await other.owner.api.post(notesUrl(inv._id, other.id), { amount: 5, reason: 'x' })).status,
    ).toBe(404);
    const mineNote = (await credit(inv._id, { amount: 5, reason: 'x' })).body;
    expect(
      (await other.owner.api.get(`/api/companies/${other.id}/credit-notes/${mineNote._id}`)).status,
    ).toBe(404);
    expect((await mine.owner.api.get(`/api/companies/${mine.id}/credit-notes/nope`)).status).toBe(
      404,
    );
  });

  it('needs a token, invoices.r to read and invoices.u to issue', async () => {
    const inv = await vatInvoice();
    expect((await anonymous(h).get(notesUrl(inv._id))).status).toBe(401);
    const reader = await buildMember(h, mine.id, { invoices: { r: true } });
    expect((await reader.api.get(notesUrl(inv._id))).status).toBe(200);
    expect((await credit(inv._id, { amount: 5, reason: 'x' }, reader.api)).status).toBe(403);
    const clerk = await buildMember(h, mine.id, { invoices: { r: true, u: true } });
    expect((await credit(inv._id, { amount: 5, reason: 'x' }, clerk.api)).status).toBe(200);
  });
});

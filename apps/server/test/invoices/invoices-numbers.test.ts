import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TAX, ZInvoiceSave } from '@fieldbook/core';
import { allocateNumber, writeInvoice } from '../../src/areas/invoices/invoice-writer.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, save, saveAndGet, setCompany } from '../support/invoices-helpers.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function company(numbering?: string) {
  const c = await buildCompany(h);
  if (numbering) await setCompany(c.owner.api, c.id, { numbering });
  const client = await buildClient(c.owner.api, c.id);
  return { ...c, client };
}

async function numberOf(
  c: { id: string; owner: TestUser; client: string },
  over: Record<string, unknown> = {},
) {
  const d = await saveAndGet(c.owner.api, c.id, doc(c.client, over));
  return d.isQuote ? d.quoteNumber : d.invoiceNumber;
}

describe('numbering presets', () => {
  it('INV00001: a running counter, quotes counted apart with QUO', async () => {
    const c = await company();
    expect(await numberOf(c)).toBe('INV00001');
    expect(await numberOf(c, { invoiceDate: '2027-01-05' })).toBe('INV00002');
    expect(await numberOf(c, { isQuote: true })).toBe('QUO00001');
    expect(await numberOf(c)).toBe('INV00003');
  });

  it('DDMMYYYY: the date, then -2, -3 for more on the same day', async () => {
    const c = await company('DDMMYYYY');
    expect(await numberOf(c)).toBe('02112026');
    expect(await numberOf(c)).toBe('02112026-2');
    expect(await numberOf(c, { invoiceDate: '2026-11-03' })).toBe('03112026');
    expect(await numberOf(c)).toBe('02112026-3');
    expect(await numberOf(c, { isQuote: true })).toBe('02112026');
  });

  it('DDMMYYYY-1: the date, a dash and a counter that restarts each day', async () => {
    const c = await company('DDMMYYYY-1');
    expect(await numberOf(c)).toBe('02112026-1');
    expect(await numberOf(c)).toBe('02112026-2');
    expect(await numberOf(c, { invoiceDate: '2026-11-03' })).toBe('03112026-1');
  });

  it('takes the number of the invoice date in the company zone', async () => {
    const c = await company('DDMMYYYY');
    // 22:30 UTC on the 2nd is already the 3rd in Johannesburg.
    const d = await saveAndGet(
      c.owner.api,
      c.id,
      doc(c.client, { invoiceDate: '2026-11-02T22:30:00Z' }),
    );
    expect(d.invoiceDate).toBe('2026-11-03');
    expect(d.invoiceNumber).toBe('03112026');
  });

  it('skips numbers already taken, e.g. by imported invoices', async () => {
    const c = await company();
    const co = {
      id: c.id,
      tax: DEFAULT_TAX,
      numbering: 'INV00001',
      timeZone: 'Africa/Johannesburg',
    };
    const db = h.deps.database.db;
    // What the CSV import hands in: a parsed save.
    const input = ZInvoiceSave.parse(doc(c.client));
    await db.transaction((tx) => writeInvoice(tx, co, null, input, { invoiceNumber: 'INV00002' }));
    expect(await numberOf(c)).toBe('INV00001');
    expect(await numberOf(c)).toBe('INV00003');
    // A long run of imported numbers is jumped over, not stepped through one by one.
    for (let n = 4; n <= 40; n++) {
      const invoiceNumber = `INV${String(n).padStart(5, '0')}`;
      await db.transaction((tx) => writeInvoice(tx, co, null, input, { invoiceNumber }));
    }
    expect(await numberOf(c)).toBe('INV00041');
    // A given number that is taken is refused.
    await expect(
      db.transaction((tx) => writeInvoice(tx, co, null, input, { invoiceNumber: 'INV00041' })),
    ).rejects.toMatchObject({ status: 400, fields: { invoiceNumber: 'is already used' } });
    // An imported invoice whose client is an open incident has no client yet.
    const orphan = await db.transaction((tx) =>
      writeInvoice(tx, co, null, { ...input, entityId: null }),
    );
    const got = await c.owner.api.get(`/api/companies/${c.id}/invoices/${orphan.id}`);
    expect(got.body).toMatchObject({ entityId: null, client: null, invoiceNumber: 'INV00042' });
    // The OpenAPI document still builds with these routes.
    expect((await c.owner.api.get('/api/docs')).status).toBe(200);
    // allocateNumber is usable on its own inside a transaction.
    const n = await db.transaction((tx) => allocateNumber(tx, co, 'quote', '2026-11-02'));
    expect(n).toBe('QUO00001');
  });
});

describe('quotes and invoices', () => {
  it('turns a quote into an invoice: the next invoice number, the quote number kept', async () => {
    const c = await company();
    await numberOf(c);
    const q = await saveAndGet(c.owner.api, c.id, doc(c.client, { isQuote: true }));
    expect(q).toMatchObject({ isQuote: true, quoteNumber: 'QUO00001', invoiceNumber: null });
    const inv = await saveAndGet(c.owner.api, c.id, { ...q, isQuote: false });
    expect(inv).toMatchObject({
      _id: q._id,
      isQuote: false,
      quoteNumber: 'QUO00001',
      invoiceNumber: 'INV00002',
    });
    // Saving it again keeps both numbers.
    const again = await saveAndGet(c.owner.api, c.id, { ...inv, notes: 'again' });
    expect(again).toMatchObject({ quoteNumber: 'QUO00001', invoiceNumber: 'INV00002' });

    const back = await save(c.owner.api, c.id, { ...inv, isQuote: true });
    expect(back.status).toBe(400);
    expect(Object.keys(back.body.fields)).toEqual(['isQuote']);
    const stored = await c.owner.api.get(`/api/companies/${c.id}/invoices/${q._id}`);
    expect(stored.body.isQuote).toBe(false);
  });

  it('gives 100 invoices saved at the same moment 100 distinct numbers', async () => {
    const c = await company();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => save(c.owner.api, c.id, doc(c.client))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    const list = await c.owner.api.get(
      `/api/companies/${c.id}/invoices?from=2026-11-01&to=2026-11-30`,
    );
    const numbers = (list.body as { invoiceNumber: string }[]).map((r) => r.invoiceNumber).sort();
    expect(numbers).toEqual(
      Array.from({ length: 100 }, (_, i) => `INV${String(i + 1).padStart(5, '0')}`),
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { counts, doc, invoicesUrl, save, saveAndGet } from '../support/invoices-helpers.js';

/** Edges found in review: sizes the database cannot hold, year 0000, deleted links. */
let h: Harness;
let co: { id: string; owner: TestUser };
let client: string;
beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  client = await buildClient(co.owner.api, co.id);
});
afterAll(() => h.close());

describe('amounts the database cannot hold', () => {
  it('refuses a line price above R1,000,000,000 with a 400 on the price', async () => {
    const before = await counts(h, co.id);
    const r = await save(
      co.owner.api,
      co.id,
      doc(client, { descriptions: [line({ price: 1e12 })] }),
    );
    expect(r.status).toBe(400);
    expect(r.body.fields['descriptions.0.price']).toBe('must be at most 1,000,000,000');
    expect(await counts(h, co.id)).toEqual(before);
  });

  it('refuses a document whose total passes R1,000,000,000, naming the lines', async () => {
    const r = await save(
      co.owner.api,
      co.id,
      doc(client, { descriptions: [line({ qty: 1000, price: 1e7 })] }),
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.descriptions).toBe('The total must be at most R1,000,000,000');
  });

  it('refuses an expense above R1,000,000,000', async () => {
    const data = JSON.stringify({
      expenseDate: '2026-11-02',
      description: 'Yacht',
      price: '2000000000',
    });
    const r = await co.owner.api.upload(`/api/companies/${co.id}/expenses`, { data }, {});
    expect(r.status).toBe(400);
    expect(r.body.fields.price).toBe('is too large');
  });
});

describe('year 0000', () => {
  it('is a 400 naming the field on the period lists, not a database error', async () => {
    for (const list of ['invoices', 'invoices/summary', 'expenses', 'expenses/summary']) {
      const r = await co.owner.api.get(`/api/companies/${co.id}/${list}?from=0000-01-01&type=0`);
      expect(r.status, list).toBe(400);
      expect(Object.keys(r.body.fields), list).toEqual(['from']);
    }
  });
});

describe('links to records deleted since', () => {
  it('copies an invoice whose saved item has left the price list, without the link', async () => {
    const itemId = randomUUID();
    const api = co.owner.api;
    const put = await api.post(`/api/companies/${co.id}/item/${itemId}`, {
      description: 'Geyser element',
      price: 385,
    });
    expect(put.status).toBe(200);
    const src = await saveAndGet(
      api,
      co.id,
      doc(client, { descriptions: [line({ itemId, price: 385 })] }),
    );
    expect((await api.delete(`/api/companies/${co.id}/item/${itemId}`)).status).toBe(200);
    const copy = await api.post(`${invoicesUrl(co.id)}/${src._id}/copy`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const got = await api.get(`${invoicesUrl(co.id)}/${copy.body._id}`);
    expect(got.body.descriptions[0]).toMatchObject({
      description: 'Labour',
      price: 385,
      itemId: null,
    });
    expect(got.body.totals.total).toBe(src.totals.total);
  });

  it('saves an expense again after its supplier was deleted, keeping the supplier', async () => {
    const api = co.owner.api;
    const s = await api.post(`/api/companies/${co.id}/suppliers`, { name: 'Voltex' });
    const data = (over: object) =>
      JSON.stringify({
        expenseDate: '2026-11-02',
        description: 'Cable',
        price: 99,
        supplierId: s.body._id,
        ...over,
      });
    const e = await api.upload(`/api/companies/${co.id}/expenses`, { data: data({}) }, {});
    expect(e.status).toBe(200);
    expect((await api.post(`/api/companies/${co.id}/suppliers/${s.body._id}/delete`)).status).toBe(
      200,
    );
    const again = await api.upload(
      `/api/companies/${co.id}/expenses`,
      { data: data({ _id: e.body._id, paid: true }) },
      {},
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const got = await api.get(`/api/companies/${co.id}/expenses/${e.body._id}`);
    expect(got.body).toMatchObject({ paid: true, supplierId: s.body._id });
    // A new expense may not pick the deleted supplier.
    const fresh = await api.upload(`/api/companies/${co.id}/expenses`, { data: data({}) }, {});
    expect(fresh.status).toBe(400);
    expect(fresh.body.fields.supplierId).toBe('is not a supplier of this company');
  });
});

import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type ApiClient } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, save } from '../support/invoices-helpers.js';
import { accountsUrl, cellItems, createAccount } from '../support/ledger-helpers.js';

// Review of issue 12, finding 3: account ids written in capitals.
let h: Harness;
let api: ApiClient;
let cid: string;
let clientId: string;

beforeAll(async () => {
  h = await startHarness();
  const co = await buildCompany(h);
  api = co.owner.api;
  cid = co.id;
  clientId = await buildClient(api, cid);
}, 60_000);
afterAll(() => h?.close());

const recurringUrl = () => `/api/companies/${cid}/recurring`;

describe('an account id written in capitals', () => {
  it('is stored in lower case on an invoice line and cleared when the account is deleted', async () => {
    const acc = await createAccount(api, cid, { name: 'Call-outs', account: '1100' });
    const r = await save(
      api,
      cid,
      doc(clientId, {
        invoiceDate: '2026-08-05',
        descriptions: [line({ ledgerAccountId: acc.toUpperCase() })],
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body._id as string;
    const saved = (await api.get(`${invoicesUrl(cid)}/${id}`)).body;
    expect(saved.descriptions[0].ledgerAccountId).toBe(acc);
    expect(await cellItems(api, cid, '2026-08', acc, true)).toHaveLength(1);

    const del = await api.delete(accountsUrl(cid, `/${acc}`));
    expect(del.status).toBe(200);
    const got = (await api.get(`${invoicesUrl(cid)}/${id}`)).body;
    expect(got.descriptions[0].ledgerAccountId ?? null).toBeNull();
    const again = await save(api, cid, { ...got, notes: 'edited' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const copy = await api.post(`${invoicesUrl(cid)}/${id}/copy`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
  });

  it('a line stored with capitals (before the fix) is cleared by the delete', async () => {
    const acc = await createAccount(api, cid, { name: 'Old capitals' });
    const r = await save(
      api,
      cid,
      doc(clientId, { descriptions: [line({ ledgerAccountId: acc })] }),
    );
    expect(r.status).toBe(200);
    const id = r.body._id as string;
    await h.deps.database.db.execute(
      sql`update invoices set descriptions = jsonb_set(descriptions, '{0,ledgerAccountId}', to_jsonb(${acc.toUpperCase()}::text)) where id = ${id}`,
    );
    expect((await api.delete(accountsUrl(cid, `/${acc}`))).status).toBe(200);
    const got = (await api.get(`${invoicesUrl(cid)}/${id}`)).body;
    expect(got.descriptions[0].ledgerAccountId ?? null).toBeNull();
  });

  it('a stale account id already on the stored document is dropped on save and copy, a new one refused', async () => {
    const r = await save(api, cid, doc(clientId, { descriptions: [line()] }));
    const id = r.body._id as string;
    const gone = randomUUID().toUpperCase();
    await h.deps.database.db.execute(
      sql`update invoices set descriptions = jsonb_set(descriptions, '{0,ledgerAccountId}', to_jsonb(${gone}::text)) where id = ${id}`,
    );
    const got = (await api.get(`${invoicesUrl(cid)}/${id}`)).body;
    expect(got.descriptions[0].ledgerAccountId).toBe(gone);
    const copy = await api.post(`${invoicesUrl(cid)}/${id}/copy`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const again = await save(api, cid, { ...got, notes: 'edited' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const after = (await api.get(`${invoicesUrl(cid)}/${id}`)).body;
    expect(after.descriptions[0].ledgerAccountId ?? null).toBeNull();
    const fresh = await save(
      api,
      cid,
      doc(clientId, { descriptions: [line({ ledgerAccountId: randomUUID() })] }),
    );
    expect(fresh.status).toBe(400);
    expect(fresh.body.fields).toHaveProperty(['descriptions.0.ledgerAccountId']);
  });

  it('a recurring item line keeps the id in lower case and loses it with the account', async () => {
    const acc = await createAccount(api, cid, { name: 'Recurring acc' });
    const r = await api.post(`${recurringUrl()}/invoices`, {
      startDate: '2033-01-01',
      recurringType: 'month',
      entityId: clientId,
      descriptions: [line({ ledgerAccountId: acc.toUpperCase() })],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = (await api.get(`${recurringUrl()}/invoices/${r.body._id}`)).body;
    expect(got.descriptions[0].ledgerAccountId).toBe(acc);
    expect((await api.delete(accountsUrl(cid, `/${acc}`))).status).toBe(200);
    const after = (await api.get(`${recurringUrl()}/invoices/${r.body._id}`)).body;
    expect(after.descriptions[0].ledgerAccountId ?? null).toBeNull();
  });
});

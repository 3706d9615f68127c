import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildMember, type ApiClient } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, save } from '../support/invoices-helpers.js';
import { accountsUrl, cellItems, createAccount, defaults } from '../support/ledger-helpers.js';

// Review of issue 12, finding 2 (DECISIONS §2): Accounting needs invoices c,
// but what the ledger writes elsewhere needs the rights of that area.
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

async function expense(data: Record<string, unknown>): Promise<string> {
  const r = await api.upload(`/api/companies/${cid}/expenses`, { data: JSON.stringify(data) }, {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

describe('a member holding only invoices c', () => {
  it('cannot read expenses through the ledger, move items, or change an account', async () => {
    const d = await defaults(api, cid);
    const inv = await save(api, cid, doc(clientId, { invoiceDate: '2026-03-05' }));
    expect(inv.status).toBe(200);
    const expId = await expense({
      expenseDate: '2026-03-06',
      description: 'Secret supplier deal',
      price: 999.99,
    });
    const other = await createAccount(api, cid, { name: 'Other', type: 'directCost' });
    const otherInc = await createAccount(api, cid, { name: 'Other inc', type: 'otherIncome' });
    const m = await buildMember(h, cid, { invoices: { c: true } });

    // The cost cell leaves the expense out for this member (the owner sees it).
    const ownerCosts = await cellItems(api, cid, '2026-03', d.cost._id, false);
    expect(ownerCosts.map((i) => i.sourceId)).toContain(expId);
    const costs = await cellItems(m.api, cid, '2026-03', d.cost._id, false);
    expect(costs).toEqual([]);

    const moveExp = await m.api.post(accountsUrl(cid, '/changeItemAccount'), {
      item: ownerCosts[0]!._id,
      ledgerAccountId: other,
    });
    expect(moveExp.status).toBe(403);
    const incs = await cellItems(m.api, cid, '2026-03', d.income._id, true);
    expect(incs).toHaveLength(1);
    const moveInv = await m.api.post(accountsUrl(cid, '/changeItemAccount'), {
      item: incs[0]!._id,
      ledgerAccountId: otherInc,
    });
    expect(moveInv.status).toBe(403);
    const e = (await api.get(`/api/companies/${cid}/expenses/${expId}`)).body;
    const i = (await api.get(`${invoicesUrl(cid)}/${inv.body._id}`)).body;
    expect(e.ledgerAccountId ?? null).toBeNull();
    expect(i.descriptions[0].ledgerAccountId ?? null).toBeNull();

    const ren = await m.api.post(accountsUrl(cid), { _id: d.income._id, name: 'Renamed' });
    expect(ren.status).toBe(403);
    // Creating an account stays open to invoices c.
    const created = await m.api.post(accountsUrl(cid), { name: 'New by c' });
    expect(created.status).toBe(200);
  });

  it('with invoices u moves an invoice line, with expenses u an expense', async () => {
    const d = await defaults(api, cid);
    await save(api, cid, doc(clientId, { invoiceDate: '2026-07-05' }));
    const expId = await expense({ expenseDate: '2026-07-06', description: 'Fuel', price: 10 });
    const other = await createAccount(api, cid, { name: 'Other 2', type: 'directCost' });
    const otherInc = await createAccount(api, cid, { name: 'Other inc 2', type: 'otherIncome' });
    const m = await buildMember(h, cid, {
      invoices: { c: true, r: true, u: true },
      expenses: { r: true, u: true },
    });
    const [exp] = await cellItems(m.api, cid, '2026-07', d.cost._id, false);
    expect(exp?.sourceId).toBe(expId);
    const mv1 = await m.api.post(accountsUrl(cid, '/changeItemAccount'), {
      item: exp!._id,
      ledgerAccountId: other,
    });
    expect(mv1.status, JSON.stringify(mv1.body)).toBe(200);
    const [line] = await cellItems(m.api, cid, '2026-07', d.income._id, true);
    const mv2 = await m.api.post(accountsUrl(cid, '/changeItemAccount'), {
      item: line!._id,
      ledgerAccountId: otherInc,
    });
    expect(mv2.status, JSON.stringify(mv2.body)).toBe(200);
    const ren = await m.api.post(accountsUrl(cid), { _id: otherInc, name: 'Renamed by u' });
    expect(ren.status).toBe(200);
  });
});

describe('a move and an up-to-date editor', () => {
  it('keeps the choice on the moved line when lines are reordered and removed', async () => {
    const d = await defaults(api, cid);
    const acc = await createAccount(api, cid, { name: 'Repairs' });
    const r = await save(
      api,
      cid,
      doc(clientId, {
        invoiceDate: '2026-06-05',
        descriptions: [
          line({ description: 'A', price: 10 }),
          line({ description: 'B', price: 20 }),
          line({ description: 'C', price: 30 }),
        ],
      }),
    );
    expect(r.status).toBe(200);
    const items = await cellItems(api, cid, '2026-06', d.income._id, true);
    const b = items.find((i) => i.description === 'B');
    const mv = await api.post(accountsUrl(cid, '/changeItemAccount'), {
      item: b!._id,
      ledgerAccountId: acc,
    });
    expect(mv.status).toBe(200);
    const fresh = (await api.get(`${invoicesUrl(cid)}/${r.body._id}`)).body;
    const [, B, C] = fresh.descriptions;
    expect((await save(api, cid, { ...fresh, descriptions: [C, B] })).status).toBe(200);
    const moved = await cellItems(api, cid, '2026-06', acc, true);
    expect(moved.map((i) => i.description)).toEqual(['B']);
  });
});

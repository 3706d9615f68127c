import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type ApiClient } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, save } from '../support/invoices-helpers.js';
import {
  accountsUrl,
  cellItems,
  cents,
  createAccount,
  defaults,
  statement,
} from '../support/ledger-helpers.js';

// Review of issue 12, finding 4: an expense counts on a cost account and an
// invoice line on an income account, whichever way the account is chosen.
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

const expense = (data: Record<string, unknown>) =>
  api.upload(`/api/companies/${cid}/expenses`, { data: JSON.stringify(data) }, {});
const item = (over: Record<string, unknown>) =>
  api.post(`/api/companies/${cid}/item/${randomUUID()}`, {
    code: 'LAB',
    description: 'Labour',
    category: '',
    price: 450,
    notes: '',
    hasTax: true,
    hasSecondTax: false,
    cost: 200,
    ...over,
  });

function expect400(
  r: { status: number; body: { fields?: Record<string, string> } },
  field: string,
  msg: string,
) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.fields?.[field]).toBe(msg);
}

describe('accounts of the wrong kind are refused', () => {
  it('an expense on an income account (the statement is unchanged)', async () => {
    const d = await defaults(api, cid);
    const r = await expense({
      expenseDate: '2026-04-06',
      description: 'Fuel',
      price: 500,
      ledgerAccountId: d.income._id,
    });
    expect400(r, 'ledgerAccountId', 'must be a cost account');
    const s = await statement(api, cid, '2026-04-01', '2026-04-30');
    expect(cents(s, '2026-04')).toBe(0);
  });

  it("a saved item's accounts", async () => {
    const d = await defaults(api, cid);
    expect400(
      await item({ expenseAccountId: d.income._id }),
      'expenseAccountId',
      'must be a cost account',
    );
    expect400(
      await item({ ledgerAccountId: d.cost._id }),
      'ledgerAccountId',
      'must be an income account',
    );
    const ok = await item({ ledgerAccountId: d.income._id, expenseAccountId: d.cost._id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('an invoice line on a cost account', async () => {
    const d = await defaults(api, cid);
    const r = await save(
      api,
      cid,
      doc(clientId, { descriptions: [line({ ledgerAccountId: d.cost._id })] }),
    );
    expect400(r, 'descriptions.0.ledgerAccountId', 'must be an income account');
  });

  it('a recurring expense on an income account', async () => {
    const d = await defaults(api, cid);
    const r = await api.post(`/api/companies/${cid}/recurring/expenses`, {
      startDate: '2033-01-01',
      recurringType: 'month',
      description: 'Rent',
      price: 100,
      ledgerAccountId: d.income._id,
    });
    expect400(r, 'ledgerAccountId', 'must be a cost account');
  });

  it('moves across kinds, both ways', async () => {
    const d = await defaults(api, cid);
    expect((await save(api, cid, doc(clientId, { invoiceDate: '2026-09-05' }))).status).toBe(200);
    expect(
      (await expense({ expenseDate: '2026-09-06', description: 'Fuel', price: 50 })).status,
    ).toBe(200);
    const [inc] = await cellItems(api, cid, '2026-09', d.income._id, true);
    const [cost] = await cellItems(api, cid, '2026-09', d.cost._id, false);
    const move = (i: string, to: string) =>
      api.post(accountsUrl(cid, '/changeItemAccount'), { item: i, ledgerAccountId: to });
    expect400(await move(inc!._id, d.cost._id), 'ledgerAccountId', 'must be an income account');
    expect400(await move(cost!._id, d.income._id), 'ledgerAccountId', 'must be a cost account');
    const s = await statement(api, cid, '2026-09-01', '2026-09-30');
    expect(cents(s, '2026-09', d.income._id)).toBe(
      cents(s, '2026-09') - cents(s, '2026-09', d.cost._id),
    );
    expect(cents(s, '2026-09', d.cost._id)).toBe(5000);
  });

  it('a kind change of an account that holds items; allowed while it holds none', async () => {
    const acc = await createAccount(api, cid, { name: 'Sales 2' });
    const empty = await api.post(accountsUrl(cid), {
      _id: acc,
      name: 'Now a cost',
      type: 'directCost',
    });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    const back = await api.post(accountsUrl(cid), { _id: acc, name: 'Sales 2', type: 'revenue' });
    expect(back.status).toBe(200);
    const r = await save(
      api,
      cid,
      doc(clientId, { invoiceDate: '2026-10-05', descriptions: [line({ ledgerAccountId: acc })] }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const flip = await api.post(accountsUrl(cid), {
      _id: acc,
      name: 'Sales 2',
      type: 'indirectCost',
    });
    expect400(flip, 'type', 'An account that holds items must stay an income account');
    // Within its kind it may change type.
    const other = await api.post(accountsUrl(cid), {
      _id: acc,
      name: 'Sales 2',
      type: 'otherIncome',
    });
    expect(other.status).toBe(200);
  });

  it("a saved item's account that became a cost account is not used for its invoice lines", async () => {
    const d = await defaults(api, cid);
    const acc = await createAccount(api, cid, { name: 'Flips' });
    const itemId = randomUUID();
    const saved = await api.post(`/api/companies/${cid}/item/${itemId}`, {
      code: 'FLP',
      description: 'Flip',
      category: '',
      price: 70,
      notes: '',
      hasTax: false,
      hasSecondTax: false,
      cost: 10,
      ledgerAccountId: acc,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // No account item holds it yet: the kind change is allowed.
    const flip = await api.post(accountsUrl(cid), { _id: acc, name: 'Flips', type: 'directCost' });
    expect(flip.status).toBe(200);
    const r = await save(
      api,
      cid,
      doc(clientId, { invoiceDate: '2026-11-05', descriptions: [line({ itemId, price: 70 })] }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = await statement(api, cid, '2026-11-01', '2026-11-30');
    expect(cents(s, '2026-11', acc)).toBe(0);
    expect(s['2026-11']).toContainEqual({ ledgerAccountId: d.income._id, income: true, total: 70 });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEDGER_ACCOUNTS } from '@fieldbook/core';
import { buildCompany, buildMember, type ApiClient } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, save } from '../support/invoices-helpers.js';
import {
  accountsUrl,
  cellItems,
  createAccount,
  defaults,
  listAccounts,
  statement,
} from '../support/ledger-helpers.js';

/** The ledger routes: accounts, statement cells, moving items; 400, 403 and 404. */

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let api: ApiClient;
let clientId: string;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  api = co.owner.api;
  clientId = await buildClient(api, co.id);
}, 60_000);
afterAll(() => h?.close());

describe('ledger accounts', () => {
  it('makes the two default accounts on first use, once, also when asked at the same time', async () => {
    const lists = await Promise.all([1, 2, 3, 4].map(() => listAccounts(api, co.id)));
    const ids = new Set(lists.flat().map((a) => a._id));
    expect(ids.size).toBe(2);
    const d = await defaults(api, co.id);
    expect(d.income).toMatchObject({
      ...DEFAULT_LEDGER_ACCOUNTS.income,
      income: true,
      isDefault: true,
    });
    expect(d.cost).toMatchObject({ ...DEFAULT_LEDGER_ACCOUNTS.cost, income: false });
  });

  it('creates an account of type revenue by default and derives income from the type', async () => {
    const id = await createAccount(api, co.id, { name: 'Call-outs', account: '1100' });
    const cost = await createAccount(api, co.id, { name: 'Fuel', type: 'directCost' });
    const all = await listAccounts(api, co.id);
    expect(all.find((a) => a._id === id)).toMatchObject({ type: 'revenue', income: true });
    expect(all.find((a) => a._id === cost)).toMatchObject({ type: 'directCost', income: false });
    expect(all.find((a) => a._id === cost)!.isDefault).toBe(false);
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ account: '1' }, 'name'],
      [{ name: 'x', type: 'asset' }, 'type'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'x', account: 'y'.repeat(21) }, 'account'],
      [{ name: 'Sales\u0000' }, 'name'],
      [{ name: 'x', _id: 'z'.repeat(65) }, '_id'],
    ] as const) {
      const r = await api.post(accountsUrl(co.id), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.fields ?? {})).toContain(field);
    }
  });

  it('keeps a default account within its kind', async () => {
    const d = await defaults(api, co.id);
    const r = await api.post(accountsUrl(co.id), {
      _id: d.income._id,
      name: 'Sales',
      type: 'directCost',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('type');
    const ok = await api.post(accountsUrl(co.id), {
      _id: d.income._id,
      name: 'Sales and services',
      type: 'otherIncome',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses to delete a default account (400 naming id)', async () => {
    const d = await defaults(api, co.id);
    const r = await api.delete(accountsUrl(co.id, `/${d.cost._id}`));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('id');
    expect(r.body.error).toContain('default account cannot be deleted');
  });

  it("answers 404 for another company's account, and for an unknown one", async () => {
    const foreign = (await defaults(other.owner.api, other.id)).income._id;
    const foreignOwn = await createAccount(other.owner.api, other.id, { name: 'Theirs' });
    for (const id of [foreignOwn, randomUUID(), 'not-an-id']) {
      expect((await api.delete(accountsUrl(co.id, `/${id}`))).status).toBe(404);
      expect((await api.post(accountsUrl(co.id), { _id: id, name: 'Mine now' })).status).toBe(404);
      expect((await api.get(accountsUrl(co.id, `/accountItems/2026-11/${id}/true`))).status).toBe(
        404,
      );
    }
    const mine = (await listAccounts(other.owner.api, other.id)).find((a) => a._id === foreignOwn);
    expect(mine?.name).toBe('Theirs');
    expect(foreign).toBeTruthy();
  });
});

describe('statement cells and moving items', () => {
  it('lists a cell by date, moves an item, and refuses bad cells and foreign ids', async () => {
    const d = await defaults(api, co.id);
    const extra = await createAccount(api, co.id, { name: 'Repairs', account: '1200' });
    const a = await save(api, co.id, doc(clientId, { invoiceDate: '2026-06-20' }));
    const b = await save(api, co.id, doc(clientId, { invoiceDate: '2026-06-03' }));
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const items = await cellItems(api, co.id, '2026-06', d.income._id, true);
    expect(items.map((i) => i.invoiceDate)).toEqual(['2026-06-03', '2026-06-20']);
    expect(items[0]).toMatchObject({ sourceKind: 'invoice', sourceId: b.body._id, amount: 100 });

    const moved = await api.post(accountsUrl(co.id, '/changeItemAccount'), {
      item: { _id: items[0]._id },
      ledgerAccountId: extra,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const s = await statement(api, co.id, '2026-06-01', '2026-06-30');
    expect(s['2026-06']).toContainEqual({ ledgerAccountId: extra, income: true, total: 100 });

    for (const path of ['/accountItems/2026-13/x/true', '/accountItems/June/x/true']) {
      const r = await api.get(accountsUrl(co.id, path.replace('x', d.income._id)));
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty('period');
    }
    const r = await api.get(accountsUrl(co.id, `/accountItems/2026-06/${d.income._id}/maybe`));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('income');

    const theirs = (await defaults(other.owner.api, other.id)).income._id;
    const cases = [
      { item: items[1]._id, ledgerAccountId: theirs },
      { item: randomUUID(), ledgerAccountId: extra },
      { item: 'nope', ledgerAccountId: extra },
    ];
    for (const body of cases)
      expect((await api.post(accountsUrl(co.id, '/changeItemAccount'), body)).status).toBe(404);
    const bad = await api.post(accountsUrl(co.id, '/changeItemAccount'), { item: items[1]._id });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('ledgerAccountId');
  });

  it('refuses a bad period naming the field, and a period of more than ten years', async () => {
    for (const [q, field] of [
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['type=7', 'type'],
      ['from=2000-01-01&to=2026-01-01', 'to'],
    ] as const) {
      const r = await api.get(accountsUrl(co.id, `/incomeStatement?${q}`));
      expect(r.status, q).toBe(400);
      expect(r.body.fields, q).toHaveProperty(field);
    }
  });

  it('answers every month of the period, empty ones too', async () => {
    const s = await statement(api, co.id, '2025-03-01', '2026-02-28');
    expect(Object.keys(s)).toHaveLength(12);
    expect(Object.keys(s)[0]).toBe('2025-03');
    expect(s['2025-07']).toEqual([]);
  });
});

describe('access', () => {
  it('needs invoices c for everything and invoices d as well to delete', async () => {
    const d = await defaults(api, co.id);
    const reader = await buildMember(h, co.id, { invoices: { r: true, u: true, d: true } });
    const creator = await buildMember(h, co.id, { invoices: { c: true } });
    const both = await buildMember(h, co.id, { invoices: { c: true, d: true } });
    const gone = await createAccount(api, co.id, { name: 'Temporary' });
    for (const r of [
      await reader.api.get(accountsUrl(co.id)),
      await reader.api.get(accountsUrl(co.id, '/incomeStatement')),
      await reader.api.post(accountsUrl(co.id), { name: 'x' }),
      await reader.api.get(accountsUrl(co.id, `/accountItems/2026-06/${d.income._id}/true`)),
      await reader.api.delete(accountsUrl(co.id, `/${gone}`)),
      await creator.api.delete(accountsUrl(co.id, `/${gone}`)),
    ])
      expect(r.status).toBe(403);
    expect((await creator.api.get(accountsUrl(co.id))).status).toBe(200);
    expect((await both.api.delete(accountsUrl(co.id, `/${gone}`))).status).toBe(200);
    expect((await both.api.delete(accountsUrl(co.id, `/${gone}`))).status).toBe(404);
  });
});

describe('ledger ids on invoices, items and expenses', () => {
  it('must name an account of the company (400 naming the field)', async () => {
    const theirs = (await defaults(other.owner.api, other.id)).income._id;
    const mine = (await defaults(api, co.id)).income._id;
    for (const id of [theirs, randomUUID(), 'nope']) {
      const r = await save(
        api,
        co.id,
        doc(clientId, { descriptions: [line(), line({ ledgerAccountId: id })] }),
      );
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty(['descriptions.1.ledgerAccountId']);
      for (const field of ['ledgerAccountId', 'expenseAccountId']) {
        const item = await api.post(`/api/companies/${co.id}/item/${randomUUID()}`, {
          description: 'Hedge trim',
          price: 10,
          [field]: id,
        });
        expect(item.status, JSON.stringify(item.body)).toBe(400);
        expect(item.body.fields).toHaveProperty(field);
      }
      const e = await api.upload(
        `/api/companies/${co.id}/expenses`,
        {
          data: JSON.stringify({
            expenseDate: '2026-06-02',
            description: 'Fuel',
            price: 5,
            ledgerAccountId: id,
          }),
        },
        {},
      );
      expect(e.status).toBe(400);
      expect(e.body.fields).toHaveProperty('ledgerAccountId');
    }
    const ok = await save(
      api,
      co.id,
      doc(clientId, { descriptions: [line({ ledgerAccountId: mine })] }),
    );
    expect(ok.status).toBe(200);
  });
});

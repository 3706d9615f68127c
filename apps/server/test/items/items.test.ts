import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_REQUIRED_MESSAGE } from '@fieldbook/core';
import { items } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let mine: { id: string; owner: TestUser };
let theirs: { id: string; owner: TestUser };
let client: string;
let foreignClient: string;

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  theirs = await buildCompany(h);
  client = await buildClient(mine.owner.api, mine.id);
  foreignClient = await buildClient(theirs.owner.api, theirs.id);
});
afterAll(() => h.close());

const item = (over: Record<string, unknown> = {}) => ({
  code: 'LAB',
  description: 'Labour per hour',
  category: 'Labour',
  price: 450,
  notes: '',
  hasTax: true,
  hasSecondTax: false,
  cost: 200,
  ...over,
});
const url = (cid: string, id: string) => `/api/companies/${cid}/item/${id}`;
const countItems = (cid: string) => h.deps.database.db.$count(items, eq(items.companyId, cid));

async function listOf(u: TestUser, cid: string) {
  const r = await u.api.get(`/api/companies/${cid}/items`);
  expect(r.status).toBe(200);
  return r.body as { _id: string; description: string; overrides: Record<string, number> }[];
}

describe('items', () => {
  it('creates under the id the browser chose, lists by description, updates and deletes', async () => {
    const a = randomUUID();
    const b = randomUUID();
    expect(
      (await mine.owner.api.post(url(mine.id, a), item({ description: 'Zinc roof' }))).body,
    ).toEqual({ _id: a });
    await mine.owner.api.post(url(mine.id, b), item({ description: 'Aerial install' }));
    const list = await listOf(mine.owner, mine.id);
    expect(list.map((i) => i.description)).toEqual(['Aerial install', 'Zinc roof']);
    expect(list[1]).toEqual({
      _id: a,
      code: 'LAB',
      description: 'Zinc roof',
      category: 'Labour',
      price: 450,
      notes: '',
      ledgerAccountId: null,
      overrides: {},
      hasTax: true,
      hasSecondTax: false,
      cost: 200,
      supplierId: null,
      expenseAccountId: null,
    });

    const upd = await mine.owner.api.post(
      url(mine.id, a),
      item({
        description: 'Zinc roof sheet',
        price: 99.95,
        overrides: { [client]: 80.5 },
        cost: null,
      }),
    );
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const after = (await listOf(mine.owner, mine.id)).find((i) => i._id === a)!;
    expect(after).toMatchObject({ description: 'Zinc roof sheet', price: 99.95, cost: null });
    expect(after.overrides).toEqual({ [client]: 80.5 });

    const del = await mine.owner.api.delete(url(mine.id, a));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Deleted' });
    expect((await listOf(mine.owner, mine.id)).map((i) => i._id)).toEqual([b]);
    expect((await mine.owner.api.delete(url(mine.id, a))).status).toBe(404);
  });

  it('refuses missing or too small fields with the specification message, writing nothing', async () => {
    const before = await countItems(mine.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [item({ description: undefined }), 'description', ITEM_REQUIRED_MESSAGE],
      [item({ description: '  ' }), 'description', ITEM_REQUIRED_MESSAGE],
      [item({ price: undefined }), 'price', ITEM_REQUIRED_MESSAGE],
      [item({ price: 0.5 }), 'price', 'must be at least 1'],
      [item({ cost: 0 }), 'cost', 'must be at least 1'],
      [item({ overrides: { [client]: 0 } }), `overrides.${client}`, 'must be at least 1'],
    ];
    for (const [body, field, message] of cases) {
      const r = await mine.owner.api.post(url(mine.id, randomUUID()), body);
      expect(r.status, field).toBe(400);
      expect(r.body.fields[field], field).toBe(message);
    }
    expect(await countItems(mine.id)).toBe(before);
  });

  it('takes overrides only for its own clients and suppliers only of its own', async () => {
    const before = await countItems(mine.id);
    for (const overrides of [
      { [foreignClient]: 10 },
      { 'not-a-uuid': 10 },
      { [randomUUID()]: 5 },
    ]) {
      const r = await mine.owner.api.post(url(mine.id, randomUUID()), item({ overrides }));
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.fields)).toEqual(['overrides']);
    }
    const theirSupplier = await theirs.owner.api.post(`/api/companies/${theirs.id}/suppliers`, {
      name: 'Their supplier',
    });
    const r = await mine.owner.api.post(
      url(mine.id, randomUUID()),
      item({ supplierId: theirSupplier.body._id }),
    );
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toEqual(['supplierId']);
    expect(await countItems(mine.id)).toBe(before);

    const own = await mine.owner.api.post(`/api/companies/${mine.id}/suppliers`, { name: 'Own' });
    const id = randomUUID();
    const ok = await mine.owner.api.post(url(mine.id, id), item({ supplierId: own.body._id }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await listOf(mine.owner, mine.id)).find((i) => i._id === id)).toMatchObject({
      supplierId: own.body._id,
    });
  });

  it("answers 404 for another company's item and leaves it alone", async () => {
    const theirItem = randomUUID();
    await theirs.owner.api.post(url(theirs.id, theirItem), item({ description: 'Theirs' }));
    const r = await mine.owner.api.post(url(mine.id, theirItem), item({ description: 'Hijack' }));
    expect(r.status).toBe(404);
    expect((await mine.owner.api.delete(url(mine.id, theirItem))).status).toBe(404);
    const list = await listOf(theirs.owner, theirs.id);
    expect(list.find((i) => i._id === theirItem)?.description).toBe('Theirs');
    expect((await listOf(mine.owner, mine.id)).some((i) => i._id === theirItem)).toBe(false);
    expect((await mine.owner.api.post(url(mine.id, 'nope'), item())).status).toBe(404);
  });

  it('needs a token, and the invoices flags c (create), u (update), r (list) and d (delete)', async () => {
    const id = randomUUID();
    expect((await anonymous(h).post(url(mine.id, id), item())).status).toBe(401);
    expect((await anonymous(h).get(`/api/companies/${mine.id}/items`)).status).toBe(401);

    const creator = await buildMember(h, mine.id, { invoices: { c: true } });
    const updater = await buildMember(h, mine.id, { invoices: { u: true } });
    const reader = await buildMember(h, mine.id, { invoices: { r: true } });
    expect((await reader.api.post(url(mine.id, id), item())).status).toBe(403);
    expect((await updater.api.post(url(mine.id, id), item())).status).toBe(403);
    expect((await creator.api.post(url(mine.id, id), item())).status).toBe(200);
    expect((await creator.api.post(url(mine.id, id), item({ price: 5 }))).status).toBe(403);
    expect((await updater.api.post(url(mine.id, id), item({ price: 5 }))).status).toBe(200);
    expect((await reader.api.get(`/api/companies/${mine.id}/items`)).status).toBe(200);
    expect((await creator.api.get(`/api/companies/${mine.id}/items`)).status).toBe(403);
    expect((await updater.api.delete(url(mine.id, id))).status).toBe(403);
    // A member without any save right is refused before the body is even validated.
    expect((await reader.api.post(url(mine.id, id), {})).status).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, type Flag } from '@fieldbook/core';
import { expenses, suppliers } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let foreign: { id: string; owner: TestUser };
let foreignId: string;

const url = (path = '', company = cid) => `/api/companies/${company}/suppliers${path}`;
const db = () => h.deps.database.db;
const count = async () => (await db().select().from(suppliers)).length;

/** A member with every right except clients.<flag> (suppliers are in the clients area). */
const without = (flag: Flag) => {
  const r = allRights(true);
  r.clients[flag] = false;
  return buildMember(h, cid, r);
};

async function create(api = owner.api, body: object = {}, company = cid): Promise<string> {
  const r = await api.post(url('', company), {
    name: `Supplier ${randomUUID().slice(0, 6)}`,
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id;
}

/** An expense written straight into the table (price as a string, as drizzle takes numeric). */
async function insertExpense(
  companyId: string,
  supplierId: string | null,
  price: string,
  paid: boolean,
) {
  await db()
    .insert(expenses)
    .values({
      companyId,
      supplierId,
      price,
      paid,
      expenseNumber: `EXP${randomUUID().slice(0, 6)}`,
      expenseDate: '2026-03-01',
    });
}

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  foreign = await buildCompany(h);
  foreignId = await create(foreign.owner.api, { name: 'Theirs' }, foreign.id);
});
afterAll(() => h.close());

describe('suppliers', () => {
  it('creates, lists by name with the unpaid total, reads and updates', async () => {
    const { id: co, owner: o } = await buildCompany(h);
    const b = await create(o.api, { name: 'beta', surname: 'B' }, co);
    const a = await create(o.api, { name: 'Alpha' }, co);
    await insertExpense(co, a, '100.10', false);
    await insertExpense(co, a, '0.20', false);
    await insertExpense(co, a, '999.00', true);
    await insertExpense(co, null, '50.00', false);
    await insertExpense(foreign.id, foreignId, '7.00', false);
    const list = await o.api.get(url('', co));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { _id: a, name: 'Alpha', surname: '', outstanding: 100.3 },
      { _id: b, name: 'beta', surname: 'B', outstanding: 0 },
    ]);
    expect((await o.api.get(url(`/${a}`, co))).body).toEqual(list.body[0]);
    const u = await o.api.post(url('', co), { _id: b, name: 'Beta', surname: 'Bros' });
    expect(u.body).toEqual({ _id: b });
    expect((await o.api.get(url(`/${b}`, co))).body).toMatchObject({
      name: 'Beta',
      surname: 'Bros',
    });
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const before = await count();
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'Ok', surname: 5 }, 'surname'],
    ] as const) {
      const r = await owner.api.post(url(), body);
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty([field]);
    }
    expect(await count()).toBe(before);
  });

  it("answers 404 for another company's or an unknown supplier, and 401 without a token", async () => {
    for (const id of [foreignId, randomUUID()]) {
      const got = await owner.api.get(url(`/${id}`));
      expect(got.status).toBe(404);
      expect(got.body.error).toBe('Supplier not found');
      expect((await owner.api.post(url(), { _id: id, name: 'Mine' })).status).toBe(404);
      expect((await owner.api.post(url(`/${id}/delete`))).status).toBe(404);
    }
    const row = await db().select().from(suppliers).where(eq(suppliers.id, foreignId));
    expect(row[0]).toMatchObject({ name: 'Theirs', deletedAt: null });
    const id = await create();
    const anon = anonymous(h);
    expect((await anon.get(url())).status).toBe(401);
    expect((await anon.get(url(`/${id}`))).status).toBe(401);
    expect((await anon.post(url(), { name: 'A' })).status).toBe(401);
    expect((await anon.post(url(`/${id}/delete`))).status).toBe(401);
  });

  it('needs r to read, c to create, u to update and d to delete', async () => {
    const id = await create();
    const noR = await without('r');
    expect((await noR.api.get(url())).status).toBe(403);
    expect((await noR.api.get(url(`/${id}`))).status).toBe(403);
    const noC = await without('c');
    expect((await noC.api.post(url(), { name: 'New' })).status).toBe(403);
    expect((await noC.api.post(url(), { _id: id, name: 'Renamed' })).status).toBe(200);
    const noU = await without('u');
    expect((await noU.api.post(url(), { _id: id, name: 'Again' })).status).toBe(403);
    expect((await noU.api.post(url(), { name: 'New' })).status).toBe(200);
    const none = await buildMember(h, cid, { clients: { r: true, d: true } });
    expect((await none.api.post(url(), {})).status).toBe(403);
    expect((await (await without('d')).api.post(url(`/${id}/delete`))).status).toBe(403);
  });

  it('soft-deletes: the supplier leaves the list, its expenses keep it', async () => {
    const id = await create();
    await insertExpense(cid, id, '10.00', false);
    const d = await owner.api.post(url(`/${id}/delete`));
    expect(d.body).toEqual({ message: 'Deleted' });
    expect((await owner.api.get(url())).body.map((s: { _id: string }) => s._id)).not.toContain(id);
    expect((await owner.api.get(url(`/${id}`))).status).toBe(404);
    expect((await owner.api.post(url(`/${id}/delete`))).status).toBe(404);
    const e = await db().select().from(expenses).where(eq(expenses.supplierId, id));
    expect(e).toHaveLength(1);
  });
});

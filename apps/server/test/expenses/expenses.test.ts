import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, todayIn, type GroupRights } from '@fieldbook/core';
import {
  companies,
  expenses,
  files,
  numberCounters,
  suppliers,
} from '../../src/db/schema/index.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  type ApiClient,
  type Loose,
} from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// The server judges images by their first bytes only.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);
const png = () => ({ data: PNG, filename: 'receipt.png', type: 'image/png' });
const jpeg = () => ({ data: JPEG, filename: 'receipt.jpg', type: 'image/jpeg' });

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let supplierId: string;
let deletedSupplierId: string;
let foreignSupplierId: string;

const url = (cid: string, rest = '') => `/api/companies/${cid}/expenses${rest}`;
const db = () => h.deps.database.db;

async function insertSupplier(companyId: string, name: string, deleted = false) {
  const [s] = await db()
    .insert(suppliers)
    .values({ companyId, name, surname: '', deletedAt: deleted ? new Date() : null })
    .returning({ id: suppliers.id });
  return s!.id;
}

const expense = (over: Record<string, unknown> = {}) => ({
  expenseDate: '2026-11-02',
  description: 'Printer paper',
  price: 100,
  ...over,
});

function save(
  api: ApiClient,
  cid: string,
  data: unknown,
  photo?: { data: Buffer; filename: string; type: string },
) {
  return api.upload(url(cid), { data: JSON.stringify(data) }, photo ? { photo } : {});
}

async function create(cid: string, data: Record<string, unknown>, api = co.owner.api) {
  const r = await save(api, cid, data);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

/** The expense as its company's owner reads it. */
async function fetchExpense(id: string, c = co): Promise<Loose> {
  const r = await c.owner.api.get(url(c.id, `/${id}`));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const fileExists = async (photo: string) =>
  (
    await db()
      .select()
      .from(files)
      .where(eq(files.id, photo.replace('/images/', '')))
  ).length > 0;

/** Rows an expense save could write for the company, to check that a refused one wrote nothing. */
async function written(companyId: string) {
  const [e] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(expenses)
    .where(eq(expenses.companyId, companyId));
  const [f] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(files)
    .where(eq(files.companyId, companyId));
  const counters = await db()
    .select()
    .from(numberCounters)
    .where(and(eq(numberCounters.companyId, companyId), eq(numberCounters.kind, 'expense')));
  return { expenses: e!.n, files: f!.n, counters };
}

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  supplierId = await insertSupplier(co.id, 'Office Depot');
  deletedSupplierId = await insertSupplier(co.id, 'Gone Ltd', true);
  foreignSupplierId = await insertSupplier(other.id, 'Elsewhere');
});
afterAll(() => h.close());

describe('saving an expense', () => {
  it('creates one with a photo, numbered, and reads it and the photo back', async () => {
    const r = await save(
      co.owner.api,
      co.id,
      expense({
        supplierId,
        price: '1234,56',
        paid: 'true',
        methodPaid: '  Card ',
        // 23:30 UTC is already the next day in Johannesburg.
        expenseDate: '2026-11-20T23:30:00.000Z',
        dueDate: '2026-11-30',
      }),
      png(),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = await fetchExpense(r.body._id);
    expect(got).toMatchObject({
      _id: r.body._id,
      expenseNumber: expect.stringMatching(/^EXP\d{5}$/),
      expenseDate: '2026-11-21',
      dueDate: '2026-11-30',
      to: 'Office Depot',
      supplierId,
      price: 1234.56,
      description: 'Printer paper',
      paid: true,
      methodPaid: 'Card',
      hasWarranty: false,
      warrantyValidDate: null,
      ledgerAccountId: null,
      isRecurring: false,
      recurringType: '',
    });
    expect(got.photo).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    const img = await anonymous(h).get(`/api${got.photo}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.body as Buffer, PNG)).toBe(0);
  });

  it('hands out consecutive numbers from the shared counter, also under concurrent saves', async () => {
    const c = await buildCompany(h);
    const first = await fetchExpense(await create(c.id, expense(), c.owner.api), c);
    expect(first.expenseNumber).toBe('EXP00001');
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => create(c.id, expense(), c.owner.api)),
    );
    const numbers = await Promise.all(
      ids.map(async (id) => (await fetchExpense(id, c)).expenseNumber),
    );
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `EXP${String(i + 2).padStart(5, '0')}`),
    );
  });

  it('skips a number already taken, as invoices do, and the database refuses a second one', async () => {
    const c = await buildCompany(h);
    // A number the counter does not know of (a restored or moved expense).
    const row = { companyId: c.id, expenseDate: '2026-11-02', price: '5.00' };
    await db()
      .insert(expenses)
      .values([
        { ...row, expenseNumber: 'EXP00001' },
        { ...row, expenseNumber: 'EXP00002' },
      ]);
    const made = await fetchExpense(await create(c.id, expense(), c.owner.api), c);
    expect(made.expenseNumber).toBe('EXP00003');
    await expect(
      db()
        .insert(expenses)
        .values({ ...row, expenseNumber: 'EXP00003' }),
    ).rejects.toThrow();
    // Another company may use the same number.
    await db()
      .insert(expenses)
      .values({ ...row, companyId: other.id, expenseNumber: 'EXP00003' });
  });

  it('follows the company preset: DDMMYYYY-1 restarts each day', async () => {
    const c = await buildCompany(h);
    await db().update(companies).set({ numbering: 'DDMMYYYY-1' }).where(eq(companies.id, c.id));
    const n = async (date: string) =>
      (await fetchExpense(await create(c.id, expense({ expenseDate: date }), c.owner.api), c))
        .expenseNumber;
    expect(await n('2026-11-21')).toBe('21112026-1');
    expect(await n('2026-11-21')).toBe('21112026-2');
    expect(await n('2026-11-22')).toBe('22112026-1');
  });

  it('keeps a typed `to`, and accepts paid as a boolean and amounts rounded to cents', async () => {
    const id = await create(
      co.id,
      expense({ supplierId, to: ' Cash sale ', paid: false, price: 10.005 }),
    );
    expect(await fetchExpense(id)).toMatchObject({ to: 'Cash sale', paid: false, price: 10.01 });
    const id2 = await create(co.id, expense({ paid: true, price: '1 234,5' }));
    expect(await fetchExpense(id2)).toMatchObject({ to: '', paid: true, price: 1234.5 });
  });

  it('updates an expense, keeps its number and photo, then replaces and removes the photo', async () => {
    const id = (await save(co.owner.api, co.id, expense(), png())).body._id as string;
    const before = await fetchExpense(id);

    const upd = await save(
      co.owner.api,
      co.id,
      expense({ _id: id, description: 'Toner', price: '99,9', paid: 'false', supplierId }),
    );
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body).toEqual({ _id: id });
    const after = await fetchExpense(id);
    expect(after).toMatchObject({
      expenseNumber: before.expenseNumber,
      description: 'Toner',
      price: 99.9,
      paid: false,
      to: 'Office Depot',
      photo: before.photo,
    });

    const rep = await save(co.owner.api, co.id, expense({ _id: id }), jpeg());
    expect(rep.status).toBe(200);
    const replaced = await fetchExpense(id);
    expect(replaced.photo).not.toBe(before.photo);
    expect(await fileExists(before.photo)).toBe(false);
    expect((await anonymous(h).get(`/api${before.photo}`)).status).toBe(404);
    const img = await anonymous(h).get(`/api${replaced.photo}`);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(img.body as Buffer, JPEG)).toBe(0);

    const rem = await save(co.owner.api, co.id, expense({ _id: id, removePhoto: true }));
    expect(rem.status).toBe(200);
    expect((await fetchExpense(id)).photo).toBeNull();
    expect(await fileExists(replaced.photo)).toBe(false);
  });

  it('applies the warranty rules', async () => {
    const missing = await save(co.owner.api, co.id, expense({ hasWarranty: true }));
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ warrantyValidDate: 'is required' });

    const id = await create(co.id, expense({ hasWarranty: true, warrantyValidDate: '2028-11-02' }));
    expect(await fetchExpense(id)).toMatchObject({
      hasWarranty: true,
      warrantyValidDate: '2028-11-02',
    });

    await create(co.id, expense({ _id: id, hasWarranty: false, warrantyValidDate: '2028-11-02' }));
    expect(await fetchExpense(id)).toMatchObject({ hasWarranty: false, warrantyValidDate: null });
  });
});

describe('refusing bad input', () => {
  // Functions, because the supplier ids exist only after beforeAll.
  const cases: [string, () => Record<string, unknown>, string, RegExp?][] = [
    ['a malformed date', () => ({ expenseDate: '2026-13-01' }), 'expenseDate'],
    ['a malformed due date', () => ({ dueDate: '21/11/2026' }), 'dueDate'],
    ['a price that is not an amount', () => ({ price: '12,34,5' }), 'price', /must be an amount/],
    ['an empty price', () => ({ price: '' }), 'price', /must be an amount/],
    ['a negative price', () => ({ price: '-5' }), 'price'],
    ['a price of the wrong type', () => ({ price: true }), 'price'],
    ["another company's supplier", () => ({ supplierId: foreignSupplierId }), 'supplierId'],
    ['a deleted supplier', () => ({ supplierId: deletedSupplierId }), 'supplierId'],
    ['a supplier id that is no uuid', () => ({ supplierId: 'nope' }), 'supplierId'],
    ['a missing description', () => ({ description: '  ' }), 'description'],
    ['paid of the wrong text', () => ({ paid: 'yes' }), 'paid'],
    ['a ledger account that is no uuid', () => ({ ledgerAccountId: 'x' }), 'ledgerAccountId'],
  ];

  it.each(cases)(
    'refuses %s with 400 naming the field, writing nothing',
    async (_, over, field, msg) => {
      const before = await written(co.id);
      const r = await save(co.owner.api, co.id, expense(over()), png());
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.body.fields)).toContain(field);
      if (msg) expect(r.body.fields[field]).toMatch(msg);
      expect(await written(co.id)).toEqual(before);
    },
  );

  it('refuses a photo that is not an image, a bad data field, and no data', async () => {
    const before = await written(co.id);
    const text = { data: Buffer.from('not a picture'), filename: 'x.png', type: 'image/png' };
    const r = await save(co.owner.api, co.id, expense(), text);
    expect(r.status).toBe(400);
    expect(r.body.fields.photo).toBeDefined();

    const bad = await co.owner.api.upload(url(co.id), { data: '{nope' }, {});
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ data: 'must be JSON' });
    const none = await co.owner.api.upload(url(co.id), {}, { photo: png() });
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ data: 'is required' });
    expect(await written(co.id)).toEqual(before);
  });
});

describe('the list and summary of a period', () => {
  it('lists the period newest first, excludes others, and sums paid and outstanding', async () => {
    const c = await buildCompany(h);
    const mk = (expenseDate: string, price: number | string, paid: boolean) =>
      create(c.id, expense({ expenseDate, price, paid }), c.owner.api);
    const a = await mk('2026-10-01', 10, true);
    const b = await mk('2026-10-31', '20,25', false);
    const d = await mk('2026-10-15', 5.5, true);
    await mk('2026-09-30', 1000, false);
    await mk('2026-11-01', 1000, true);

    const q = '?from=2026-10-01&to=2026-10-31&type=0';
    const list = await c.owner.api.get(url(c.id, q));
    expect(list.status).toBe(200);
    expect(list.body.map((e: Loose) => e._id)).toEqual([b, d, a]);
    const sum = await c.owner.api.get(url(c.id, `/summary${q}`));
    expect(sum.status).toBe(200);
    expect(sum.body).toEqual({
      paid: 15.5,
      outstanding: 20.25,
      counts: { all: 3, paid: 2, unpaid: 1 },
    });

    // One date: the rest of its period; a day period.
    expect((await c.owner.api.get(url(c.id, '?from=2026-10-15&type=2'))).body).toHaveLength(1);
    expect((await c.owner.api.get(url(c.id, '?from=2026-03-01&type=1'))).body).toHaveLength(5);
  });

  it('defaults to the current month in the company zone', async () => {
    const c = await buildCompany(h);
    const today = todayIn('Africa/Johannesburg');
    const id = await create(c.id, expense({ expenseDate: today }), c.owner.api);
    await create(c.id, expense({ expenseDate: '2001-01-01' }), c.owner.api);
    const list = await c.owner.api.get(url(c.id));
    expect(list.body.map((e: Loose) => e._id)).toEqual([id]);
    expect((await c.owner.api.get(url(c.id, '/summary'))).body.counts.all).toBe(1);
  });

  it.each([
    ['?from=2026-02-30', 'from'],
    ['?to=yesterday', 'to'],
    ['?from=2026-10-31&to=2026-10-01', 'to'],
    ['?type=7', 'type'],
  ])('refuses %s with 400 naming %s', async (q, field) => {
    for (const path of ['', '/summary']) {
      const r = await co.owner.api.get(url(co.id, `${path}${q}`));
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.fields)).toEqual([field]);
    }
  });
});

describe('deleting an expense', () => {
  it('deletes it and its photo', async () => {
    const id = (await save(co.owner.api, co.id, expense(), png())).body._id as string;
    const { photo } = await fetchExpense(id);
    const r = await co.owner.api.post(url(co.id, `/${id}/delete`));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Deleted' });
    expect((await co.owner.api.get(url(co.id, `/${id}`))).status).toBe(404);
    expect(await fileExists(photo)).toBe(false);
    expect((await co.owner.api.post(url(co.id, `/${id}/delete`))).status).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 without a token', async () => {
    const id = await create(co.id, expense());
    const anon = anonymous(h);
    expect((await anon.get(url(co.id))).status).toBe(401);
    expect((await anon.get(url(co.id, '/summary'))).status).toBe(401);
    expect((await anon.get(url(co.id, `/${id}`))).status).toBe(401);
    expect((await save(anon, co.id, expense())).status).toBe(401);
    expect((await anon.post(url(co.id, `/${id}/delete`))).status).toBe(401);
  });

  it("answers 404 for another company's expense, and for unknown ids", async () => {
    const theirs = await create(other.id, expense(), other.owner.api);
    for (const id of [theirs, randomUUID(), 'not-a-uuid']) {
      expect((await co.owner.api.get(url(co.id, `/${id}`))).status, id).toBe(404);
      const upd = await save(co.owner.api, co.id, expense({ _id: id, description: 'Mine now' }));
      expect(upd.status, id).toBe(404);
      expect((await co.owner.api.post(url(co.id, `/${id}/delete`))).status, id).toBe(404);
    }
    expect((await fetchExpense(theirs, other)).description).toBe('Printer paper');
    expect((await other.owner.api.get(url(other.id, `/${theirs}`))).body.description).toBe(
      'Printer paper',
    );
  });

  const member = (expensesRights: GroupRights['expenses']) =>
    buildMember(h, co.id, { ...allRights(true), expenses: expensesRights });

  it('answers 403 to a member without the flag: r to read, c to create, u to update, d to delete', async () => {
    const id = await create(co.id, expense());
    const noRead = await member({ c: true, u: true, d: true });
    expect((await noRead.api.get(url(co.id))).status).toBe(403);
    expect((await noRead.api.get(url(co.id, '/summary'))).status).toBe(403);
    expect((await noRead.api.get(url(co.id, `/${id}`))).status).toBe(403);

    const onlyUpdate = await member({ r: true, u: true });
    const before = await written(co.id);
    expect((await save(onlyUpdate.api, co.id, expense())).status).toBe(403);
    expect(await written(co.id)).toEqual(before);
    const u = await save(onlyUpdate.api, co.id, expense({ _id: id, description: 'By u' }));
    expect(u.status).toBe(200);

    const onlyCreate = await member({ r: true, c: true });
    expect((await save(onlyCreate.api, co.id, expense({ _id: id }))).status).toBe(403);
    expect((await fetchExpense(id)).description).toBe('By u');
    expect((await save(onlyCreate.api, co.id, expense())).status).toBe(200);

    // Neither right: refused before the body is read, so even a bad body is a 403.
    const readOnly = await member({ r: true });
    expect((await save(readOnly.api, co.id, { price: 'x' })).status).toBe(403);
    expect((await readOnly.api.post(url(co.id, `/${id}/delete`))).status).toBe(403);
    expect((await fetchExpense(id)).description).toBe('By u');
  });
});

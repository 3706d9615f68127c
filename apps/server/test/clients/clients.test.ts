import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, type Area, type Flag } from '@fieldbook/core';
import { clientTypes, clients } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let foreign: { id: string; owner: TestUser };
let typeId: string;
let foreignTypeId: string;
let foreignClientId: string;

const url = (path = '', company = cid) => `/api/companies/${company}${path}`;
const db = () => h.deps.database.db;
const count = async (table: typeof clients | typeof clientTypes) =>
  (await db().select().from(table)).length;

const FIELDS = [
  { description: 'size', label: 'Size', type: 'select', options: ['S', 'M', 'L'] },
  { description: 'age', label: 'Age', type: 'number' },
  { description: 'vip', label: 'VIP', type: 'switch' },
  { description: 'since', label: 'Client since', type: 'date' },
  { description: 'note', label: 'Note', type: 'text' },
];

/** Client types, saving, listing and deleting clients (statements, documents, export: clients-statement-export.test.ts). */

/** A member whose rights are all but `area.flag`. */
const without = (area: Area, flag: Flag) => {
  const r = allRights(true);
  r[area][flag] = false;
  return buildMember(h, cid, r);
};

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  foreign = await buildCompany(h);
  const t = await owner.api.post(url('/entityTemplate'), { name: 'Retail', descriptions: FIELDS });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  typeId = t.body._id;
  const ft = await foreign.owner.api.post(url('/entityTemplate', foreign.id), {
    name: 'Theirs',
    descriptions: [],
  });
  foreignTypeId = ft.body._id;
  foreignClientId = await buildClient(foreign.owner.api, foreign.id);
});
afterAll(() => h.close());

describe('client types', () => {
  it('creates, lists, reads and updates a type', async () => {
    const c = await owner.api.post(url('/entityTemplate'), { name: 'Zed', descriptions: [] });
    expect(c.status).toBe(200);
    const list = await owner.api.get(url('/entityTemplate'));
    expect(list.body.map((t: { name: string }) => t.name)).toEqual(['Retail', 'Zed']);
    const got = await owner.api.get(url(`/entityTemplate/${typeId}`));
    expect(got.body).toEqual({
      _id: typeId,
      name: 'Retail',
      descriptions: FIELDS.map((f) => ({ options: [], ...f })),
    });
    const u = await owner.api.post(url('/entityTemplate'), {
      _id: c.body._id,
      name: 'Zulu',
      descriptions: [{ description: 'x', label: 'X', type: 'text' }],
    });
    expect(u.body).toEqual({ _id: c.body._id });
    expect((await owner.api.get(url(`/entityTemplate/${c.body._id}`))).body.name).toBe('Zulu');
  });

  it('refuses bad types with 400 naming the field, writing nothing', async () => {
    const before = await count(clientTypes);
    const bad = [
      [{ name: ' ', descriptions: [] }, 'name'],
      [
        { name: 'A', descriptions: [{ description: 'a', label: 'A', type: 'colour' }] },
        'descriptions.0.type',
      ],
      [{ name: 'A', descriptions: [FIELDS[0], FIELDS[0]] }, 'descriptions'],
    ] as const;
    for (const [body, field] of bad) {
      const r = await owner.api.post(url('/entityTemplate'), body);
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.fields)).toContain(field);
    }
    expect(await count(clientTypes)).toBe(before);
  });

  it("answers 404 for another company's type and 401 without a token", async () => {
    expect((await owner.api.get(url(`/entityTemplate/${foreignTypeId}`))).status).toBe(404);
    const u = await owner.api.post(url('/entityTemplate'), {
      _id: foreignTypeId,
      name: 'Mine',
      descriptions: [],
    });
    expect(u.status).toBe(404);
    expect((await owner.api.post(url(`/entityTemplate/${foreignTypeId}/delete`))).status).toBe(404);
    const row = await db().select().from(clientTypes).where(eq(clientTypes.id, foreignTypeId));
    expect(row[0]!.name).toBe('Theirs');
    const anon = anonymous(h);
    expect((await anon.get(url('/entityTemplate'))).status).toBe(401);
    expect((await anon.get(url(`/entityTemplate/${typeId}`))).status).toBe(401);
    expect((await anon.post(url('/entityTemplate'), { name: 'A', descriptions: [] })).status).toBe(
      401,
    );
    expect((await anon.post(url(`/entityTemplate/${typeId}/delete`))).status).toBe(401);
  });

  it('needs clients.r to read; settings c to create, u to update and d to delete', async () => {
    expect((await (await without('clients', 'r')).api.get(url('/entityTemplate'))).status).toBe(
      403,
    );
    const noC = await without('settings', 'c');
    expect(
      (await noC.api.post(url('/entityTemplate'), { name: 'N', descriptions: [] })).status,
    ).toBe(403);
    const upd = { _id: typeId, name: 'Retail', descriptions: FIELDS };
    expect((await noC.api.post(url('/entityTemplate'), upd)).status).toBe(200);
    expect(
      (await (await without('settings', 'u')).api.post(url('/entityTemplate'), upd)).status,
    ).toBe(403);
    // Every clients right is not enough to change the types.
    const clientsOnly = await buildMember(h, cid, {
      clients: { c: true, r: true, u: true, d: true },
    });
    expect((await clientsOnly.api.post(url('/entityTemplate'), upd)).status).toBe(403);
    expect((await clientsOnly.api.post(url(`/entityTemplate/${typeId}/delete`))).status).toBe(403);
    const noD = await without('settings', 'd');
    expect((await noD.api.post(url(`/entityTemplate/${typeId}/delete`))).status).toBe(403);
  });

  it('deletes a type; its clients keep their data with no type', async () => {
    const t = await owner.api.post(url('/entityTemplate'), { name: 'Gone', descriptions: FIELDS });
    const client = await buildClient(owner.api, cid, {
      entityTemplateId: t.body._id,
      fields: { age: 40 },
    });
    const d = await owner.api.post(url(`/entityTemplate/${t.body._id}/delete`));
    expect(d.body).toEqual({ message: 'Deleted' });
    expect((await owner.api.get(url(`/entityTemplate/${t.body._id}`))).status).toBe(404);
    const got = await owner.api.get(url(`/entities/${client}`));
    expect(got.body).toMatchObject({ entityTemplateId: null, fields: { age: 40 } });
    // With no type to check against, a save keeps the stored values and ignores new ones.
    await owner.api.post(url('/entities'), { ...got.body, fields: { age: 1, x: 'y' } });
    expect((await owner.api.get(url(`/entities/${client}`))).body.fields).toEqual({ age: 40 });
  });
});

describe('saving clients', () => {
  it('creates a client with its type and checked fields, then updates it', async () => {
    const id = await buildClient(owner.api, cid, {
      name: 'Ann',
      surname: 'Smith',
      email: 'ANN@Example.test',
      entityTemplateId: typeId,
      googlePosition: { lat: -33.92, lng: 18.42 },
      googleZoom: 15,
      fields: { size: 'M', age: 31, vip: true, since: '2024-02-29', note: '', stray: 'x' },
    });
    const got = await owner.api.get(url(`/entities/${id}`));
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      _id: id,
      name: 'Ann',
      surname: 'Smith',
      email: 'ann@example.test',
      entityTemplateId: typeId,
      googlePosition: { lat: -33.92, lng: 18.42 },
      googleZoom: 15,
      autoSendStatement: false,
      outstanding: 0,
      userId: owner.id,
      companyId: cid,
      documents: [],
    });
    expect(got.body.fields).toEqual({ size: 'M', age: 31, vip: true, since: '2024-02-29' });
    const u = await owner.api.post(url('/entities'), {
      ...got.body,
      name: 'Anne',
      fields: { size: 'L' },
    });
    expect(u.body).toEqual({ _id: id });
    const again = await owner.api.get(url(`/entities/${id}`));
    expect(again.body).toMatchObject({ name: 'Anne', fields: { size: 'L' }, googleZoom: 15 });
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const before = await count(clients);
    const base = { name: 'Bad', entityTemplateId: typeId };
    const bad: [object, string][] = [
      [{ surname: 'x' }, 'name'],
      [{ ...base, email: 'nope' }, 'email'],
      [{ ...base, googlePosition: { lat: 91, lng: 0 } }, 'googlePosition.lat'],
      [{ ...base, entityTemplateId: foreignTypeId }, 'entityTemplateId'],
      [{ ...base, entityTemplateId: randomUUID() }, 'entityTemplateId'],
      [{ ...base, entityTemplateId: 'nope' }, 'entityTemplateId'],
      [{ ...base, fields: { size: 'XL' } }, 'fields.size'],
      [{ ...base, fields: { age: '31' } }, 'fields.age'],
      [{ ...base, fields: { vip: 'yes' } }, 'fields.vip'],
      [{ ...base, fields: { since: '2023-02-29' } }, 'fields.since'],
      [{ ...base, fields: { note: true } }, 'fields.note'],
      [{ ...base, statementTemplateId: randomUUID() }, 'statementTemplateId'],
      [{ ...base, statementTemplateId: 'nope' }, 'statementTemplateId'],
    ];
    for (const [body, field] of bad) {
      const r = await owner.api.post(url('/entities'), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.fields, JSON.stringify(r.body)).toHaveProperty([field]);
      expect(r.body.error).toContain(field);
    }
    expect(await count(clients)).toBe(before);
  });

  it('needs c to create and u to update; another company or an unknown id is a 404', async () => {
    const id = await buildClient(owner.api, cid, { name: 'Perm' });
    const noC = await without('clients', 'c');
    expect((await noC.api.post(url('/entities'), { name: 'New' })).status).toBe(403);
    expect((await noC.api.post(url('/entities'), { _id: id, name: 'Perm 2' })).status).toBe(200);
    const noU = await without('clients', 'u');
    expect((await noU.api.post(url('/entities'), { _id: id, name: 'Perm 3' })).status).toBe(403);
    expect((await noU.api.post(url('/entities'), { name: 'New' })).status).toBe(200);
    for (const other of [foreignClientId, randomUUID(), 'nope']) {
      const r = await owner.api.post(url('/entities'), { _id: other, name: 'Mine now' });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('Client not found');
    }
    expect((await anonymous(h).post(url('/entities'), { name: 'A' })).status).toBe(401);
  });
});

describe('listing and deleting clients', () => {
  it('lists live clients by name and surname, optionally of one type', async () => {
    const { id: c2, owner: o2 } = await buildCompany(h);
    const t = await o2.api.post(url('/entityTemplate', c2), { name: 'T', descriptions: [] });
    for (const [name, surname] of [
      ['Bob', 'Zulu'],
      ['al', 'x'],
      ['Bob', 'Adams'],
      ['Carl', 'C'],
    ])
      await buildClient(o2.api, c2, {
        name,
        surname,
        ...(name === 'Bob' && { entityTemplateId: t.body._id }),
      });
    const list = await o2.api.get(url('/entities', c2));
    expect(list.status).toBe(200);
    expect(
      list.body.map((c: { name: string; surname: string }) => `${c.name} ${c.surname}`),
    ).toEqual(['al x', 'Bob Adams', 'Bob Zulu', 'Carl C']);
    const typed = await o2.api.get(url(`/entities?entityTemplateId=${t.body._id}`, c2));
    expect(typed.body).toHaveLength(2);
    const bad = await o2.api.get(url('/entities?entityTemplateId=nope', c2));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty(['entityTemplateId']);
    expect((await anonymous(h).get(url('/entities', c2))).status).toBe(401);
    expect((await (await without('clients', 'r')).api.get(url('/entities'))).status).toBe(403);
  });

  it('soft-deletes: the client leaves the list and its detail, its statement stays', async () => {
    const id = await buildClient(owner.api, cid, { name: 'Leaving' });
    expect(
      (await (await without('clients', 'd')).api.post(url(`/entities/${id}/delete`))).status,
    ).toBe(403);
    expect((await anonymous(h).post(url(`/entities/${id}/delete`))).status).toBe(401);
    expect((await owner.api.post(url(`/entities/${foreignClientId}/delete`))).status).toBe(404);
    const d = await owner.api.post(url(`/entities/${id}/delete`));
    expect(d.body).toEqual({ message: 'Deleted' });
    const list = await owner.api.get(url('/entities'));
    expect(list.body.map((c: { _id: string }) => c._id)).not.toContain(id);
    const got = await owner.api.get(url(`/entities/${id}`));
    expect(got.status).toBe(404);
    expect(got.body.error).toBe('Client not found');
    expect((await owner.api.post(url(`/entities/${id}/delete`))).status).toBe(404);
    expect((await owner.api.get(url(`/entities/${id}/statement`))).status).toBe(200);
    expect(
      (await db().select().from(clients).where(eq(clients.id, id)))[0]!.deletedAt,
    ).not.toBeNull();
  });

  it("answers 404 for another company's client and 401 without a token", async () => {
    for (const path of ['', '/statement', `/documents/${randomUUID()}`]) {
      expect((await owner.api.get(url(`/entities/${foreignClientId}${path}`))).status).toBe(404);
      expect((await anonymous(h).get(url(`/entities/${foreignClientId}${path}`))).status).toBe(401);
    }
  });
});

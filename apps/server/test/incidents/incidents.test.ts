import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights } from '@fieldbook/core';
import { clients, incidents, invoices } from '../../src/db/schema/index.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const db = () => h.deps.database.db;
const invoiceRow = async (id: string) =>
  (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;
const clientRow = async (id: string) =>
  (await db().select().from(clients).where(eq(clients.id, id)))[0]!;
const incidentRow = async (id: string) =>
  (await db().select().from(incidents).where(eq(incidents.id, id)))[0]!;

const CSV = [
  'invoiceDate,client,description,price',
  '2026-03-07,Jon Smit,Call-out,50',
  '2026-03-08,John Smith,Repair,75',
].join('\n');

/** A company with Jane Doe (who owes 100 already), two John Smiths and two open incidents. */
async function setup() {
  const { id: cid, owner } = await buildCompany(h);
  const jane = await buildClient(owner.api, cid, {
    name: 'Jane',
    surname: 'Doe',
    email: 'jane@example.test',
  });
  await buildInvoice(owner.api, cid, jane);
  const smith1 = await buildClient(owner.api, cid, { name: 'John', surname: 'Smith' });
  const smith2 = await buildClient(owner.api, cid, { name: 'John', surname: 'Smith' });
  const r = await owner.api.post(`/api/companies/${cid}/import/invoices`, { csv: CSV });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.created).toMatchObject({ invoices: 2, incidents: 2 });
  const list = await owner.api.get(`/api/companies/${cid}/incidents`);
  const byValue: Record<string, Loose> = Object.fromEntries(
    list.body.map((i: Loose) => [i.value, i]),
  );
  return {
    cid,
    owner,
    jane,
    smith1,
    smith2,
    jon: byValue['Jon Smit'],
    john: byValue['John Smith'],
  };
}

const fix = (who: TestUser, cid: string, id: string, newValue: unknown) =>
  who.api.post(`/api/companies/${cid}/incidents/${id}`, { newValue });

describe('incidents', () => {
  it('lists open incidents, newest first', async () => {
    const { cid, owner } = await setup();
    const list = await owner.api.get(`/api/companies/${cid}/incidents`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(list.body.every((i: Loose) => i.status === 'open' && i.fixedClient === null)).toBe(true);
  });

  it('Fix assigns the invoice to the client, updates its outstanding and closes the incident', async () => {
    const { cid, owner, jane, jon, john } = await setup();
    expect((await clientRow(jane)).outstanding).toBe('100.00');

    const r = await fix(owner, cid, jon._id, '  JANE doe ');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: 'Fixed' });

    const inv = await invoiceRow(jon.recordId);
    expect(inv).toMatchObject({ entityId: jane, to: 'Jane Doe', toEmail: 'jane@example.test' });
    expect((await clientRow(jane)).outstanding).toBe('150.00');
    const row = await incidentRow(jon._id);
    expect(row).toMatchObject({ status: 'fixed', fixedClientId: jane });
    expect(row.fixedAt).toBeInstanceOf(Date);

    const list = await owner.api.get(`/api/companies/${cid}/incidents`);
    expect(list.body.map((i: Loose) => i._id)).toEqual([john._id, jon._id]);
    expect(list.body[1]).toMatchObject({
      status: 'fixed',
      fixedClient: { _id: jane, name: 'Jane', surname: 'Doe' },
    });

    const again = await fix(owner, cid, jon._id, 'Jane Doe');
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ newValue: 'This incident is already fixed' });
  });

  it('refuses a name that matches no client or several, and changes nothing', async () => {
    const { cid, owner, john } = await setup();
    const none = await fix(owner, cid, john._id, 'Nobody Here');
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ newValue: 'matches no client' });
    const many = await fix(owner, cid, john._id, 'john smith');
    expect(many.status).toBe(400);
    expect(many.body.fields).toEqual({ newValue: 'matches more than one client' });
    const blank = await fix(owner, cid, john._id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.fields.newValue).toBeDefined();
    expect((await incidentRow(john._id)).status).toBe('open');
    expect((await invoiceRow(john.recordId)).entityId).toBeNull();
  });

  it('matches only live clients: a deleted namesake does not count', async () => {
    const { cid, owner, smith1, smith2, john } = await setup();
    const del = await owner.api.post(`/api/companies/${cid}/entities/${smith1}/delete`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const r = await fix(owner, cid, john._id, 'John Smith');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await invoiceRow(john.recordId)).entityId).toBe(smith2);
    expect((await clientRow(smith2)).outstanding).toBe('75.00');
  });
});

describe('incidents access', () => {
  it('answers 401 without a token', async () => {
    const { cid, jon } = await setup();
    expect((await anonymous(h).get(`/api/companies/${cid}/incidents`)).status).toBe(401);
    const r = await anonymous(h).post(`/api/companies/${cid}/incidents/${jon._id}`, {
      newValue: 'Jane Doe',
    });
    expect(r.status).toBe(401);
  });

  it("answers 404 for another company's incident and for an unknown one", async () => {
    const a = await setup();
    const b = await buildCompany(h);
    await buildClient(b.owner.api, b.id, { name: 'Jane', surname: 'Doe' });
    const foreign = await fix(b.owner, b.id, a.jon._id, 'Jane Doe');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Incident not found');
    expect((await fix(a.owner, a.cid, randomUUID(), 'Jane Doe')).status).toBe(404);
    expect((await incidentRow(a.jon._id)).status).toBe('open');
    expect(
      (await b.owner.api.get(`/api/companies/${b.id}/incidents`)).body.map((i: Loose) => i._id),
    ).toEqual([]);
  });

  it('answers 403 to a member without the flag', async () => {
    const { cid, jon } = await setup();
    const readOnly = allRights(false);
    readOnly.invoices.r = true;
    const reader = await buildMember(h, cid, readOnly);
    expect((await reader.api.get(`/api/companies/${cid}/incidents`)).status).toBe(200);
    expect((await fix(reader, cid, jon._id, 'Jane Doe')).status).toBe(403);
    const noRead = allRights(true);
    noRead.invoices.r = false;
    const blind = await buildMember(h, cid, noRead);
    expect((await blind.api.get(`/api/companies/${cid}/incidents`)).status).toBe(403);
    expect((await incidentRow(jon._id)).status).toBe('open');
  });
});

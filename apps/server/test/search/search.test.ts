import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, vatTax, type TSearchResults } from '@fieldbook/core';
import {
  anonymous,
  buildCompany,
  buildMember,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { appointments, invoices } from '../../src/db/schema/index.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob } from '../support/jobs-helpers.js';

/** GET /companies/{cid}/search: grouped hits, only of the areas the member may read. */

let h: Harness;
let cid: string;
let owner: TestUser;
let naidoo: string;
let invoice: Loose;
let quote: Loose;
let job: Loose;
let supplier: string;
let other: { id: string; owner: TestUser };

const url = (q: string, c = cid, extra = '') =>
  `/api/companies/${c}/search?q=${encodeURIComponent(q)}${extra}`;

async function search(q: string, api = owner.api, extra = ''): Promise<TSearchResults> {
  const r = await api.get(url(q, cid, extra));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as TSearchResults;
}
const ids = (res: TSearchResults, group: string) =>
  res.groups.find((g) => g.group === group)?.hits.map((x) => x._id) ?? [];
const groupNames = (res: TSearchResults) => res.groups.map((g) => g.group);

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  const api = owner.api;
  naidoo = await buildClient(api, cid, { name: 'Thandi', surname: 'Naidoo' });
  const smith = await buildClient(api, cid, { name: 'Ann', surname: 'Smith_100%' });
  const noTax = vatTax({ hasTax: false });
  invoice = await buildInvoice(api, cid, naidoo, {
    tax: noTax,
    descriptions: [line({ price: 1234.5 })],
  });
  await buildInvoice(api, cid, smith);
  quote = await buildInvoice(api, cid, naidoo, { isQuote: true });
  job = await buildJob(api, cid, {
    entityId: naidoo,
    faultDescription: 'Geyser leaking in the roof, burst valve',
  });
  await buildJob(api, cid, { faultDescription: 'Blocked drain' });
  const s = await api.post(`/api/companies/${cid}/suppliers`, {
    name: 'Builders',
    surname: 'Depot',
  });
  expect(s.status).toBe(200);
  supplier = s.body._id as string;
  // Another company with the same names and words: never in this company's answers.
  other = await buildCompany(h);
  const theirs = await buildClient(other.owner.api, other.id, {
    name: 'Thandi',
    surname: 'Naidoo',
  });
  await buildInvoice(other.owner.api, other.id, theirs);
  await buildJob(other.owner.api, other.id, {
    entityId: theirs,
    faultDescription: 'Geyser leaking',
  });
  await other.owner.api.post(`/api/companies/${other.id}/suppliers`, { name: 'Builders' });
});
afterAll(() => h.close());

describe('GET /companies/{cid}/search', () => {
  it('answers every group to the owner, in order, with labels the dropdown shows', async () => {
    const res = await search('naidoo');
    expect(groupNames(res)).toEqual(['clients', 'suppliers', 'invoices', 'quotes', 'jobs']);
    expect(res.groups[0]!.hits).toEqual([
      { _id: naidoo, label: 'Thandi Naidoo', sublabel: expect.stringContaining('@') },
    ]);
    expect(ids(res, 'suppliers')).toEqual([]);
    const inv = res.groups[2]!.hits;
    expect(inv).toEqual([
      {
        _id: invoice._id,
        label: invoice.invoiceNumber,
        sublabel: 'Thandi Naidoo · R1,234.50 · 2026-11-02',
      },
    ]);
    expect(ids(res, 'quotes')).toEqual([quote._id]);
    expect(res.groups[3]!.hits[0]!.label).toBe(quote.quoteNumber);
    expect(ids(res, 'jobs')).toEqual([job._id]);
    expect(res.groups[4]!.hits[0]!.sublabel).toBe(
      'Thandi Naidoo · Geyser leaking in the roof, burst valve',
    );
    // Its type, so the browser opens it over that type's board.
    expect(res.groups[4]!.hits[0]!.typeId).toBe(job.appointmentTypeId);
  });

  it('finds an invoice and a job by number, a job by its fault words, a supplier by name', async () => {
    const byNumber = await search(String(invoice.invoiceNumber).toLowerCase());
    expect(ids(byNumber, 'invoices')[0]).toBe(invoice._id);
    expect(ids(await search(job.appointmentNumber as string), 'jobs')[0]).toBe(job._id);
    expect(ids(await search('BURST valve'), 'jobs')).toEqual([job._id]);
    expect(ids(await search('  ilders dep  '), 'suppliers')).toEqual([supplier]);
    expect(ids(await search('nomatchatall'), 'invoices')).toEqual([]);
    // Under 3 characters, numbers and faults match only exactly; names still anywhere.
    expect(ids(await search('eak'), 'jobs')).toEqual([job._id]);
    expect(ids(await search('ak'), 'jobs')).toEqual([]);
    expect(ids(await search('ai'), 'clients')).toEqual([naidoo]);
  });

  it('puts the exact number first, and holds `limit` hits per group', async () => {
    const api = owner.api;
    const many = await buildClient(api, cid, { name: 'Many', surname: 'Docs' });
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await buildInvoice(api, cid, many));
    // The newest holds the oldest's number inside its own: the exact one still comes first.
    const db = h.deps.database.db;
    await db.update(invoices).set({ invoiceNumber: 'X-12' }).where(eq(invoices.id, made[0]!._id));
    await db.update(invoices).set({ invoiceNumber: 'X-123' }).where(eq(invoices.id, made[6]!._id));
    expect(ids(await search('x-12'), 'invoices')).toEqual([made[0]!._id, made[6]!._id]);
    expect(ids(await search('x-1'), 'invoices')).toEqual([made[6]!._id, made[0]!._id]);
    expect(ids(await search('many docs'), 'invoices')).toHaveLength(5);
    expect(ids(await search('many docs', api, '&limit=2'), 'invoices')).toHaveLength(2);
    expect(ids(await search('many docs', api, '&limit=20'), 'invoices')).toHaveLength(7);
  });

  it('puts a job whose number holds the text before one whose fault does', async () => {
    const db = h.deps.database.db;
    const byNumber = await buildJob(owner.api, cid, { faultDescription: 'Service the pump' });
    const byFault = await buildJob(owner.api, cid, { faultDescription: 'Pump serial PX-4471' });
    await db
      .update(appointments)
      .set({ appointmentNumber: 'J-4471' })
      .where(eq(appointments.id, byNumber._id));
    expect(ids(await search('4471'), 'jobs')).toEqual([byNumber._id, byFault._id]);
    // The exact number, case aside, comes first; a `_` in the text is no wildcard there.
    expect(ids(await search('j-4471'), 'jobs')).toEqual([byNumber._id]);
    expect(ids(await search('j_4471'), 'jobs')).toEqual([]);
  });

  it('treats %, _ and \\ as plain characters', async () => {
    expect(ids(await search('%'), 'clients')).toEqual(ids(await search('smith_100%'), 'clients'));
    expect(ids(await search('_'), 'clients')).toHaveLength(1);
    expect(ids(await search('h_1'), 'clients')).toHaveLength(1);
    expect(ids(await search('h%1'), 'clients')).toEqual([]);
    expect(ids(await search('a_n'), 'clients')).toEqual([]);
    for (const q of ['\\', '\\%', "'; drop table clients; --", '%%%', '____'])
      expect((await owner.api.get(url(q))).status, q).toBe(200);
  });

  it('answers only the groups the member may read', async () => {
    const noInvoices = allRights(true);
    noInvoices.invoices.r = false;
    const a = await buildMember(h, cid, noInvoices);
    expect(groupNames(await search('naidoo', a.api))).toEqual(['clients', 'suppliers', 'jobs']);
    const b = await buildMember(h, cid, { invoices: { r: true } });
    const res = await search('naidoo', b.api);
    expect(groupNames(res)).toEqual(['invoices', 'quotes']);
    // The invoice still names its client, as the invoices list does.
    expect(res.groups[0]!.hits[0]!.sublabel).toContain('Thandi Naidoo');
    const c = await buildMember(h, cid, { appointments: { r: true } });
    expect(groupNames(await search('naidoo', c.api))).toEqual(['jobs']);
    const none = await buildMember(h, cid, null);
    expect(groupNames(await search('naidoo', none.api))).toEqual([]);
  });

  it("never answers another company's records", async () => {
    const res = await search('naidoo');
    const all = res.groups.flatMap((g) => g.hits.map((x) => x._id));
    const theirs = await other.owner.api.get(url('naidoo', other.id));
    expect(theirs.status).toBe(200);
    const theirIds = (theirs.body as TSearchResults).groups.flatMap((g) =>
      g.hits.map((x) => x._id),
    );
    expect(theirIds.length).toBe(3);
    for (const id of theirIds) expect(all).not.toContain(id);
    expect(ids(await search('builders'), 'suppliers')).toEqual([supplier]);
    // The owner of the other company is no member here.
    expect((await other.owner.api.get(url('naidoo'))).status).toBe(404);
  });

  it('answers 400 naming q for a missing, blank or too long text, and limit out of range', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const r = await owner.api.get(url(q));
      expect(r.status, q).toBe(400);
      expect(r.body.fields).toHaveProperty('q');
    }
    const missing = await owner.api.get(`/api/companies/${cid}/search`);
    expect([missing.status, Object.keys(missing.body.fields ?? {})]).toEqual([400, ['q']]);
    expect((await owner.api.get(url('x'.repeat(100)))).status).toBe(200);
    for (const l of ['0', '21', 'abc', '1.5'])
      expect((await owner.api.get(url('naidoo', cid, `&limit=${l}`))).status, l).toBe(400);
    const nul = await owner.api.get(url('a\u0000b'));
    expect(nul.status).toBe(400);
  });

  it('answers 401 without a token, 403 to a disabled member', async () => {
    expect((await anonymous(h).get(url('naidoo'))).status).toBe(401);
    const off = await buildMember(h, cid, allRights(true), { disabled: true });
    expect((await off.api.get(url('naidoo'))).status).toBe(403);
  });

  it('has a trigram index on each searched expression', async () => {
    const rows = await h.deps.database.db.execute(
      sql`select indexname, indexdef from pg_indexes where indexdef like '%gin_trgm_ops%'`,
    );
    const names = rowsOf<{ indexname: string }>(rows).map((r) => r.indexname);
    expect(names.sort()).toEqual([
      'appointments_fault_trgm_idx',
      'appointments_number_trgm_idx',
      'clients_search_trgm_idx',
      'invoices_number_trgm_idx',
      'invoices_quote_number_trgm_idx',
      'suppliers_search_trgm_idx',
    ]);
  });

  it('has a (company, lower(number)) index for each exact number', async () => {
    const rows = await h.deps.database.db.execute(
      sql`select indexdef from pg_indexes where indexname like '%number_lower_idx'`,
    );
    const defs = rowsOf<{ indexdef: string }>(rows).map((r) => r.indexdef);
    expect(defs.sort()).toEqual([
      expect.stringMatching(
        /ON public\.appointments USING btree \(company_id, lower\(appointment_number\)\)/,
      ),
      expect.stringMatching(
        /ON public\.invoices USING btree \(company_id, lower\(invoice_number\)\)/,
      ),
      expect.stringMatching(
        /ON public\.invoices USING btree \(company_id, lower\(quote_number\)\)/,
      ),
    ]);
  });
});

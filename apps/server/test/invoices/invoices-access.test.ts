import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { counts, doc, invoicesUrl, save, saveAndGet } from '../support/invoices-helpers.js';

let h: Harness;
let mine: { id: string; owner: TestUser };
let theirs: { id: string; owner: TestUser };
let client: string;
let theirInvoice: Record<string, unknown> & { _id: string };

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  theirs = await buildCompany(h);
  client = await buildClient(mine.owner.api, mine.id);
  const theirClient = await buildClient(theirs.owner.api, theirs.id);
  theirInvoice = await saveAndGet(
    theirs.owner.api,
    theirs.id,
    doc(theirClient, { notes: 'theirs' }),
  );
});
afterAll(() => h.close());

describe('invoices access', () => {
  it('answers 401 without a token', async () => {
    const anon = anonymous(h);
    const url = invoicesUrl(mine.id);
    expect((await anon.get(url)).status).toBe(401);
    expect((await anon.get(`${url}/summary`)).status).toBe(401);
    expect((await anon.post(url, doc(client))).status).toBe(401);
    expect((await anon.get(`${url}/${theirInvoice._id}`)).status).toBe(401);
  });

  it("answers 404 for another company's invoice on every route and changes nothing", async () => {
    const url = invoicesUrl(mine.id);
    const id = theirInvoice._id;
    const before = await counts(h, theirs.id);
    expect((await mine.owner.api.get(`${url}/${id}`)).status).toBe(404);
    expect((await mine.owner.api.get(`${url}/${id}`)).body).toEqual({ error: 'Invoice not found' });
    const upd = await save(mine.owner.api, mine.id, { ...doc(client), _id: id, notes: 'hijack' });
    expect(upd.status).toBe(404);
    expect((await mine.owner.api.post(`${url}/${id}/copy`)).status).toBe(404);
    expect((await mine.owner.api.post(`${url}/${id}/delete`)).status).toBe(404);
    expect((await save(mine.owner.api, mine.id, { ...doc(client), _id: 'nope' })).status).toBe(404);
    expect(await counts(h, theirs.id)).toEqual(before);
    const still = await theirs.owner.api.get(`${invoicesUrl(theirs.id)}/${id}`);
    expect(still.body.notes).toBe('theirs');
    // Their company's list is not reachable through mine either.
    const list = await mine.owner.api.get(`${url}?from=2026-01-01&to=2026-12-31`);
    expect(list.body.some((r: { _id: string }) => r._id === id)).toBe(false);
  });

  it('needs invoices.r to read, c to create or copy, u to update, d to delete', async () => {
    const url = invoicesUrl(mine.id);
    const d = await saveAndGet(mine.owner.api, mine.id, doc(client));
    const none = await buildMember(h, mine.id, { clients: { c: true, r: true, u: true, d: true } });
    const creator = await buildMember(h, mine.id, { invoices: { c: true } });
    const updater = await buildMember(h, mine.id, { invoices: { u: true } });
    const reader = await buildMember(h, mine.id, { invoices: { r: true } });
    const deleter = await buildMember(h, mine.id, { invoices: { d: true } });

    for (const path of ['', '/summary', `/${d._id}`]) {
      expect((await none.api.get(`${url}${path}`)).status, path).toBe(403);
      expect((await reader.api.get(`${url}${path}`)).status, path).toBe(200);
    }
    const before = await counts(h, mine.id);
    expect((await none.api.post(url, doc(client))).status).toBe(403);
    expect((await updater.api.post(url, doc(client))).status).toBe(403);
    expect((await creator.api.post(url, { ...d, notes: 'x' })).status).toBe(403);
    expect((await reader.api.post(url, { ...d, notes: 'x' })).status).toBe(403);
    expect((await updater.api.post(`${url}/${d._id}/copy`)).status).toBe(403);
    expect((await creator.api.post(`${url}/${d._id}/delete`)).status).toBe(403);
    // Refused before validation: an invalid body still answers 403.
    expect((await updater.api.post(url, { entityId: 5 })).status).toBe(403);
    expect(await counts(h, mine.id)).toEqual(before);

    expect((await creator.api.post(url, doc(client))).status).toBe(200);
    expect((await creator.api.post(`${url}/${d._id}/copy`)).status).toBe(200);
    expect((await updater.api.post(url, { ...d, notes: 'by updater' })).status).toBe(200);
    expect((await deleter.api.post(`${url}/${d._id}/delete`)).status).toBe(200);
  });
});

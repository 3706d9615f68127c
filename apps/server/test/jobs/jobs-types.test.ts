import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights } from '@fieldbook/core';
import { appointmentTypes } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, plumbingType, typesUrl } from '../support/jobs-helpers.js';

let h: Harness;
let cid: string;
let owner: TestUser;
beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
});
afterAll(() => h.close());

describe('GET /appointments/types', () => {
  it('gives a new company Meeting and Booking, each from a first to a final status', async () => {
    const r = await owner.api.get(typesUrl(cid));
    expect(r.status).toBe(200);
    expect(r.body.slice(0, 2).map((t: { name: string }) => t.name)).toEqual(['Meeting', 'Booking']);
    const booking = r.body[1];
    expect(booking.components.map((c: { type: string }) => c.type)).toEqual([
      'invoice',
      'clientSelect',
      'itemsSelect',
    ]);
    expect(booking.statuses[0].next).toEqual(['Booked']);
    expect(booking.statuses.at(-1).next).toEqual([]);
  });

  it('installs the defaults once for a company that has none, also when asked at once', async () => {
    const c = await buildCompany(h);
    await h.deps.database.db.delete(appointmentTypes).where(eq(appointmentTypes.companyId, c.id));
    const answers = await Promise.all([1, 2, 3].map(() => c.owner.api.get(typesUrl(c.id))));
    for (const a of answers) expect(a.status).toBe(200);
    const rows = await h.deps.database.db
      .select()
      .from(appointmentTypes)
      .where(eq(appointmentTypes.companyId, c.id));
    expect(rows.map((t) => t.name).sort()).toEqual(['Booking', 'Meeting']);
  });

  it('is open to appointments r and settings r or u, and 403 to others; 401 without a token', async () => {
    for (const rights of [
      { appointments: { r: true } },
      { settings: { r: true } },
      { settings: { u: true } },
    ]) {
      const m = await buildMember(h, cid, rights);
      expect((await m.api.get(typesUrl(cid))).status, JSON.stringify(rights)).toBe(200);
    }
    const none = await buildMember(h, cid, { invoices: { r: true } });
    expect((await none.api.get(typesUrl(cid))).status).toBe(403);
    expect((await anonymous(h).get(typesUrl(cid))).status).toBe(401);
  });

  it("answers 404 for another company's types", async () => {
    const other = await buildCompany(h);
    expect((await owner.api.get(typesUrl(other.id))).status).toBe(404);
  });
});

describe('POST /appointments/types', () => {
  it('saves a type, derives next from the links and keeps the two consistent', async () => {
    const t = plumbingType();
    // A stale `next` from the browser is replaced by the diagram's links.
    t.statuses[0]!.next = ['Job Done'];
    const saved = await buildType(owner.api, cid, t);
    expect(saved.statuses.map((s: { next: string[] }) => s.next)).toEqual([
      ['Quoted'],
      ['On site'],
      ['Job Done'],
      [],
    ]);
    expect(saved.statuses[0].draw).toMatchObject({
      width: 125,
      height: 75,
      linksTo: ['st-quoted'],
    });
  });

  it('updates a type by _id and keeps its jobs in a renamed status', async () => {
    const saved = await buildType(owner.api, cid);
    const job = await buildJob(owner.api, cid, { appointmentTypeId: saved._id, status: 'New' });
    const changed = { ...saved, statuses: saved.statuses.map((s: { id: string }) => s) };
    changed.statuses[0] = { ...changed.statuses[0], name: 'Fresh' };
    const r = await owner.api.post(typesUrl(cid), changed);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body._id).toBe(saved._id);
    const again = await owner.api.get(`/api/companies/${cid}/appointments/activeJobs/${job._id}`);
    expect(again.body.status).toBe('Fresh');
  });

  it('refuses a broken graph with a 400 naming the field', async () => {
    const dup = plumbingType();
    dup.statuses[1]!.name = 'New';
    let r = await owner.api.post(typesUrl(cid), dup);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(['statuses.1.name']);

    const gone = plumbingType();
    gone.statuses[0]!.draw!.linksTo = ['nowhere'];
    r = await owner.api.post(typesUrl(cid), gone);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(['statuses.0.draw.linksTo']);

    const req = plumbingType(undefined, { Quoted: { requiredComponents: ['nope'] } });
    r = await owner.api.post(typesUrl(cid), req);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(['statuses.1.requiredComponents']);
    expect(r.body.error).toContain("'nope'");

    r = await owner.api.post(typesUrl(cid), { ...plumbingType(), statuses: [] });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(['statuses']);
  });

  it('saves a graph the designer only warns about (an unreachable status)', async () => {
    const t = plumbingType();
    t.statuses[0]!.draw!.linksTo = [];
    const r = await owner.api.post(typesUrl(cid), t);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('refuses a name another type of the company has (ignoring case), with a 400 naming name', async () => {
    const name = `Unique ${randomUUID().slice(0, 6)}`;
    await buildType(owner.api, cid, plumbingType(name));
    const r = await owner.api.post(typesUrl(cid), plumbingType(name.toUpperCase()));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('name');
    // Another company may use it.
    const other = await buildCompany(h);
    expect((await other.owner.api.post(typesUrl(other.id), plumbingType(name))).status).toBe(200);
  });

  it('needs settings u to create and to change (DECISIONS §12); 404 for another company', async () => {
    const onlyU = await buildMember(h, cid, { settings: { u: true } });
    const onlyC = await buildMember(h, cid, { settings: { c: true } });
    const allButU = await buildMember(h, cid, {
      ...allRights(true),
      settings: { ...allRights(true).settings, u: false },
    });
    const jobsAll = await buildMember(h, cid, {
      ...allRights(false),
      appointments: allRights(true).appointments,
    });
    // Settings c alone may not create a type: the menu shows the designer for settings u.
    expect((await onlyC.api.post(typesUrl(cid), plumbingType())).status).toBe(403);
    expect((await allButU.api.post(typesUrl(cid), plumbingType())).status).toBe(403);
    expect((await jobsAll.api.post(typesUrl(cid), plumbingType())).status).toBe(403);
    const made = await onlyU.api.post(typesUrl(cid), plumbingType());
    expect(made.status).toBe(200);
    const body = { ...plumbingType(), _id: made.body._id };
    expect((await onlyC.api.post(typesUrl(cid), body)).status).toBe(403);
    expect((await onlyU.api.post(typesUrl(cid), body)).status).toBe(200);
    const other = await buildCompany(h);
    expect((await owner.api.post(typesUrl(other.id), plumbingType())).status).toBe(404);
    // Another company's type id through my company: 404.
    const theirs = await buildType(other.owner.api, other.id);
    const r = await owner.api.post(typesUrl(cid), { ...plumbingType(), _id: theirs._id });
    expect(r.status).toBe(404);
    const row = await h.deps.database.db
      .select()
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.id, theirs._id), eq(appointmentTypes.companyId, other.id)));
    expect(row[0]!.name).toBe(theirs.name);
    expect((await anonymous(h).post(typesUrl(cid), plumbingType())).status).toBe(401);
  });
});

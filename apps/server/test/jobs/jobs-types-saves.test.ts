import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, typesUrl } from '../support/jobs-helpers.js';

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

describe('type saves', () => {
  it('answer updatedAt; a stale one is a 409 and nothing is written', async () => {
    const t = await buildType(owner.api, cid, plumbingType());
    expect(Date.parse(t.updatedAt)).not.toBeNaN();
    const a = await owner.api.post(typesUrl(cid), { ...t, description: 'first' });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(Date.parse(a.body.updatedAt)).toBeGreaterThan(Date.parse(t.updatedAt));
    // A second designer still holding the old one.
    const b = await owner.api.post(typesUrl(cid), { ...t, description: 'second' });
    expect(b.status).toBe(409);
    expect(b.body.error).toBe('This type was changed by someone else; reload it');
    const now = (await owner.api.get(typesUrl(cid))).body.find(
      (x: { _id: string }) => x._id === t._id,
    );
    expect(now.description).toBe('first');
    // With the answer's updatedAt, or without one, it saves.
    const c = await owner.api.post(typesUrl(cid), {
      ...t,
      description: 'third',
      updatedAt: a.body.updatedAt,
    });
    expect(c.status).toBe(200);
    const { updatedAt: _u, ...bare } = t;
    expect((await owner.api.post(typesUrl(cid), bare)).status).toBe(200);
    const bad = await owner.api.post(typesUrl(cid), { ...t, updatedAt: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('updatedAt');
  });

  it('two saves of one loaded type at once: one wins, the other is a 409', async () => {
    const t = await buildType(owner.api, cid, plumbingType());
    const [a, b] = await Promise.all(
      ['A', 'B'].map((n) => {
        const copy = structuredClone(t);
        copy.statuses[1].name = `Quoted ${n}`;
        return owner.api.post(typesUrl(cid), copy);
      }),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
  });

  it('refuses the reserved status names, naming the status', async () => {
    for (const name of ['Scheduled', 'Unscheduled', 'Please select']) {
      const t = plumbingType();
      t.statuses[2]!.name = name;
      const r = await owner.api.post(typesUrl(cid), t);
      expect(r.status, name).toBe(400);
      expect(r.body.fields).toHaveProperty('statuses.2.name');
    }
  });

  it('refuses icon names that are not plain identifiers', async () => {
    const t = plumbingType();
    expect((await owner.api.post(typesUrl(cid), { ...t, icon: 'a b' })).body.fields).toHaveProperty(
      'icon',
    );
    const s = plumbingType();
    s.statuses[0]!.icon = '<img src=x>';
    const r = await owner.api.post(typesUrl(cid), s);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('statuses.0.icon');
    expect((await owner.api.post(typesUrl(cid), { ...plumbingType(), icon: 'tool' })).status).toBe(
      200,
    );
  });

  it('allows at most 50 types per company (400 naming name on the 51st)', async () => {
    const c = await buildCompany(h);
    const have = (await c.owner.api.get(typesUrl(c.id))).body.length as number;
    for (let i = have; i < 50; i++) await buildType(c.owner.api, c.id, plumbingType(`T${i}`));
    const r = await c.owner.api.post(typesUrl(c.id), plumbingType('One too many'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('name');
    // Saving an existing one is still fine.
    const list = (await c.owner.api.get(typesUrl(c.id))).body;
    expect(list).toHaveLength(50);
    expect((await c.owner.api.post(typesUrl(c.id), list[0])).status).toBe(200);
  }, 60_000);

  it('renames the last status of jobs waiting in Unscheduled', async () => {
    const t = await buildType(owner.api, cid, plumbingType());
    const j = await buildJob(owner.api, cid, { appointmentTypeId: t._id, status: 'New' });
    await owner.api.post(jobsUrl(cid), { ...j, status: 'Unscheduled' });
    const cur = (await owner.api.get(typesUrl(cid))).body.find(
      (x: { _id: string }) => x._id === t._id,
    );
    cur.statuses[0].name = 'Fresh';
    cur.statuses[0].permissions = { hideAssignee: true };
    expect((await owner.api.post(typesUrl(cid), cur)).status).toBe(200);
    const rows = await h.deps.database.db.execute(
      sql`select last_status from appointments where id = ${j._id}`,
    );
    expect(rowsOf<{ last_status: string }>(rows)[0]!.last_status).toBe('Fresh');
  });
});

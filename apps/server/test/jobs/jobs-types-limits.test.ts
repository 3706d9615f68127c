import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COMPANY_TYPE_BYTES, MAX_TYPE_BYTES, allRights } from '@fieldbook/core';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { plumbingType, typesUrl } from '../support/jobs-helpers.js';

/** Issue 19 B4: size limits of workflow types (DECISIONS §15, docs/jobs.md "Limits"). */
let h: Harness;
let cid: string;
let owner: TestUser;
let groupId: string;

const addGroup = async (api: TestUser['api'], companyId: string) => {
  const g = await api.post(`/api/companies/${companyId}/groups`, {
    name: `Group ${randomUUID().slice(0, 6)}`,
    rights: allRights(false),
  });
  expect(g.status, JSON.stringify(g.body)).toBe(200);
  return (g.body as { _id: string })._id;
};

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  groupId = await addGroup(owner.api, cid);
});
afterAll(() => h.close());

const fieldsOf = (r: { body: { fields?: Record<string, string> } }) =>
  Object.keys(r.body.fields ?? {});

/** A type of about `kb` KB: wording fields of 4,000 characters fill it. */
function typeOfSize(kb: number) {
  const t = plumbingType();
  t.components = Array.from({ length: Math.floor((kb * 1024) / 4200) }, (_, i) => ({
    prop: `w${i}`,
    label: `Wording ${i}`,
    type: 'wording' as const,
    wording: 'x'.repeat(4000),
  }));
  return t;
}

describe('permission maps of a type', () => {
  it('take only the type’s own statuses as keys of a field’s permissions', async () => {
    const t = plumbingType();
    t.components[1]!.permissions = { 'st-gone': { hide: true } };
    const r = await owner.api.post(typesUrl(cid), t);
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['components.1.permissions']);
    t.components[1]!.permissions = { 'st-new': { hide: true } };
    expect((await owner.api.post(typesUrl(cid), t)).status).toBe(200);
  });

  it("take only the company's groups, and at most 50 of them", async () => {
    const other = await buildCompany(h);
    const theirs = await addGroup(other.owner.api, other.id);
    const t = plumbingType();
    t.statuses[0]!.permissions = { groups: { [theirs]: { hideAssignee: true } } };
    let r = await owner.api.post(typesUrl(cid), t);
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['statuses.0.permissions.groups']);
    t.statuses[0]!.permissions = {};
    t.components[1]!.permissions = { 'st-new': { groups: { [theirs]: { hide: true } } } };
    r = await owner.api.post(typesUrl(cid), t);
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['components.1.permissions.st-new.groups']);
    const many = Object.fromEntries(
      Array.from({ length: 51 }, () => [randomUUID(), { hideAssignee: true }]),
    );
    t.components[1]!.permissions = {};
    t.statuses[0]!.permissions = { groups: many };
    r = await owner.api.post(typesUrl(cid), t);
    expect(r.status).toBe(400);
    expect(fieldsOf(r).join()).toContain('statuses.0.permissions.groups');
    t.statuses[0]!.permissions = { groups: { [groupId]: { hideAssignee: true } } };
    expect((await owner.api.post(typesUrl(cid), t)).status).toBe(200);
  });

  it('are answered without the keys of a group deleted since, so a save of them passes', async () => {
    const gone = await addGroup(owner.api, cid);
    const t = plumbingType();
    t.statuses[0]!.permissions = { groups: { [gone]: { hideAssignee: true } } };
    const saved = await owner.api.post(typesUrl(cid), t);
    expect(saved.status).toBe(200);
    const del = await owner.api.post(`/api/companies/${cid}/groups/${gone}/delete`, {});
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const listed = ((await owner.api.get(typesUrl(cid))).body as { _id: string }[]).find(
      (x) => x._id === saved.body._id,
    )!;
    expect(JSON.stringify(listed)).not.toContain(gone);
    expect((await owner.api.post(typesUrl(cid), listed)).status).toBe(200);
  });
});

describe('the size of types', () => {
  it(`refuses a type over ${MAX_TYPE_BYTES / 1024} KB, naming its larger part`, async () => {
    const r = await owner.api.post(typesUrl(cid), typeOfSize(MAX_TYPE_BYTES / 1024 + 8));
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['components']);
    expect(r.body.fields.components).toMatch(/^The type is \d+ KB; a type may be at most 128 KB$/);
  });

  it(`refuses the type that would take the company's types over ${MAX_COMPANY_TYPE_BYTES / 1024} KB`, async () => {
    const c = await buildCompany(h);
    const answers: number[] = [];
    for (let i = 0; i < 9; i++)
      answers.push((await c.owner.api.post(typesUrl(c.id), typeOfSize(120))).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 400]);
    const r = await c.owner.api.post(typesUrl(c.id), typeOfSize(120));
    expect(r.body.fields.components).toMatch(/together they may be at most 1024 KB$/);
    // Another company is not held by it.
    expect((await owner.api.post(typesUrl(cid), typeOfSize(120))).status).toBe(200);
  });
});

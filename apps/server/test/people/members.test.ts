import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights } from '@fieldbook/core';
import { companyMembers } from '../../src/db/schema/index.js';
import { buildCompany, buildMember, buildUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('saving a member', () => {
  it('saves nothing for an empty body (never a 5xx), and still answers 404 for a stranger', async () => {
    const { id, owner } = await buildCompany(h);
    const member = await buildMember(h, id, allRights(true));
    const r = await owner.api.post(`/api/companies/${id}/users/${member.id}`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(200);
    const stranger = await buildUser(h);
    expect((await owner.api.post(`/api/companies/${id}/users/${stranger.id}`, {})).status).toBe(
      404,
    );
  });
});

describe('removing a member', () => {
  it('takes them out at once (404 there, the company leaves their list), never the owner', async () => {
    const { id, owner } = await buildCompany(h);
    const member = await buildMember(h, id, allRights(true));
    // Their membership is cached by now.
    expect((await member.api.get(`/api/companies/${id}`)).status).toBe(200);
    const r = await owner.api.post(`/api/companies/${id}/users/${member.id}/delete`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await member.api.get(`/api/companies/${id}`)).status).toBe(404);
    expect((await member.api.get('/api/companies')).body).toEqual([]);
    expect(
      await h.deps.database.db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.userId, member.id)),
    ).toEqual([]);
    expect((await owner.api.post(`/api/companies/${id}/users/${member.id}/delete`)).status).toBe(
      404,
    );
    const own = await member.api.post(`/api/companies/${id}/users/${owner.id}/delete`);
    expect(own.status).toBe(404);
    const self = await owner.api.post(`/api/companies/${id}/users/${owner.id}/delete`);
    expect(self.status).toBe(400);
    expect(self.body.fields.userId).toBeDefined();
  });

  it('needs settings.d', async () => {
    const { id } = await buildCompany(h);
    const editor = await buildMember(h, id, { settings: { c: true, r: true, u: true } });
    const other = await buildMember(h, id, null);
    const r = await editor.api.post(`/api/companies/${id}/users/${other.id}/delete`);
    expect(r.status).toBe(403);
    expect((await other.api.get(`/api/companies/${id}`)).status).toBe(200);
  });
});

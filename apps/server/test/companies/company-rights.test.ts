import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, type GroupRights } from '@fieldbook/core';
import { companies, companyGroups, companyMembers } from '../../src/db/schema/index.js';
import {
  CREATE_GROUP_NEEDS_C,
  GRANT_OWN_ONLY,
  OWNER_ONLY_SETTINGS,
} from '../../src/areas/companies/grant-rules.js';
import { buildCompany, buildMember } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const db = () => h.deps.database.db;
const groupRights = async (gid: string) =>
  (await db().select().from(companyGroups).where(eq(companyGroups.id, gid)))[0]?.rights;
const groupOf = async (userId: string) =>
  (await db().select().from(companyMembers).where(eq(companyMembers.userId, userId)))[0]?.groupId;
const companyRow = async (id: string) =>
  (await db().select().from(companies).where(eq(companies.id, id)))[0]!;

/** Settings c, r, u and clients r: what the member may hand out. */
const EDITOR: GroupRights = { settings: { c: true, r: true, u: true }, clients: { r: true } };

async function setup(editorRights: GroupRights = EDITOR) {
  const { id, owner } = await buildCompany(h);
  const editor = await buildMember(h, id, editorRights);
  const groups = (path = '') => `/api/companies/${id}/groups${path}`;
  return { id, owner, editor, groups };
}

describe('a member grants only rights they hold', () => {
  it('creating a group needs settings.c (403, nothing made)', async () => {
    const { id, editor, groups } = await setup({ settings: { r: true, u: true } });
    const r = await editor.api.post(groups(), { name: 'Mine', rights: { settings: { r: true } } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe(CREATE_GROUP_NEEDS_C);
    const list = await db().select().from(companyGroups).where(eq(companyGroups.companyId, id));
    expect(list.map((g) => g.name)).not.toContain('Mine');
  });

  it('creates a group only with rights the member holds', async () => {
    const { editor, groups } = await setup();
    const over = await editor.api.post(groups(), {
      name: 'Too much',
      rights: { settings: { r: true }, invoices: { d: true } },
    });
    expect(over.status).toBe(403);
    expect(over.body.error).toBe(GRANT_OWN_ONLY);
    const ok = await editor.api.post(groups(), {
      name: 'Readers',
      rights: { settings: { r: true }, clients: { r: true, u: false } },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('cannot give themselves every right by editing their own group', async () => {
    const { editor, groups } = await setup();
    const r = await editor.api.post(groups(), {
      _id: editor.groupId,
      name: 'Mine',
      rights: allRights(true),
    });
    expect(r.status).toBe(403);
    expect(await groupRights(editor.groupId!)).toEqual(EDITOR);
  });

  it('may rename or narrow a group that holds more than they do, but not widen it', async () => {
    const { owner, editor, groups } = await setup();
    const admins = (await owner.api.post(groups(), { name: 'Admins', rights: allRights(true) }))
      .body._id as string;
    const renamed = await editor.api.post(groups(), {
      _id: admins,
      name: 'Administrators',
      rights: allRights(true),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const narrowed = { ...allRights(true), invoices: { c: false, r: true, u: false, d: false } };
    expect(
      (await editor.api.post(groups(), { _id: admins, name: 'A', rights: narrowed })).status,
    ).toBe(200);
    const widened = await editor.api.post(groups(), {
      _id: admins,
      name: 'A',
      rights: allRights(true),
    });
    expect(widened.status).toBe(403);
    expect(await groupRights(admins)).toEqual(narrowed);
  });

  it('cannot put anyone, themselves included, into a group with rights they lack', async () => {
    const { id, owner, editor, groups } = await setup();
    const admins = (await owner.api.post(groups(), { name: 'Admins', rights: allRights(true) }))
      .body._id as string;
    const readers = (
      await owner.api.post(groups(), { name: 'Readers', rights: { clients: { r: true } } })
    ).body._id as string;
    const other = await buildMember(h, id, null);
    for (const who of [editor.id, other.id]) {
      const r = await editor.api.post(`/api/companies/${id}/users/${who}`, { group: admins });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(GRANT_OWN_ONLY);
    }
    expect(await groupOf(editor.id)).toBe(editor.groupId);
    expect(await groupOf(other.id)).toBeNull();
    const ok = await editor.api.post(`/api/companies/${id}/users/${other.id}`, { group: readers });
    expect(ok.status).toBe(200);
    expect(await groupOf(other.id)).toBe(readers);

    const invite = await editor.api.post('/api/people/invite', {
      companyId: id,
      email: `boss-${other.username}@example.test`,
      name: 'New',
      surname: 'Boss',
      group: admins,
    });
    expect(invite.status).toBe(403);
  });

  it('the owner grants anything', async () => {
    const { owner, groups } = await setup();
    const r = await owner.api.post(groups(), { name: 'All', rights: allRights(true) });
    expect(r.status).toBe(200);
  });
});

describe('PayFast and the SMTP server are the owner’s alone', () => {
  const payfast = { merchantId: '10000100', merchantKey: '46f0cd694581a', sandbox: true };
  const smtp = { host: 'smtp.example.test', port: 587, secure: false, user: 'mailer' };

  async function company() {
    const s = await setup({ settings: { c: true, r: true, u: true, d: true } });
    const r = await s.owner.api.post(`/api/companies/${s.id}`, {
      companyName: 'Money Co',
      payfast: { ...payfast, passphrase: 'owner-pass' },
      smtp: { ...smtp, password: 'owner-smtp' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return s;
  }

  it('a member may save the rest of the company, the whole document as GET answers it', async () => {
    const { id, editor } = await company();
    const got = (await editor.api.get(`/api/companies/${id}`)).body;
    const r = await editor.api.post(`/api/companies/${id}`, { ...got, phone: '021 555 0000' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await companyRow(id);
    expect(row.phone).toBe('021 555 0000');
    expect(h.deps.sealer.open(row.payfast!.passphraseSealed!)).toBe('owner-pass');
    expect(h.deps.sealer.open(row.smtp!.passwordSealed!)).toBe('owner-smtp');
  });

  it('a member changing any of them: 403, nothing saved', async () => {
    const { id, editor } = await company();
    const before = await companyRow(id);
    const attempts = [
      { payfast: { ...payfast, merchantId: '99999999' } },
      { payfast: { ...payfast, merchantKey: 'attackerkey' } },
      { payfast: { ...payfast, passphrase: 'mine-now' } },
      { payfast: { ...payfast, sandbox: false } },
      { payfast: null },
      { smtp: { ...smtp, host: 'evil.example.test' } },
      { smtp: { ...smtp, port: 25 } },
      { smtp: { ...smtp, user: 'other' } },
      { smtp: { ...smtp, password: 'x' } },
      { smtp: null },
    ];
    for (const a of attempts) {
      const r = await editor.api.post(`/api/companies/${id}`, { companyName: 'Renamed', ...a });
      expect(r.status, JSON.stringify(a)).toBe(403);
      expect(r.body.error).toBe(OWNER_ONLY_SETTINGS);
    }
    expect(await companyRow(id)).toEqual(before);
  });

  it('the owner changes them', async () => {
    const { id, owner } = await company();
    const r = await owner.api.post(`/api/companies/${id}`, {
      companyName: 'Money Co',
      payfast: { ...payfast, merchantId: '10000101' },
    });
    expect(r.status).toBe(200);
    expect((await companyRow(id)).payfast?.merchantId).toBe('10000101');
  });

  it('a member cannot set them up where there were none', async () => {
    const { id, editor } = await setup({ settings: { r: true, u: true } });
    const r = await editor.api.post(`/api/companies/${id}`, { companyName: 'X', payfast });
    expect(r.status).toBe(403);
    expect((await companyRow(id)).payfast).toBeNull();
  });
});

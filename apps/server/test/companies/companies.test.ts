import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights } from '@fieldbook/core';
import { companies, companyMembers, files, templates, users } from '../../src/db/schema/index.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { COMPANIES_PER_HOUR } from '../../src/areas/companies/companies.routes.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const png = (data: Buffer = PNG) => ({ data, filename: 'logo.png', type: 'image/png' });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const uniq = () => randomUUID().slice(0, 8);

/** A company made through the API by `owner`, with the tiny PNG as its logo. */
async function createCompany(owner: TestUser, name = `Acme ${uniq()}`) {
  const r = await owner.api.upload('/api/companies', { companyName: name }, { logo: png() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

const companyRow = async (id: string) =>
  (await h.deps.database.db.select().from(companies).where(eq(companies.id, id)))[0]!;

describe('creating a company', () => {
  it('creates it with its logo; the creator owns it and sees the defaults', async () => {
    const owner = await buildUser(h);
    const name = `Acme ${uniq()}`;
    const id = await createCompany(owner, name);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await owner.api.get('/api/companies');
    expect(list.status).toBe(200);
    const summary = list.body.find((c: { _id: string }) => c._id === id);
    expect(summary).toMatchObject({ _id: id, companyName: name, isOwner: true });
    expect(summary.companyLogo).toMatch(/^\/images\/[0-9a-f-]{36}$/);

    const got = await owner.api.get(`/api/companies/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      _id: id,
      companyName: name,
      userId: owner.id,
      companyLogo: summary.companyLogo,
      EmailAddress: '',
      smtp: null,
      numbering: 'INV00001',
      timeZone: 'Africa/Johannesburg',
      userGroups: [],
      me: { isOwner: true, disabled: false },
    });
    expect(got.body.tax).toMatchObject({
      hasTax: false,
      tD: 'VAT',
      tV: 15,
      inc1: true,
      duc1: false,
      hasSecondTax: false,
      t2D: 'PST',
      t2V: 5,
    });
    expect(got.body.users).toEqual([
      expect.objectContaining({ userId: owner.id, isOwner: true, disabled: false, group: null }),
    ]);

    const img = await anonymous(h).get(`/api${summary.companyLogo}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.body as Buffer, PNG)).toBe(0);
  });

  it('creates a company without a logo', async () => {
    const owner = await buildUser(h);
    const r = await owner.api.upload('/api/companies', { companyName: 'No Logo Ltd' }, {});
    expect(r.status).toBe(200);
    const got = await owner.api.get(`/api/companies/${r.body._id}`);
    expect(got.body.companyLogo).toBeNull();
  });

  it('refuses a logo that is not an image (400 naming logo) and creates nothing', async () => {
    const owner = await buildUser(h);
    const r = await owner.api.upload(
      '/api/companies',
      { companyName: 'Text Logo' },
      { logo: { data: Buffer.from('hello, I am text'), filename: 'logo.png', type: 'image/png' } },
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.logo).toBeDefined();
    expect(r.body.error).toMatch(/^logo /);
    expect((await owner.api.get('/api/companies')).body).toEqual([]);
  });

  it('refuses a logo over 2 MB with 400', async () => {
    const owner = await buildUser(h);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const r = await owner.api.upload(
      '/api/companies',
      { companyName: 'Big Logo' },
      { logo: png(big) },
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.logo).toBeDefined();
    expect((await owner.api.get('/api/companies')).body).toEqual([]);
  });

  it('requires companyName (400 fields.companyName)', async () => {
    const owner = await buildUser(h);
    const r = await owner.api.upload('/api/companies', {}, { logo: png() });
    expect(r.status).toBe(400);
    expect(r.body.fields.companyName).toBeDefined();
    const blank = await owner.api.upload('/api/companies', { companyName: '   ' }, {});
    expect(blank.status).toBe(400);
    expect(blank.body.fields.companyName).toBeDefined();
    expect((await owner.api.get('/api/companies')).body).toEqual([]);
    const stored = await h.deps.database.db.select().from(files).where(eq(files.userId, owner.id));
    expect(stored).toEqual([]);
  });

  it('needs a session', async () => {
    const r = await anonymous(h).upload('/api/companies', { companyName: 'X' }, {});
    expect(r.status).toBe(401);
  });
});

describe('saving a company', () => {
  it('saves tax, e-mail address, numbering and time zone', async () => {
    const { id, owner } = await buildCompany(h);
    const tax = {
      hasTax: true,
      tD: 'GST',
      tV: 10,
      inc1: false,
      duc1: false,
      hasSecondTax: true,
      t2D: 'PST',
      t2V: 7,
      inc2: false,
      duc2: true,
      taxNumber: '4123456789',
    };
    const r = await owner.api.post(`/api/companies/${id}`, {
      companyName: 'Renamed Ltd',
      tax,
      EmailAddress: 'Billing@Example.test',
      numbering: 'DDMMYYYY-1',
      timeZone: 'Europe/London',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ _id: id });
    const got = await owner.api.get(`/api/companies/${id}`);
    expect(got.body).toMatchObject({
      companyName: 'Renamed Ltd',
      tax,
      EmailAddress: 'billing@example.test',
      numbering: 'DDMMYYYY-1',
      timeZone: 'Europe/London',
    });
  });

  it('rejects bad values with 400 naming the field, and changes nothing', async () => {
    const { id, owner } = await buildCompany(h);
    const before = await companyRow(id);
    const cases: [Record<string, unknown>, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ numbering: 'ABC' }, 'numbering'],
      [{ EmailAddress: 'not an address' }, 'EmailAddress'],
      [{ tax: { ...before.tax, tV: 101 } }, 'tax.tV'],
      [{ tax: { ...before.tax, hasTax: 'yes' } }, 'tax.hasTax'],
      [{ smtp: { host: 'smtp.example.test', port: 70000, secure: false, user: 'u' } }, 'smtp.port'],
    ];
    for (const [patch, field] of cases) {
      const r = await owner.api.post(`/api/companies/${id}`, { companyName: 'Changed', ...patch });
      expect(r.status, field).toBe(400);
      expect(r.body.fields?.[field], `${field}: ${JSON.stringify(r.body)}`).toBeDefined();
    }
    const noName = await owner.api.post(`/api/companies/${id}`, { timeZone: 'Europe/London' });
    expect(noName.status).toBe(400);
    expect(noName.body.fields.companyName).toBeDefined();
    expect(await companyRow(id)).toEqual(before);
  });

  it('accepts the whole document as GET answers it, ignoring what it does not save', async () => {
    const { id, owner } = await buildCompany(h);
    const got = await owner.api.get(`/api/companies/${id}`);
    const member = await buildMember(h, id, allRights(true));
    const withMember = (await owner.api.get(`/api/companies/${id}`)).body;
    const r = await member.api.post(`/api/companies/${id}`, {
      ...withMember,
      companyName: 'Round Trip',
      // Not the caller's to change: the owner, the logo, the caller's own rights.
      userId: member.id,
      companyLogo: '/images/00000000-0000-0000-0000-000000000000',
      me: { isOwner: true, disabled: false, rights: null },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const again = await owner.api.get(`/api/companies/${id}`);
    expect(again.body).toEqual({ ...withMember, companyName: 'Round Trip' });
    expect(again.body.userId).toBe(owner.id);
    expect(got.body.companyLogo).toBeNull();
    expect((await member.api.get(`/api/companies/${id}`)).body.me.isOwner).toBe(false);
  });

  it('keeps the SMTP password write-only and sealed', async () => {
    const { id, owner } = await buildCompany(h);
    const password = `s3cret-${uniq()}`;
    const smtp = { host: 'smtp.example.test', port: 587, secure: false, user: 'mailer' };
    const r = await owner.api.post(`/api/companies/${id}`, {
      companyName: 'Mail Co',
      smtp: { ...smtp, password },
    });
    expect(r.status).toBe(200);

    const got = await owner.api.get(`/api/companies/${id}`);
    expect(got.body.smtp).toEqual({ ...smtp, hasPassword: true });
    expect(JSON.stringify(got.body)).not.toContain(password);
    expect(JSON.stringify(got.body)).not.toContain('passwordSealed');

    const row = await companyRow(id);
    expect(JSON.stringify(row)).not.toContain(password);
    expect(row.smtp?.passwordSealed).toEqual(expect.any(String));
    expect(h.deps.sealer.open(row.smtp!.passwordSealed!)).toBe(password);

    // Saving the same server again without a password keeps the stored one.
    const again = await owner.api.post(`/api/companies/${id}`, {
      companyName: 'Mail Co',
      smtp: { ...smtp, secure: true },
    });
    expect(again.status).toBe(200);
    const got2 = await owner.api.get(`/api/companies/${id}`);
    expect(got2.body.smtp).toEqual({ ...smtp, secure: true, hasPassword: true });
    expect(h.deps.sealer.open((await companyRow(id)).smtp!.passwordSealed!)).toBe(password);

    // And null removes the server.
    expect(
      (await owner.api.post(`/api/companies/${id}`, { companyName: 'Mail Co', smtp: null })).status,
    ).toBe(200);
    expect((await owner.api.get(`/api/companies/${id}`)).body.smtp).toBeNull();
    expect((await companyRow(id)).smtp).toBeNull();
  });

  it('replaces the logo; the old image is gone', async () => {
    const owner = await buildUser(h);
    const id = await createCompany(owner);
    const oldLogo: string = (await owner.api.get(`/api/companies/${id}`)).body.companyLogo;
    expect((await anonymous(h).get(`/api${oldLogo}`)).status).toBe(200);

    const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');
    const r = await owner.api.upload(
      `/api/companies/${id}/logo`,
      {},
      { logo: { data: gif, filename: 'x.gif', type: 'image/gif' } },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.companyLogo).toMatch(/^\/images\//);
    expect(r.body.companyLogo).not.toBe(oldLogo);

    expect((await anonymous(h).get(`/api${oldLogo}`)).status).toBe(404);
    const img = await anonymous(h).get(`/api${r.body.companyLogo}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/gif');
    expect(Buffer.compare(img.body as Buffer, gif)).toBe(0);
    expect((await owner.api.get(`/api/companies/${id}`)).body.companyLogo).toBe(r.body.companyLogo);

    const none = await owner.api.upload(`/api/companies/${id}/logo`, {}, {});
    expect(none.status).toBe(400);
    expect(none.body.fields.logo).toBeDefined();
    const text = await owner.api.upload(
      `/api/companies/${id}/logo`,
      {},
      {
        logo: {
          data: Buffer.from('<svg onload=alert(1)>'),
          filename: 'a.svg',
          type: 'image/svg+xml',
        },
      },
    );
    expect(text.status).toBe(400);
    expect(text.body.fields.logo).toBeDefined();
    expect((await owner.api.get(`/api/companies/${id}`)).body.companyLogo).toBe(r.body.companyLogo);
  });

  it('removes the logo with removeLogo', async () => {
    const owner = await buildUser(h);
    const id = await createCompany(owner);
    const logo: string = (await owner.api.get(`/api/companies/${id}`)).body.companyLogo;
    const r = await owner.api.post(`/api/companies/${id}`, { companyName: 'X', removeLogo: true });
    expect(r.status).toBe(200);
    expect((await owner.api.get(`/api/companies/${id}`)).body.companyLogo).toBeNull();
    expect((await anonymous(h).get(`/api${logo}`)).status).toBe(404);
  });

  it('writes nothing when a save fails half-way', async () => {
    const owner = await buildUser(h);
    const id = await createCompany(owner);
    const before = await companyRow(id);
    const filesBefore = await h.deps.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.companyId, id));
    const db = h.deps.database.db;
    // Make the last step of each save (deleting the old image) fail.
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION fb_test_refuse() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`),
    );
    await db.execute(
      sql.raw(
        'CREATE TRIGGER fb_test_refuse_delete BEFORE DELETE ON files FOR EACH ROW EXECUTE FUNCTION fb_test_refuse()',
      ),
    );
    try {
      const save = await owner.api.post(`/api/companies/${id}`, {
        companyName: 'Half Written',
        timeZone: 'Europe/Paris',
        removeLogo: true,
      });
      expect(save.status).toBe(500);
      expect(save.body.error).toEqual(expect.any(String));
      expect(JSON.stringify(save.body)).not.toContain('refused by the test');

      const logo = await owner.api.upload(`/api/companies/${id}/logo`, {}, { logo: png() });
      expect(logo.status).toBe(500);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER fb_test_refuse_delete ON files'));
      await db.execute(sql.raw('DROP FUNCTION fb_test_refuse()'));
    }
    expect(await companyRow(id)).toEqual(before);
    const filesAfter = await db.select({ id: files.id }).from(files).where(eq(files.companyId, id));
    expect(filesAfter).toEqual(filesBefore);
  });
});

describe('groups and members', () => {
  it('creates, lists, updates and deletes groups', async () => {
    const { id, owner } = await buildCompany(h);
    const rights = { settings: { r: true }, invoices: { c: true, r: true, u: true } };
    const made = await owner.api.post(`/api/companies/${id}/groups`, { name: 'Office', rights });
    expect(made.status).toBe(200);
    const gid: string = made.body._id;

    let list = await owner.api.get(`/api/companies/${id}/groups`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ _id: gid, name: 'Office', rights }]);

    const newRights = { clients: { r: true } };
    const upd = await owner.api.post(`/api/companies/${id}/groups`, {
      _id: gid,
      name: 'Front desk',
      rights: newRights,
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toEqual({ _id: gid });
    list = await owner.api.get(`/api/companies/${id}/groups`);
    expect(list.body).toEqual([{ _id: gid, name: 'Front desk', rights: newRights }]);
    expect((await owner.api.get(`/api/companies/${id}`)).body.userGroups).toEqual(list.body);

    const bad = await owner.api.post(`/api/companies/${id}/groups`, {
      name: '',
      rights: { settings: { r: 'yes' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.name).toBeDefined();

    const unknown = await owner.api.post(`/api/companies/${id}/groups`, {
      _id: randomUUID(),
      name: 'Ghost',
      rights: {},
    });
    expect(unknown.status).toBe(404);

    const del = await owner.api.post(`/api/companies/${id}/groups/${gid}/delete`);
    expect(del.status).toBe(200);
    expect((await owner.api.get(`/api/companies/${id}/groups`)).body).toEqual([]);
    expect((await owner.api.post(`/api/companies/${id}/groups/${gid}/delete`)).status).toBe(404);
  });

  it("does not let one company touch another company's group", async () => {
    const a = await buildCompany(h);
    const b = await buildCompany(h);
    const gb = (await b.owner.api.post(`/api/companies/${b.id}/groups`, { name: 'B', rights: {} }))
      .body._id as string;
    const upd = await a.owner.api.post(`/api/companies/${a.id}/groups`, {
      _id: gb,
      name: 'Taken over',
      rights: allRights(true),
    });
    expect(upd.status).toBe(404);
    expect((await a.owner.api.post(`/api/companies/${a.id}/groups/${gb}/delete`)).status).toBe(404);
    expect((await b.owner.api.get(`/api/companies/${b.id}/groups`)).body).toEqual([
      { _id: gb, name: 'B', rights: {} },
    ]);
  });

  it("changes a member's access at once when their group or its rights change", async () => {
    const { id, owner } = await buildCompany(h);
    const member = await buildMember(h, id, null);
    // No group: nothing but the company itself.
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(403);
    const me = await member.api.get(`/api/companies/${id}`);
    expect(me.status).toBe(200);
    expect(me.body.me).toEqual({ isOwner: false, disabled: false, rights: null });

    const gid = (
      await owner.api.post(`/api/companies/${id}/groups`, {
        name: 'Readers',
        rights: { settings: { r: true } },
      })
    ).body._id as string;
    const set = await owner.api.post(`/api/companies/${id}/users/${member.id}`, { group: gid });
    expect(set.status).toBe(200);
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(200);
    const row = (await owner.api.get(`/api/companies/${id}`)).body.users.find(
      (u: { userId: string }) => u.userId === member.id,
    );
    expect(row.group).toBe(gid);
    expect((await member.api.get(`/api/companies/${id}`)).body.me.rights).toEqual({
      settings: { r: true },
    });

    // Reading is not updating.
    expect(
      (await member.api.post(`/api/companies/${id}/groups`, { name: 'Mine', rights: {} })).status,
    ).toBe(403);

    // Taking the flag away from the group shows at once.
    await owner.api.post(`/api/companies/${id}/groups`, {
      _id: gid,
      name: 'Readers',
      rights: { settings: { r: false } },
    });
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(403);

    // Back, then the group is deleted: the member has no group again.
    await owner.api.post(`/api/companies/${id}/groups`, {
      _id: gid,
      name: 'Readers',
      rights: { settings: { r: true } },
    });
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(200);
    await owner.api.post(`/api/companies/${id}/groups/${gid}/delete`);
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(403);
    const [m] = await h.deps.database.db
      .select({ groupId: companyMembers.groupId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, member.id));
    expect(m?.groupId).toBeNull();

    // And group: null takes a member out of their group.
    const g2 = (
      await owner.api.post(`/api/companies/${id}/groups`, {
        name: 'R2',
        rights: { settings: { r: true } },
      })
    ).body._id as string;
    await owner.api.post(`/api/companies/${id}/users/${member.id}`, { group: g2 });
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(200);
    await owner.api.post(`/api/companies/${id}/users/${member.id}`, { group: null });
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(403);
  });

  it('refuses a group of another company (400 fields.group) and unknown members (404)', async () => {
    const { id, owner } = await buildCompany(h);
    const other = await buildCompany(h);
    const member = await buildMember(h, id, null);
    const foreignGroup = (
      await other.owner.api.post(`/api/companies/${other.id}/groups`, {
        name: 'Foreign',
        rights: allRights(true),
      })
    ).body._id as string;
    const r = await owner.api.post(`/api/companies/${id}/users/${member.id}`, {
      group: foreignGroup,
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.group).toBeDefined();
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(403);
    const notUuid = await owner.api.post(`/api/companies/${id}/users/${member.id}`, {
      group: 'nope',
    });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.fields.group).toBeDefined();

    const stranger = await buildUser(h);
    expect(
      (await owner.api.post(`/api/companies/${id}/users/${stranger.id}`, { disabled: true }))
        .status,
    ).toBe(404);
    expect(
      (await owner.api.post(`/api/companies/${id}/users/${other.owner.id}`, { disabled: true }))
        .status,
    ).toBe(404);
  });

  it('disables a member: 403 there, and the company leaves their list', async () => {
    const { id, owner } = await buildCompany(h);
    const member = await buildMember(h, id, allRights(true));
    expect((await member.api.get(`/api/companies/${id}`)).status).toBe(200);
    const list = await member.api.get('/api/companies');
    expect(list.body).toEqual([expect.objectContaining({ _id: id, isOwner: false })]);

    const r = await owner.api.post(`/api/companies/${id}/users/${member.id}`, { disabled: true });
    expect(r.status).toBe(200);
    expect((await member.api.get(`/api/companies/${id}`)).status).toBe(403);
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(403);
    expect((await member.api.get('/api/companies')).body).toEqual([]);
    const shown = (await owner.api.get(`/api/companies/${id}`)).body.users.find(
      (u: { userId: string }) => u.userId === member.id,
    );
    expect(shown.disabled).toBe(true);

    await owner.api.post(`/api/companies/${id}/users/${member.id}`, { disabled: false });
    expect((await member.api.get(`/api/companies/${id}/groups`)).status).toBe(200);
    expect((await member.api.get('/api/companies')).body.length).toBe(1);
  });

  it('never disables the owner or puts them in a group (400)', async () => {
    const { id, owner } = await buildCompany(h);
    const admin = await buildMember(h, id, allRights(true));
    const gid = (await owner.api.post(`/api/companies/${id}/groups`, { name: 'G', rights: {} }))
      .body._id as string;
    const r = await admin.api.post(`/api/companies/${id}/users/${owner.id}`, { disabled: true });
    expect(r.status).toBe(400);
    const g = await owner.api.post(`/api/companies/${id}/users/${owner.id}`, { group: gid });
    expect(g.status).toBe(400);
    expect((await owner.api.get(`/api/companies/${id}/groups`)).status).toBe(200);
    expect((await owner.api.get(`/api/companies/${id}`)).body.me).toMatchObject({
      isOwner: true,
      disabled: false,
    });
  });
});

describe('invitations', () => {
  it('needs settings.c, and refuses a group of another company', async () => {
    const { id, owner } = await buildCompany(h);
    const other = await buildCompany(h);
    const editor = await buildMember(h, id, { settings: { r: true, u: true, d: true } });
    const email = `nope${uniq()}@example.test`;
    const r = await editor.api.post('/api/people/invite', {
      companyId: id,
      email,
      name: 'No',
      surname: 'Pe',
    });
    expect(r.status).toBe(403);
    expect(await h.deps.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const creator = await buildMember(h, id, { settings: { c: true } });
    const ok = await creator.api.post('/api/people/invite', {
      companyId: id,
      email,
      name: 'Ye',
      surname: 'S',
    });
    expect(ok.status).toBe(200);

    const foreignGroup = (
      await other.owner.api.post(`/api/companies/${other.id}/groups`, { name: 'F', rights: {} })
    ).body._id as string;
    const email2 = `grp${uniq()}@example.test`;
    const bad = await owner.api.post('/api/people/invite', {
      companyId: id,
      email: email2,
      name: 'G',
      surname: 'R',
      group: foreignGroup,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.group).toBeDefined();
    expect(await h.deps.database.db.select().from(users).where(eq(users.email, email2))).toEqual(
      [],
    );

    const badMail = await owner.api.post('/api/people/invite', {
      companyId: id,
      email: 'nope',
      name: 'G',
      surname: 'R',
    });
    expect(badMail.status).toBe(400);
    expect(badMail.body.fields.email).toBeDefined();
  });
});

describe('company creation rate limit', () => {
  it('limits new companies per user (20 an hour); another user is still served', async () => {
    const owner = await buildUser(h);
    for (let i = 0; i < COMPANIES_PER_HOUR; i++)
      expect(
        (await owner.api.upload('/api/companies', { companyName: `Many ${i}` }, {})).status,
      ).toBe(200);
    const over = await owner.api.upload('/api/companies', { companyName: 'One too many' }, {});
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual(expect.any(String));
    const mine = await owner.api.get('/api/companies');
    expect(mine.body.map((c: { companyName: string }) => c.companyName)).not.toContain(
      'One too many',
    );
    const other = await buildUser(h);
    expect((await other.api.upload('/api/companies', { companyName: 'Other' }, {})).status).toBe(
      200,
    );
  });
});

describe('invitation rate limit', () => {
  it('limits invitations per user (30 an hour, over every company)', async () => {
    const a = await buildCompany(h);
    const b = await buildCompany(h, a.owner);
    const invite = (companyId: string, n: number) =>
      a.owner.api.post('/api/people/invite', {
        companyId,
        email: `many${n}${uniq()}@example.test`,
        name: 'Ma',
        surname: 'Ny',
      });
    for (let i = 0; i < 30; i++) expect((await invite(i % 2 ? a.id : b.id, i)).status).toBe(200);
    const over = await invite(b.id, 30);
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual(expect.any(String));
    // Another user of the same company is still served.
    const other = await buildMember(h, a.id, { settings: { c: true } });
    const ok = await other.api.post('/api/people/invite', {
      companyId: a.id,
      email: `other${uniq()}@example.test`,
      name: 'O',
      surname: 'K',
    });
    expect(ok.status).toBe(200);
  });
});

describe('default templates', () => {
  it('checks a newly chosen template, but an unchanged one withdrawn since never blocks a save', async () => {
    const { id, owner } = await buildCompany(h);
    const made = await owner.api.post(`/api/companies/${id}/invoiceTemplate`, {
      invoiceTemplateName: 'Ours',
      template: '<p>{{invoice.number}}</p>',
    });
    expect(made.status).toBe(200);
    const chosen = await owner.api.post(`/api/companies/${id}`, {
      companyName: 'Co',
      invoiceTemplateId: made.body._id,
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    // The template stops being an invoice template (as a super may withdraw a shared one).
    await h.deps.database.db
      .update(templates)
      .set({ isInvoice: false })
      .where(eq(templates.id, made.body._id));
    const again = await owner.api.post(`/api/companies/${id}`, {
      companyName: 'Co',
      address: '1 Main Road',
      invoiceTemplateId: made.body._id,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // Choosing an unusable one anew is refused, naming the field.
    const other = await owner.api.post(`/api/companies/${id}`, {
      companyName: 'Co',
      quoteTemplateId: made.body._id,
    });
    expect(other.status).toBe(400);
    expect(other.body.fields).toEqual({ quoteTemplateId: 'is not one of your invoice templates' });
  });
});

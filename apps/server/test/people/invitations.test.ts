import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, invitations, users } from '../../src/db/schema/index.js';
import { issueToken } from '../../src/areas/auth/tokens.js';
import { sha256 } from '../../src/platform/crypto.js';
import {
  ApiClient,
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/** DECISIONS §2: an invitation is bound to its link, never resolved by looking up an address. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const uniq = () => randomUUID().slice(0, 8);
const db = () => h.deps.database.db;

/** The owner invites `email` into a new group; answers the link's token. */
async function invite(email: string, c?: { id: string; owner: TestUser }) {
  const { id, owner } = c ?? (await buildCompany(h));
  const gid = (
    await owner.api.post(`/api/companies/${id}/groups`, {
      name: `Staff ${uniq()}`,
      rights: { clients: { r: true } },
    })
  ).body._id as string;
  const r = await owner.api.post('/api/people/invite', {
    companyId: id,
    email,
    name: 'In',
    surname: 'Vitee',
    group: gid,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const mail = await h.mail.last(email);
  const token = /\/invite\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();
  return { companyId: id, owner, groupId: gid, token: token! };
}

const membersOf = async (companyId: string) =>
  (
    await db()
      .select({ userId: companyMembers.userId, groupId: companyMembers.groupId })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId))
  ).map((m) => m.userId);

const register = (token: string, over: Record<string, unknown> = {}) =>
  anonymous(h).post('/api/auth/invitation/register', {
    token,
    username: `new${uniq()}`,
    password: 'a long enough password',
    name: 'New',
    surname: 'Person',
    ...over,
  });

describe('sending an invitation', () => {
  it('makes no account and no membership: only a link to the address', async () => {
    const email = `hire${uniq()}@example.test`;
    const { companyId, owner, token } = await invite(email);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await membersOf(companyId)).toEqual([owner.id]);
    const [row] = await db().select().from(invitations).where(eq(invitations.email, email));
    // Only the hash of the link's token is stored.
    expect(row!.tokenHash).toBe(sha256(token));
  });

  it('never adds an account that carries the address, proved or not', async () => {
    const existing = await buildUser(h);
    const { companyId, owner } = await invite(existing.email);
    expect(await membersOf(companyId)).toEqual([owner.id]);
    expect((await existing.api.get('/api/companies')).body).toEqual([]);
  });
});

describe('opening the link', () => {
  it('shows the company, then joins the signed-in user who opens it, into its group, once', async () => {
    const email = `hire${uniq()}@example.test`;
    const { companyId, owner, groupId, token } = await invite(email);
    const shown = await anonymous(h).post('/api/auth/invitation', { token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ email, name: 'In', surname: 'Vitee' });
    expect(shown.body.invitedBy).toEqual(expect.any(String));

    // The invitee already has an account under another address: signing in there joins it.
    const invitee = await buildUser(h);
    const r = await invitee.api.post('/api/auth/invitation/accept', { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.companyId).toBe(companyId);
    const [m] = await db()
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, invitee.id));
    expect(m).toMatchObject({ companyId, groupId, disabled: false });
    expect((await invitee.api.get(`/api/companies/${companyId}/entities`)).status).not.toBe(404);
    // Their own address stays theirs.
    expect((await invitee.api.get('/api/people/profile')).body.email).toBe(invitee.email);

    // Used: nobody else joins with it, and it shows nothing any more.
    const late = await buildUser(h);
    const again = await late.api.post('/api/auth/invitation/accept', { token });
    expect(again.status).toBe(400);
    expect(again.body.fields.token).toBeDefined();
    expect((await anonymous(h).post('/api/auth/invitation', { token })).status).toBe(400);
    expect((await register(token)).status).toBe(400);
    expect(await membersOf(companyId)).toEqual(expect.arrayContaining([owner.id, invitee.id]));
    expect((await membersOf(companyId)).length).toBe(2);
  });

  it('creates an account on the page: active, with the invited address proved, in the company', async () => {
    const email = `hire${uniq()}@example.test`;
    const { companyId, groupId, token } = await invite(email);
    const username = `new${uniq()}`;
    const r = await register(token, { username, name: 'Nandi', surname: 'Dube' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ companyId, user: { username, email, name: 'Nandi' } });
    const [u] = await db().select().from(users).where(eq(users.username, username));
    expect(u).toMatchObject({ email, emailProved: true, active: true });
    const [m] = await db().select().from(companyMembers).where(eq(companyMembers.userId, u!.id));
    expect(m).toMatchObject({ companyId, groupId });
    const api = new ApiClient(h, username, r.body.token);
    expect((await api.get('/api/companies')).body.map((c: { _id: string }) => c._id)).toEqual([
      companyId,
    ]);
    // And the password works.
    const login = await anonymous(h).post('/api/auth/login', {
      username,
      password: 'a long enough password',
    });
    expect(login.status).toBe(200);
  });

  it('refuses a taken username or bad fields (naming them) and keeps the link usable', async () => {
    const { token } = await invite(`hire${uniq()}@example.test`);
    const taken = await buildUser(h);
    const r = await register(token, { username: taken.username.toUpperCase() });
    expect(r.status).toBe(409);
    expect(r.body.fields.username).toBeDefined();
    const bad = await register(token, { password: 'short', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ password: expect.any(String), name: 'is required' });
    expect((await register(token)).status).toBe(200);
  });

  it('refuses made-up, expired and missing tokens (400 naming token), and accepting needs a session', async () => {
    const stranger = await buildUser(h);
    const made = await stranger.api.post('/api/auth/invitation/accept', { token: 'made-up' });
    expect(made.status).toBe(400);
    expect(made.body.fields.token).toBeDefined();
    const missing = await anonymous(h).post('/api/auth/invitation', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields.token).toBe('is required');

    const { companyId, token } = await invite(`hire${uniq()}@example.test`);
    expect((await anonymous(h).post('/api/auth/invitation/accept', { token })).status).toBe(401);
    await db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.companyId, companyId));
    expect((await stranger.api.post('/api/auth/invitation/accept', { token })).status).toBe(400);
    expect((await register(token)).status).toBe(400);
    expect(await membersOf(companyId)).not.toContain(stranger.id);
  });

  it('leaves a disabled member disabled when they open a new invitation', async () => {
    const c = await buildCompany(h);
    const member = await buildUser(h);
    const first = await invite(`a${uniq()}@example.test`, c);
    await member.api.post('/api/auth/invitation/accept', { token: first.token });
    await c.owner.api.post(`/api/companies/${c.id}/users/${member.id}`, { disabled: true });
    const second = await invite(`b${uniq()}@example.test`, c);
    expect(
      (await member.api.post('/api/auth/invitation/accept', { token: second.token })).status,
    ).toBe(200);
    expect((await member.api.get(`/api/companies/${c.id}`)).status).toBe(403);
  });
});

describe('an attacker who claims the invitee address', () => {
  it('gains nothing by putting it on their profile', async () => {
    const victim = `victim${uniq()}@example.test`;
    const attacker = await buildUser(h);
    const saved = await attacker.api.post('/api/people/profile', {
      name: 'Eve',
      surname: 'Attacker',
      email: victim,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email: attacker.email, pendingEmail: victim });
    // Even an address stored without proof (as before this rule) is never looked up.
    await db().update(users).set({ email: victim }).where(eq(users.id, attacker.id));
    const { companyId, owner, token } = await invite(victim);
    expect(await membersOf(companyId)).toEqual([owner.id]);
    expect((await attacker.api.get('/api/companies')).body).toEqual([]);
    expect((await attacker.api.get(`/api/companies/${companyId}`)).status).toBe(404);
    // The link went to the victim's mailbox; the victim joins with it.
    const r = await register(token);
    expect(r.status).toBe(200);
    expect(r.body.user.email).toBe(victim);
    expect((await attacker.api.get('/api/companies')).body).toEqual([]);
  });

  it('gains nothing by registering it and leaving the account unactivated', async () => {
    const victim = `victim${uniq()}@example.test`;
    const username = `eve${uniq()}`;
    const password = 'attacker password';
    const reg = await anonymous(h).post('/api/auth/register', {
      username,
      password,
      email: victim,
      name: 'Eve',
      surname: 'Attacker',
    });
    expect(reg.status).toBe(200);
    const [eve] = await db().select().from(users).where(eq(users.username, username));
    expect(eve).toMatchObject({ active: false, emailProved: false });

    const { companyId, owner, token } = await invite(victim);
    expect(await membersOf(companyId)).toEqual([owner.id]);
    // The unactivated account cannot sign in to use the link.
    expect((await anonymous(h).post('/api/auth/login', { username, password })).status).toBe(403);

    // The victim opens their link and makes their own account; Eve's stays outside, unactivated.
    const r = await register(token);
    expect(r.status).toBe(200);
    expect(await membersOf(companyId)).not.toContain(eve!.id);
    const [after] = await db().select().from(users).where(eq(users.id, eve!.id));
    expect(after).toMatchObject({ active: false, emailProved: false });
  });
});

describe('sign-in links sent before invitations had their own links (ftoken)', () => {
  it('sign in an active account once, and never an unactivated one (which stays unactivated)', async () => {
    const active = await buildUser(h);
    const ftoken = await issueToken(db(), active.id, 'login');
    const ok = await anonymous(h).post('/api/auth/login', { ftoken });
    expect(ok.status).toBe(200);
    expect(ok.body.user._id).toBe(active.id);
    expect((await anonymous(h).post('/api/auth/login', { ftoken })).status).toBe(401);

    const username = `eve${uniq()}`;
    await anonymous(h).post('/api/auth/register', {
      username,
      password: 'attacker password',
      email: `v${uniq()}@example.test`,
      name: 'Eve',
      surname: 'A',
    });
    const [eve] = await db().select().from(users).where(eq(users.username, username));
    const link = await issueToken(db(), eve!.id, 'login');
    const r = await anonymous(h).post('/api/auth/login', { ftoken: link });
    expect(r.status).toBe(401);
    expect(r.body.token).toBeUndefined();
    const [after] = await db().select().from(users).where(eq(users.id, eve!.id));
    expect(after!.active).toBe(false);
  });
});

describe('invitations sent by a member who may no longer invite', () => {
  const inviterRights = { settings: { c: true, r: true }, clients: { r: true } };

  /** A member with settings c invites `email` into a group with clients r; answers the link's token. */
  async function memberInvites(email: string) {
    const c = await buildCompany(h);
    const member = await buildMember(h, c.id, inviterRights);
    const gid = (
      await c.owner.api.post(`/api/companies/${c.id}/groups`, {
        name: `Staff ${uniq()}`,
        rights: { clients: { r: true } },
      })
    ).body._id as string;
    const r = await member.api.post('/api/people/invite', {
      companyId: c.id,
      email,
      name: 'In',
      surname: 'Vitee',
      group: gid,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const token = /\/invite\?token=([\w-]+)/.exec((await h.mail.last(email)).text)?.[1];
    return { c, member, token: token! };
  }
  const unused = async (companyId: string, by: string) =>
    (
      await db()
        .select()
        .from(invitations)
        .where(and(eq(invitations.companyId, companyId), eq(invitations.invitedBy, by)))
    ).filter((i) => !i.usedAt);

  it('a removed member cannot rejoin by an invitation they sent earlier', async () => {
    const { c, member, token } = await memberInvites(`own${uniq()}@example.test`);
    expect(await unused(c.id, member.id)).toHaveLength(1);
    const removed = await c.owner.api.post(`/api/companies/${c.id}/users/${member.id}/delete`, {});
    expect(removed.status).toBe(200);
    expect(await unused(c.id, member.id)).toHaveLength(0);
    const back = await member.api.post('/api/auth/invitation/accept', { token });
    expect(back.status).toBe(400);
    expect(await membersOf(c.id)).not.toContain(member.id);
    expect((await register(token)).status).toBe(400);
  });

  it("a disabled member's unused invitations are withdrawn", async () => {
    const { c, member, token } = await memberInvites(`hire${uniq()}@example.test`);
    await c.owner.api.post(`/api/companies/${c.id}/users/${member.id}`, { disabled: true });
    expect(await unused(c.id, member.id)).toHaveLength(0);
    const stranger = await buildUser(h);
    expect((await stranger.api.post('/api/auth/invitation/accept', { token })).status).toBe(400);
    expect(await membersOf(c.id)).not.toContain(stranger.id);
  });

  it('refuses the link once the inviter no longer holds settings c or the group’s rights', async () => {
    for (const rights of [
      { settings: { r: true }, clients: { r: true } },
      { settings: { c: true, r: true } },
    ]) {
      const { c, member, token } = await memberInvites(`hire${uniq()}@example.test`);
      const g = await c.owner.api.post(`/api/companies/${c.id}/groups`, {
        _id: member.groupId,
        name: `Cut ${uniq()}`,
        rights,
      });
      expect(g.status, JSON.stringify(g.body)).toBe(200);
      const stranger = await buildUser(h);
      const r = await stranger.api.post('/api/auth/invitation/accept', { token });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/may no longer invite/);
      if (rights.clients) {
        // (registering is limited per address: checked once)
        const made = await register(token);
        expect(made.status).toBe(400);
        expect(made.body.error).toMatch(/may no longer invite/);
      }
      expect(await membersOf(c.id)).not.toContain(stranger.id);
    }
  });

  it('still lets a link in while its inviter may invite', async () => {
    const { c, token } = await memberInvites(`hire${uniq()}@example.test`);
    const joiner = await buildUser(h);
    expect((await joiner.api.post('/api/auth/invitation/accept', { token })).status).toBe(200);
    expect(await membersOf(c.id)).toContain(joiner.id);
  });
});

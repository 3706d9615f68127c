import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../src/areas/auth/two-factor.js';
import { passkeys, users } from '../../src/db/schema/index.js';
import { buildCompany, buildUser, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { SoftAuthenticator, type AuthenticatorOptions } from '../support/soft-authenticator.js';

/** Passkeys (docs/auth.md "Passkeys"), through HTTP on a real database. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

// The harness's PUBLIC_URL is http://fieldbook.test: the relying party.
const SITE = { origin: 'http://fieldbook.test', rpId: 'fieldbook.test' };
const authenticator = (o: Partial<AuthenticatorOptions> = {}) =>
  new SoftAuthenticator({ ...SITE, ...o });

const ip = () => `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const post = async (url: string, body: unknown, from = ip()) => {
  const r = await h.app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    payload: body as Record<string, unknown>,
  });
  return { status: r.statusCode, body: r.json() };
};
/** The user's calls, each from an address of its own (the routes' per-address limits are not under test). */
const as = (u: TestUser) => {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await h.app.inject({
      method,
      url,
      remoteAddress: ip(),
      headers: { username: u.username, token: u.token },
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    return { status: r.statusCode, body: r.json() };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, b: unknown) => call('POST', url, b),
  };
};
const login = (u: TestUser) =>
  post('/api/auth/login', { username: u.username, password: u.password, clientId: 'test' });

/** Adds a passkey to the user's account through the two calls the profile makes. */
async function addPasskey(
  u: TestUser,
  a = authenticator(),
  name = 'Phone',
  secondFactor: Record<string, unknown> = {},
) {
  const options = await as(u).post('/api/people/passkeys/options', {
    password: u.password,
    ...secondFactor,
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const added = await as(u).post('/api/people/passkeys', {
    name,
    response: a.register(options.body),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { a, passkey: added.body as { _id: string; name: string } };
}

/** A passwordless sign-in with the authenticator; `over` changes what it sends. */
async function passwordless(
  a: SoftAuthenticator,
  over: Parameters<SoftAuthenticator['assert']>[1] = {},
) {
  const options = await post('/api/auth/passkey/options', {});
  expect(options.status).toBe(200);
  const response = a.assert(options.body, over);
  return { response, answer: await post('/api/auth/passkey', { response, clientId: 'test' }) };
}

const profileWith = (u: TestUser, token: string) =>
  h.app.inject({
    method: 'GET',
    url: '/api/people/profile',
    headers: { username: u.username, token },
  });

describe('adding, listing, renaming and removing passkeys', () => {
  it('adds one with the password and an answer to a single-use challenge, and says so', async () => {
    const u = await buildUser(h);
    const wrong = await as(u).post('/api/people/passkeys/options', { password: 'not it at all' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: 'is not your password' });
    expect((await as(u).post('/api/people/passkeys/options', {})).body.fields).toHaveProperty(
      'password',
    );

    const options = (await as(u).post('/api/people/passkeys/options', { password: u.password }))
      .body;
    expect(options).toMatchObject({
      rp: { id: 'fieldbook.test', name: 'Fieldbook' },
      user: { name: u.username },
      authenticatorSelection: { residentKey: 'required' },
      excludeCredentials: [],
    });
    const a = authenticator();
    const response = a.register(options);
    expect(
      (await as(u).post('/api/people/passkeys', { name: ' ', response })).body.fields,
    ).toHaveProperty('name');
    const added = await as(u).post('/api/people/passkeys', { name: 'Work laptop', response });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({
      name: 'Work laptop',
      lastUsedAt: null,
      transports: ['internal'],
    });
    // The challenge is spent: the same answer again adds nothing.
    const replay = await as(u).post('/api/people/passkeys', { name: 'Again', response });
    expect(replay.status).toBe(400);
    expect(replay.body.fields).toHaveProperty('response');

    const list = (await as(u).get('/api/people/passkeys')).body.passkeys;
    expect(list).toEqual([expect.objectContaining({ _id: added.body._id, name: 'Work laptop' })]);
    const kinds = (await as(u).get('/api/people/two-factor')).body.events.map(
      (e: { kind: string }) => e.kind,
    );
    expect(kinds).toEqual(['passkey-added']);
    // The next options (confirmed with the passkey it has: a second factor now) leave it out.
    const confirm = (await as(u).post('/api/people/passkeys/confirm-options', {})).body;
    const next = (
      await as(u).post('/api/people/passkeys/options', {
        password: u.password,
        passkey: a.assert(confirm),
      })
    ).body;
    expect(next.excludeCredentials).toEqual([expect.objectContaining({ id: a.id })]);
  });

  it("refuses another site's answer, another user's challenge and garbage, naming the field", async () => {
    const u = await buildUser(h);
    const other = await buildUser(h);
    const options = (await as(u).post('/api/people/passkeys/options', { password: u.password }))
      .body;
    const elsewhere = authenticator({ origin: 'http://evil.test' }).register(options);
    const bad = await as(u).post('/api/people/passkeys', { name: 'Evil', response: elsewhere });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('response');
    // Someone else's challenge does not add to this account.
    const theirs = (
      await as(other).post('/api/people/passkeys/options', { password: other.password })
    ).body;
    const stolen = await as(u).post('/api/people/passkeys', {
      name: 'Stolen',
      response: authenticator().register(theirs),
    });
    expect(stolen.status).toBe(400);
    const garbage = await as(u).post('/api/people/passkeys', {
      name: 'X',
      response: {
        id: 'a',
        rawId: 'a',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'AA' },
      },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.fields).toHaveProperty('response');
    expect((await as(u).post('/api/people/passkeys', { name: 'X', response: 'no' })).status).toBe(
      400,
    );
    expect((await as(u).get('/api/people/passkeys')).body.passkeys).toEqual([]);
  });

  it("renames and removes (with the password) only the user's own: 404 for another user's", async () => {
    const u = await buildUser(h);
    const other = await buildUser(h);
    const { a, passkey } = await addPasskey(u);
    const { passkey: theirs } = await addPasskey(other);
    expect(
      (await as(u).post(`/api/people/passkeys/${theirs._id}`, { name: 'Mine now' })).status,
    ).toBe(404);
    expect(
      (await as(u).post(`/api/people/passkeys/${theirs._id}/remove`, { password: u.password }))
        .status,
    ).toBe(404);
    expect((await as(u).post('/api/people/passkeys/nope', { name: 'X' })).status).toBe(404);
    expect((await as(u).post(`/api/people/passkeys/${randomUUID()}`, { name: 'X' })).status).toBe(
      404,
    );
    expect((await as(other).get('/api/people/passkeys')).body.passkeys[0].name).toBe('Phone');

    const renamed = await as(u).post(`/api/people/passkeys/${passkey._id}`, { name: 'Old phone' });
    expect(renamed.body).toMatchObject({ _id: passkey._id, name: 'Old phone' });
    expect(
      (await as(u).post(`/api/people/passkeys/${passkey._id}`, { name: '' })).body.fields,
    ).toHaveProperty('name');
    const wrong = await as(u).post(`/api/people/passkeys/${passkey._id}/remove`, {
      password: 'nope nope',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('password');
    // The passkey is a second factor: removing it takes one too (passkeys-confirm.test.ts).
    const confirm = await as(u).post('/api/people/passkeys/confirm-options', {});
    const removed = await as(u).post(`/api/people/passkeys/${passkey._id}/remove`, {
      password: u.password,
      passkey: a.assert(confirm.body),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await as(u).get('/api/people/passkeys')).body.passkeys).toEqual([]);
    const kinds = (await as(u).get('/api/people/two-factor')).body.events.map(
      (e: { kind: string }) => e.kind,
    );
    expect(kinds).toEqual(['passkey-removed', 'passkey-added']);
    // Without a passkey (or TOTP) the password signs in alone again.
    expect((await login(u)).body).toHaveProperty('token');
  });
});

describe('a passkey as the second factor', () => {
  it('is asked after the password and finishes the sign-in once per challenge', async () => {
    const u = await buildUser(h);
    const { a } = await addPasskey(u);
    const first = await login(u);
    expect(first.body).toEqual({
      secondFactor: 'passkey',
      factors: ['passkey'],
      challenge: expect.any(String),
    });
    const challenge = first.body.challenge as string;
    const options = await post('/api/auth/second-factor/passkey-options', { challenge });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: a.id })]);
    expect(
      (await post('/api/auth/second-factor/passkey-options', { challenge: 'made-up' })).status,
    ).toBe(401);

    // Another site's assertion, or one over another challenge, is a 401 naming passkey.
    const foreign = await post('/api/auth/second-factor', {
      challenge,
      passkey: a.assert(options.body, { origin: 'http://evil.test' }),
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body.fields).toHaveProperty('passkey');
    const otherChallenge = await post('/api/auth/second-factor', {
      challenge,
      passkey: a.assert({ challenge: 'c29tZXRoaW5nLWVsc2U' }),
    });
    expect(otherChallenge.status).toBe(401);

    const passkey = a.assert(options.body);
    const ok = await post('/api/auth/second-factor', { challenge, passkey, clientId: 'test' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await profileWith(u, ok.body.token as string)).statusCode).toBe(200);
    // The challenge is spent: the same assertion again signs in no one.
    expect((await post('/api/auth/second-factor', { challenge, passkey })).status).toBe(401);
    const [row] = await h.deps.database.db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it("refuses another user's passkey, and neither code nor passkey is a 400 naming code", async () => {
    const u = await buildUser(h);
    const other = await buildUser(h);
    await addPasskey(u);
    const { a: theirs } = await addPasskey(other);
    const challenge = (await login(u)).body.challenge as string;
    const options = (await post('/api/auth/second-factor/passkey-options', { challenge })).body;
    const r = await post('/api/auth/second-factor', { challenge, passkey: theirs.assert(options) });
    expect(r.status).toBe(401);
    const none = await post('/api/auth/second-factor', { challenge });
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('code');
    const broken = await post('/api/auth/second-factor', { challenge, passkey: { id: 'x' } });
    expect(broken.status).toBe(400);
    expect(Object.keys(broken.body.fields).join()).toMatch(/passkey/);
  });

  it('sits beside TOTP: the answer names both, and either finishes', async () => {
    const u = await buildUser(h);
    const setup = await as(u).post('/api/people/two-factor/setup', {});
    const secret = setup.body.secret as string;
    const on = await as(u).post('/api/people/two-factor/enable', {
      password: u.password,
      code: codeAt(secret),
    });
    // With TOTP on, adding a passkey takes a code too (passkeys-confirm.test.ts).
    const { a } = await addPasskey(u, authenticator(), 'Phone', { code: on.body.backupCodes[0] });
    const first = await login(u);
    expect(first.body).toMatchObject({ secondFactor: 'totp', factors: ['totp', 'passkey'] });
    const challenge = first.body.challenge as string;
    const options = (await post('/api/auth/second-factor/passkey-options', { challenge })).body;
    expect(
      (await post('/api/auth/second-factor', { challenge, passkey: a.assert(options) })).status,
    ).toBe(200);
    // A user with TOTP only has no passkey options.
    const plain = await buildUser(h);
    const s2 = await as(plain).post('/api/people/two-factor/setup', {});
    await as(plain).post('/api/people/two-factor/enable', {
      password: plain.password,
      code: codeAt(s2.body.secret),
    });
    const c2 = (await login(plain)).body.challenge as string;
    expect((await post('/api/auth/second-factor/passkey-options', { challenge: c2 })).status).toBe(
      409,
    );
  });
});

describe("a super's reset", () => {
  it('takes the passkeys too: a member with a passkey only shows a second factor and can be reset', async () => {
    const u = await buildUser(h);
    const company = await buildCompany(h, u);
    const { a } = await addPasskey(u);
    const members = (await as(u).get(`/api/companies/${company.id}`)).body.users as {
      userId: string;
      twoFactor: boolean;
    }[];
    expect(members.find((m) => m.userId === u.id)?.twoFactor).toBe(true);
    const admin = await buildUser(h, { rank: 'super' });
    const url = `/api/admin/users/${u.id}/two-factor/reset`;
    expect((await as(admin).post(url, {})).status).toBe(200);
    expect((await as(admin).post(url, {})).status).toBe(409);
    expect((await as(u).get('/api/people/passkeys')).body.passkeys).toEqual([]);
    expect((await passwordless(a)).answer.status).toBe(401);
    expect((await login(u)).body).toHaveProperty('token');
  });
});

describe('passwordless sign-in with a passkey', () => {
  it('signs in with a discoverable passkey that verified its user, once per challenge', async () => {
    const u = await buildUser(h);
    const { a } = await addPasskey(u);
    const options = (await post('/api/auth/passkey/options', {})).body;
    // No username asked, none told: any passkey of the site, with user verification.
    expect(options).toMatchObject({ rpId: 'fieldbook.test', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = a.assert(options);
    const ok = await post('/api/auth/passkey', { response, clientId: 'test' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user).toMatchObject({ username: u.username });
    expect((await profileWith(u, ok.body.token as string)).statusCode).toBe(200);
    // Replayed: the challenge was used.
    const replay = await post('/api/auth/passkey', { response });
    expect(replay.status).toBe(401);
    expect(replay.body.fields).toHaveProperty('response');
  });

  it('refuses a passkey that did not verify its user, an unknown one, and bad input', async () => {
    const u = await buildUser(h);
    const { a } = await addPasskey(u, authenticator({ userVerification: false }));
    expect((await passwordless(a)).answer.status).toBe(401);
    // It still works as the second factor (presence is enough after the password).
    const challenge = (await login(u)).body.challenge as string;
    const options = (await post('/api/auth/second-factor/passkey-options', { challenge })).body;
    expect(
      (await post('/api/auth/second-factor', { challenge, passkey: a.assert(options) })).status,
    ).toBe(200);

    expect((await passwordless(authenticator())).answer.status).toBe(401);
    const bad = await post('/api/auth/passkey', { response: { id: 'x' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).join()).toMatch(/response/);
  });

  it("refuses a cloned authenticator's counter that went back", async () => {
    const u = await buildUser(h);
    const { a } = await addPasskey(u, authenticator({ counts: true }));
    expect((await passwordless(a)).answer.status).toBe(200); // counter 1
    expect((await passwordless(a)).answer.status).toBe(200); // counter 2
    const clone = await passwordless(a, { counter: 2 });
    expect(clone.answer.status).toBe(401);
    expect((await passwordless(a, { counter: 1 })).answer.status).toBe(401);
    const [row] = await h.deps.database.db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(row!.counter).toBe(2);
    expect((await passwordless(a)).answer.status).toBe(200); // counter 3
  });

  it('does not sign in an account that is not active, and counts in the sign-in limits', async () => {
    const u = await buildUser(h);
    const { a } = await addPasskey(u);
    await h.deps.database.db.update(users).set({ active: false }).where(eq(users.id, u.id));
    expect((await passwordless(a)).answer.status).toBe(403);
    await h.deps.database.db.update(users).set({ active: true }).where(eq(users.id, u.id));
    // Ten wrong assertions from one address for the account: the eleventh attempt is refused.
    const from = ip();
    for (let i = 0; i < 10; i++) {
      const options = (await post('/api/auth/passkey/options', {}, from)).body;
      const r = await post(
        '/api/auth/passkey',
        { response: a.assert(options, { origin: 'http://evil.test' }) },
        from,
      );
      expect(r.status).toBe(401);
    }
    const options = (await post('/api/auth/passkey/options', {}, from)).body;
    expect((await post('/api/auth/passkey', { response: a.assert(options) }, from)).status).toBe(
      429,
    );
  });
});

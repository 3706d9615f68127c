import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEYS_MAX } from '@fieldbook/core';
import { codeAt } from '../../src/areas/auth/two-factor.js';
import { passkeys } from '../../src/db/schema/index.js';
import { buildUser, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { SoftAuthenticator, type AuthenticatorOptions } from '../support/soft-authenticator.js';

/**
 * Adding or removing a passkey when the account has a second factor already
 * (docs/auth.md, "The rules we chose"): the password is not enough, a
 * current TOTP code or backup code, or a passkey's assertion, is asked too.
 * And the limits of what is added: a credential id of at most 1023 bytes,
 * 20 passkeys, held under two registrations at once.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const SITE = { origin: 'http://fieldbook.test', rpId: 'fieldbook.test' };
const authenticator = (o: Partial<AuthenticatorOptions> = {}) =>
  new SoftAuthenticator({ ...SITE, ...o });
const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const as = (u: TestUser) => ({
  post: async (url: string, body: unknown) => {
    const r = await h.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip(),
      headers: { username: u.username, token: u.token },
      payload: body as Record<string, unknown>,
    });
    return { status: r.statusCode, body: r.json() };
  },
});
const OPTIONS = '/api/people/passkeys/options';

async function withTotp(u: TestUser) {
  const secret = (await as(u).post('/api/people/two-factor/setup', {})).body.secret as string;
  const on = await as(u).post('/api/people/two-factor/enable', {
    password: u.password,
    code: codeAt(secret),
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { secret, backup: on.body.backupCodes as string[] };
}

/** A passkey's assertion over a confirmation challenge. */
async function confirmWith(u: TestUser, a: SoftAuthenticator) {
  const options = await as(u).post('/api/people/passkeys/confirm-options', {});
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return a.assert(options.body);
}

async function add(u: TestUser, extra: Record<string, unknown> = {}, a = authenticator()) {
  const options = await as(u).post(OPTIONS, { password: u.password, ...extra });
  if (options.status !== 200) return { a, options, added: null };
  const added = await as(u).post('/api/people/passkeys', {
    name: 'Key',
    response: a.register(options.body),
  });
  return { a, options, added };
}

describe('with a second factor on, adding and removing a passkey take it too', () => {
  it('with TOTP: the password alone is a 400 naming code; a current code or a backup code does', async () => {
    const u = await buildUser(h);
    // The code that turned TOTP on took this 30-second step: the codes used here are backup codes.
    const { backup: codes } = await withTotp(u);
    const backup = codes[0]!;
    const alone = await as(u).post(OPTIONS, { password: u.password });
    expect(alone.status).toBe(400);
    expect(alone.body.fields).toEqual({
      code: 'is required: a code from your authenticator app or a backup code',
    });
    const wrong = await as(u).post(OPTIONS, { password: u.password, code: '000000' });
    expect(wrong.body.fields).toHaveProperty('code');
    // A wrong password is named first, and uses no code.
    const badPassword = await as(u).post(OPTIONS, { password: 'not it', code: backup });
    expect(badPassword.body.fields).toEqual({ password: 'is not your password' });
    const first = await add(u, { code: backup });
    expect(first.added?.status, JSON.stringify(first.options.body)).toBe(200);
    // The backup code was used up.
    expect((await as(u).post(OPTIONS, { password: u.password, code: backup })).status).toBe(400);
    // Now with a passkey too: the message offers both, and a passkey does.
    const both = await as(u).post(OPTIONS, { password: u.password });
    expect(both.body.fields.code).toContain('or confirm with a passkey');
    const second = await add(u, { passkey: await confirmWith(u, first.a) });
    expect(second.added?.status, JSON.stringify(second.options.body)).toBe(200);
    // Removing: the password alone is not enough; a code is.
    const id = second.added!.body._id as string;
    const bare = await as(u).post(`/api/people/passkeys/${id}/remove`, { password: u.password });
    expect(bare.status).toBe(400);
    expect(bare.body.fields).toHaveProperty('code');
    const removed = await as(u).post(`/api/people/passkeys/${id}/remove`, {
      password: u.password,
      code: codes[1],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });

  it("with a passkey only: a 400 naming passkey; its assertion once, never another user's", async () => {
    const u = await buildUser(h);
    const other = await buildUser(h);
    const { a, added } = await add(u);
    expect(added?.status).toBe(200);
    const { a: theirs } = await add(other);
    const alone = await as(u).post(OPTIONS, { password: u.password });
    expect(alone.status).toBe(400);
    expect(alone.body.fields).toEqual({
      passkey: 'is required: confirm with one of your passkeys',
    });
    // A code is no use to an account without TOTP.
    expect(
      (await as(u).post(OPTIONS, { password: u.password, code: '123456' })).body.fields,
    ).toHaveProperty('passkey');
    // Another user's passkey over this user's challenge, and another site's answer: refused.
    const stolen = await as(u).post(OPTIONS, {
      password: u.password,
      passkey: await confirmWith(u, theirs),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields).toHaveProperty('passkey');
    const elsewhere = (await as(u).post('/api/people/passkeys/confirm-options', {})).body;
    const foreign = await as(u).post(OPTIONS, {
      password: u.password,
      passkey: a.assert(elsewhere, { origin: 'http://evil.test' }),
    });
    expect(foreign.status).toBe(400);
    // The user's own: through, once (its challenge is used up).
    const assertion = await confirmWith(u, a);
    expect((await as(u).post(OPTIONS, { password: u.password, passkey: assertion })).status).toBe(
      200,
    );
    const replay = await as(u).post(OPTIONS, { password: u.password, passkey: assertion });
    expect(replay.status).toBe(400);
    expect(replay.body.fields.passkey).toMatch(/expired/);
    // Another user's confirmation challenge does not confirm for this one.
    const theirsOptions = (await as(other).post('/api/people/passkeys/confirm-options', {})).body;
    const crossed = await as(u).post(OPTIONS, {
      password: u.password,
      passkey: a.assert(theirsOptions),
    });
    expect(crossed.status).toBe(400);
    // Removing the passkey takes its assertion.
    const id = added!.body._id as string;
    const bare = await as(u).post(`/api/people/passkeys/${id}/remove`, { password: u.password });
    expect(bare.body.fields).toHaveProperty('passkey');
    const removed = await as(u).post(`/api/people/passkeys/${id}/remove`, {
      password: u.password,
      passkey: await confirmWith(u, a),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    // Without a second factor the password alone adds the first again; no confirmation options.
    expect((await as(u).post(OPTIONS, { password: u.password })).status).toBe(200);
    expect((await as(u).post('/api/people/passkeys/confirm-options', {})).status).toBe(409);
  });
});

describe('the limits of what is added', () => {
  it('refuses a credential id longer than 1023 bytes with a 400 naming response', async () => {
    const u = await buildUser(h);
    for (const idBytes of [1024, 2700]) {
      const { added } = await add(u, {}, authenticator({ idBytes }));
      expect(added?.status, `${idBytes}: ${JSON.stringify(added?.body)}`).toBe(400);
      expect(added?.body.fields).toEqual({
        response: 'has a credential id longer than 1023 bytes',
      });
    }
    const { added } = await add(u, {}, authenticator({ idBytes: 1023 }));
    expect(added?.status, JSON.stringify(added?.body)).toBe(200);
  });

  it(`holds ${PASSKEYS_MAX} passkeys under registrations at once`, async () => {
    const u = await buildUser(h);
    const { a, added } = await add(u);
    expect(added?.status).toBe(200);
    const db = h.deps.database.db;
    await db.insert(passkeys).values(
      Array.from({ length: PASSKEYS_MAX - 2 }, (_, n) => ({
        userId: u.id,
        credentialId: `filler-${u.id}-${n}`,
        publicKey: 'AA',
        counter: 0,
        transports: [],
        name: `Filler ${n}`,
      })),
    );
    // One place left: three challenges, each issued while there was room, answered at once.
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const options = await as(u).post(OPTIONS, {
        password: u.password,
        passkey: await confirmWith(u, a),
      });
      expect(options.status, JSON.stringify(options.body)).toBe(200);
      answers.push(authenticator().register(options.body));
    }
    const results = await Promise.all(
      answers.map((response, i) =>
        as(u).post('/api/people/passkeys', { name: `Racing ${i}`, response }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.status === 409)?.body.error).toBe(
      `At most ${PASSKEYS_MAX} passkeys; remove one first`,
    );
    const rows = await db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(rows).toHaveLength(PASSKEYS_MAX);
  });
});

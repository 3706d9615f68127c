import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret } from 'otpauth';
import {
  acceptedStep,
  backupCodeHash,
  codeAt,
  newBackupCodes,
  stepAt,
} from '../../src/areas/auth/two-factor.js';
import { issueToken } from '../../src/areas/auth/tokens.js';
import { users } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildUser, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/** Two-factor sign-in (docs/auth.md "Two-factor sign-in"). */

describe('TOTP codes (RFC 6238, appendix B, SHA-1, the last six digits)', () => {
  // The RFC's secret "12345678901234567890" in base32.
  const rfc = Secret.fromLatin1('12345678901234567890').base32;
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s is %s', (t, code) => {
    expect(codeAt(rfc, t * 1000)).toBe(code);
    expect(acceptedStep(rfc, code, null, t * 1000)).toBe(Math.floor(t / 30));
  });

  it('takes the step before (typed as it turned over), never a later one or one taken', () => {
    const now = 1111111111 * 1000;
    const before = codeAt(rfc, now - 30_000);
    const after = codeAt(rfc, now + 30_000);
    expect(acceptedStep(rfc, before, null, now)).toBe(stepAt(now) - 1);
    expect(acceptedStep(rfc, codeAt(rfc, now - 60_000), null, now)).toBeNull();
    expect(acceptedStep(rfc, after, null, now)).toBeNull();
    expect(acceptedStep(rfc, codeAt(rfc, now), stepAt(now), now)).toBeNull();
    expect(acceptedStep(rfc, codeAt(rfc, now), stepAt(now) - 1, now)).toBe(stepAt(now));
    expect(acceptedStep(rfc, '12345', null, now)).toBeNull();
    expect(acceptedStep(rfc, 'abcdef', null, now)).toBeNull();
  });

  it('makes ten distinct backup codes, read in any case with or without the dash', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(backupCodeHash(codes[0]!.toUpperCase().replace('-', ' '))).toBe(
      backupCodeHash(codes[0]!),
    );
  });
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const post = async (url: string, body: unknown, token?: string) => {
  const r = await h.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as Record<string, unknown>,
  });
  return { status: r.statusCode, body: r.json() };
};
const login = (u: TestUser) =>
  post('/api/auth/login', { username: u.username, password: u.password, clientId: 'test' });
const secondFactor = (challenge: string, code: string) =>
  post('/api/auth/second-factor', { challenge, code, clientId: 'test' });

/** Lets the current step's code be taken again (tests cannot wait 30 s for the next one). */
const forgetLastStep = (u: TestUser) =>
  h.deps.database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, u.id));

/** A user with two-factor sign-in on: answers the secret and the backup codes. */
async function turnOn(u: TestUser) {
  const setup = await u.api.post('/api/people/two-factor/setup', {});
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = setup.body.secret as string;
  expect(setup.body.otpauthUrl).toContain(`otpauth://totp/Fieldbook:${u.username}?`);
  expect(setup.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const on = await u.api.post('/api/people/two-factor/enable', {
    password: u.password,
    code: codeAt(secret),
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { secret, backupCodes: on.body.backupCodes as string[] };
}

describe('two-factor sign-in over HTTP', () => {
  it('turns on only with the password and a code of the new secret, and says so on the profile', async () => {
    const u = await buildUser(h);
    expect((await u.api.get('/api/people/two-factor')).body).toMatchObject({
      enabled: false,
      backupCodesLeft: 0,
      events: [],
    });
    expect(
      (await u.api.post('/api/people/two-factor/enable', { password: u.password, code: '123456' }))
        .status,
    ).toBe(400);
    const setup = await u.api.post('/api/people/two-factor/setup', {});
    const secret = setup.body.secret as string;
    const wrongPassword = await u.api.post('/api/people/two-factor/enable', {
      password: 'not it at all',
      code: codeAt(secret),
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.fields).toMatchObject({ password: 'is not your password' });
    const wrongCode = await u.api.post('/api/people/two-factor/enable', {
      password: u.password,
      code: codeAt(secret, Date.now() - 120_000),
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.fields).toHaveProperty('code');
    expect((await u.api.get('/api/people/two-factor')).body.enabled).toBe(false);

    const on = await u.api.post('/api/people/two-factor/enable', {
      password: u.password,
      code: codeAt(secret),
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.backupCodes).toHaveLength(10);
    const status = (await u.api.get('/api/people/two-factor')).body;
    expect(status).toMatchObject({ enabled: true, backupCodesLeft: 10 });
    expect(status.events.map((e: { kind: string }) => e.kind)).toEqual(['two-factor-on']);
    // The secret is stored sealed, never as typed into the app.
    const [row] = await h.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.totpSecret).not.toContain(secret);
    // A second set-up while it is on is refused.
    expect((await u.api.post('/api/people/two-factor/setup', {})).status).toBe(409);
  });

  it('asks the second factor after the password, takes a code once, a backup code once', async () => {
    const u = await buildUser(h);
    const { secret, backupCodes } = await turnOn(u);
    const first = await login(u);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      secondFactor: 'totp',
      factors: ['totp'],
      challenge: expect.any(String),
    });
    expect(first.body).not.toHaveProperty('token');

    // The code that turned it on was taken: this step's code is refused until the next.
    const replay = await secondFactor(first.body.challenge, codeAt(secret));
    expect(replay.status).toBe(401);
    expect(replay.body.fields).toHaveProperty('code');
    await forgetLastStep(u);
    const ok = await secondFactor(first.body.challenge, codeAt(secret));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ token: expect.any(String), user: { username: u.username } });
    const session = await h.app.inject({
      method: 'GET',
      url: '/api/people/profile',
      headers: { username: u.username, token: ok.body.token as string },
    });
    expect(session.statusCode).toBe(200);
    // The challenge is spent.
    await forgetLastStep(u);
    expect((await secondFactor(first.body.challenge, codeAt(secret))).status).toBe(401);

    // A backup code signs in once, in any case and without its dash.
    const second = await login(u);
    const typed = backupCodes[3]!.toUpperCase().replace('-', '');
    expect((await secondFactor(second.body.challenge, typed)).status).toBe(200);
    const third = await login(u);
    expect((await secondFactor(third.body.challenge, backupCodes[3]!)).status).toBe(401);
    const status = (await u.api.get('/api/people/two-factor')).body;
    expect(status.backupCodesLeft).toBe(9);
    expect(status.events.map((e: { kind: string }) => e.kind)).toContain('backup-code-used');
    // A made-up challenge is no sign-in.
    expect((await secondFactor(randomUUID(), codeAt(secret))).status).toBe(401);
  });

  it('is asked after a sign-in link as well', async () => {
    const u = await buildUser(h);
    await turnOn(u);
    const ftoken = await issueToken(h.deps.database.db, u.id, 'login');
    const r = await post('/api/auth/login', { ftoken, clientId: 'test' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      secondFactor: 'totp',
      factors: ['totp'],
      challenge: expect.any(String),
    });
  });

  it('stops guessing: a challenge ends after five wrong codes, an account after ten, a right password clears neither', async () => {
    const u = await buildUser(h);
    const { secret } = await turnOn(u);
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const first = (await login(u)).body.challenge as string;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await secondFactor(first, wrong)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The fifth ended it: even the right code is too late on it.
    await forgetLastStep(u);
    expect((await secondFactor(first, codeAt(secret))).status).toBe(401);
    // A new password sign-in gives a new challenge, but the account's count goes on.
    const second = (await login(u)).body.challenge as string;
    for (let i = 0; i < 4; i++) expect((await secondFactor(second, wrong)).status).toBe(401);
    const third = (await login(u)).body.challenge as string;
    expect((await secondFactor(third, wrong)).status).toBe(401);
    expect((await secondFactor(third, codeAt(secret))).status).toBe(429);
  });

  it('turns off, and makes new backup codes, only with the password and a current code', async () => {
    const u = await buildUser(h);
    const { secret, backupCodes } = await turnOn(u);
    const noCode = await u.api.post('/api/people/two-factor/disable', {
      password: u.password,
      code: '000000',
    });
    expect(noCode.status).toBe(400);
    const fresh = await u.api.post('/api/people/two-factor/backup-codes', {
      password: u.password,
      code: backupCodes[0]!,
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(10);
    // The old codes stopped working.
    const old = await u.api.post('/api/people/two-factor/disable', {
      password: u.password,
      code: backupCodes[1]!,
    });
    expect(old.status).toBe(400);
    await forgetLastStep(u);
    const off = await u.api.post('/api/people/two-factor/disable', {
      password: u.password,
      code: codeAt(secret),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const status = (await u.api.get('/api/people/two-factor')).body;
    expect(status).toMatchObject({ enabled: false, backupCodesLeft: 0 });
    expect(status.events.map((e: { kind: string }) => e.kind)).toEqual([
      'two-factor-off',
      'backup-codes-new',
      'backup-code-used',
      'two-factor-on',
    ]);
    // Signing in is one step again.
    expect((await login(u)).body).toHaveProperty('token');
  });

  it("is reset by a super only, who the user sees did it; the company's members list shows it", async () => {
    const u = await buildUser(h);
    const company = await buildCompany(h, u);
    await turnOn(u);
    const members = (await u.api.get(`/api/companies/${company.id}`)).body.users as {
      userId: string;
      twoFactor: boolean;
    }[];
    expect(members.find((m) => m.userId === u.id)?.twoFactor).toBe(true);
    const url = `/api/admin/users/${u.id}/two-factor/reset`;
    expect((await u.api.post(url, {})).status).toBe(403);
    expect((await anonymous(h).post(url, {})).status).toBe(401);
    const admin = await buildUser(h, { rank: 'super' });
    expect(
      (await admin.api.post(`/api/admin/users/${randomUUID()}/two-factor/reset`, {})).status,
    ).toBe(404);
    expect((await admin.api.post('/api/admin/users/nope/two-factor/reset', {})).status).toBe(404);
    const r = await admin.api.post(url, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await admin.api.post(url, {})).status).toBe(409);
    const status = (await u.api.get('/api/people/two-factor')).body;
    expect(status.enabled).toBe(false);
    expect(status.events[0]).toMatchObject({ kind: 'two-factor-reset', bySomeoneElse: true });
    expect((await login(u)).body).toHaveProperty('token');
  });

  it('needs a session for every call of the profile', async () => {
    for (const url of [
      '/api/people/two-factor/setup',
      '/api/people/two-factor/enable',
      '/api/people/two-factor/disable',
      '/api/people/two-factor/backup-codes',
    ])
      expect((await anonymous(h).post(url, { password: 'x', code: '1' })).status).toBe(401);
    expect((await anonymous(h).get('/api/people/two-factor')).status).toBe(401);
  });
});

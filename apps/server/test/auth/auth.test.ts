import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs, sessions, userTokens, users } from '../../src/db/schema/index.js';
import { sha256 } from '../../src/platform/crypto.js';
import { KeyedLimiter, SignInLimiter } from '../../src/platform/rate-limit.js';
import { anonymous, buildUser, type Answer } from '../support/factories.js';
import { loadConfig } from '../../src/config.js';
import { startHarness, type Harness } from '../support/harness.js';

const APPLE_CLIENT_ID = 'test.fieldbook.app';
const KID = 'test-key-1';

let h: Harness;
let jwksServer: http.Server;
let appleKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  appleKey = pair.privateKey;
  otherKey = other.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  const port = (jwksServer.address() as AddressInfo).port;
  h = await startHarness({
    APPLE_KEYS_URL: `http://127.0.0.1:${port}/auth/keys`,
    APPLE_CLIENT_ID,
  });
});

afterAll(async () => {
  await h?.close();
  await new Promise<void>((r) => jwksServer.close(() => r()));
});

/**
 * Each call comes from its own address unless one is given, so the per-IP
 * limits only bite where a test means them to.
 */
let ipSeq = 0;
const freshIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

async function send(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  opts: { ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const r = await h.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.headers ?? {},
    ...(body !== undefined && { payload: body as Record<string, unknown> }),
  });
  return { status: r.statusCode, body: r.json(), headers: r.headers };
}

const post = (
  url: string,
  body: unknown,
  opts?: { ip?: string; headers?: Record<string, string> },
) => send('POST', url, body, opts);
const login = (body: Record<string, unknown>, ip?: string) =>
  post('/api/auth/login', { clientId: 'test', ...body }, { ip });
const signedIn = (username: string, token: string) => ({ username, token });

const uniq = () => randomUUID().slice(0, 8);

function tokenFrom(text: string, re: RegExp): string {
  const m = re.exec(text);
  if (!m?.[1]) throw new Error(`no token in mail: ${text}`);
  return m[1];
}

describe('register and activate', () => {
  it('rejects bad input with 400 naming each field', async () => {
    const r = await post('/api/auth/register', {
      username: `reg${uniq()}`,
      password: 'short',
      email: 'not-an-email',
      name: 'A',
      surname: 'B',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.password).toMatch(/at least 8/);
    expect(r.body.fields.email).toBeDefined();
    expect(r.body.error).toEqual(expect.any(String));

    const missing = await post('/api/auth/register', {
      username: `reg${uniq()}`,
      password: 'long enough password',
      email: 'a@b.co',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ name: 'is required', surname: 'is required' });

    const badName = await post('/api/auth/register', {
      username: 'x y!',
      password: 'long enough password',
      email: 'a@b.co',
      name: 'A',
      surname: 'B',
    });
    expect(badName.status).toBe(400);
    expect(badName.body.fields.username).toBeDefined();

    const tooLong = await post('/api/auth/register', {
      username: `reg${uniq()}`,
      password: 'x'.repeat(129),
      email: 'a@b.co',
      name: 'A',
      surname: 'B',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.password).toMatch(/at most 128/);
  });

  it('sends an activation link; the account signs in only after activation', async () => {
    const username = `reg${uniq()}`;
    const email = `${username}@example.test`;
    const password = 'a long enough password';
    const r = await post('/api/auth/register', {
      username: username.toUpperCase(),
      password,
      email,
      name: 'Reg',
      surname: 'Istered',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toEqual(expect.any(String));

    const mail = await h.mail.last(email);
    expect(mail.text).toContain('http://fieldbook.test/login?activate=');
    const token = tokenFrom(mail.text, /\/login\?activate=([\w-]+)/);

    const early = await login({ username, password });
    expect(early.status).toBe(403);
    expect(early.body.token).toBeUndefined();

    const act = await post('/api/auth/activate', { token });
    expect(act.status).toBe(200);

    const ok = await login({ username, password });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
    expect(ok.body.user).toMatchObject({ username, email, name: 'Reg', surname: 'Istered' });
    expect(JSON.stringify(ok.body)).not.toMatch(/argon|password/i);

    const again = await post('/api/auth/activate', { token });
    expect(again.status).toBe(400);
    expect(again.body.fields.token).toBeDefined();

    const bogus = await post('/api/auth/activate', { token: 'not-a-real-token' });
    expect(bogus.status).toBe(400);
  });

  it('refuses a username that is taken with 409, whatever its case', async () => {
    const taken = await buildUser(h);
    const r = await post('/api/auth/register', {
      username: taken.username.toUpperCase(),
      password: 'a long enough password',
      email: 'someone@example.test',
      name: 'Some',
      surname: 'One',
    });
    expect(r.status).toBe(409);
    expect(r.body.fields.username).toBeDefined();
    // The existing account is untouched: its password still works.
    const ok = await login({ username: taken.username, password: taken.password });
    expect(ok.status).toBe(200);
  });
});

describe('registration limits', () => {
  it('limits registrations per IP address', async () => {
    const ip = freshIp();
    const body = () => ({
      username: `lim${uniq()}`,
      password: 'a long enough password',
      email: `lim${uniq()}@example.test`,
      name: 'L',
      surname: 'M',
    });
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/register', body(), { ip })).status).toBe(200);
    }
    const over = await post('/api/auth/register', body(), { ip });
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual(expect.any(String));
    expect((await post('/api/auth/register', body())).status).toBe(200);
  });
});

describe('password sign-in', () => {
  it('answers 401 with one message for a wrong password and an unknown user', async () => {
    const u = await buildUser(h);
    const wrong = await login({ username: u.username, password: 'wrong password!' });
    const unknown = await login({ username: `nobody${uniq()}`, password: 'wrong password!' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toEqual(expect.any(String));
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates the body', async () => {
    const r = await login({ username: '', password: '' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toMatchObject({ username: 'is required', password: 'is required' });
  });

  it("locks a username only from the address that failed, never from the owner's", async () => {
    const u = await buildUser(h);
    const stranger = freshIp();
    const usual = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await login({ username: u.username, password: `wrong ${i}` }, stranger)).status).toBe(
        401,
      );
    const right = await login({ username: u.username, password: u.password }, stranger);
    expect(right.status).toBe(429);
    expect(right.body.error).toMatch(/too many/i);
    expect(right.body.token).toBeUndefined();
    const upper = await login(
      { username: u.username.toUpperCase(), password: u.password },
      stranger,
    );
    expect(upper.status).toBe(429);
    // The owner, from their own address, is not locked out.
    expect((await login({ username: u.username, password: u.password }, usual)).status).toBe(200);
  });

  it('holds back guessing from many addresses, but not at the address the user signs in from', async () => {
    const u = await buildUser(h);
    const usual = freshIp();
    expect((await login({ username: u.username, password: u.password }, usual)).status).toBe(200);
    // 30 failures in the hour, each from another address: the slower limit per username.
    for (let i = 0; i < 30; i++)
      expect((await login({ username: u.username, password: `wrong ${i}` })).status).toBe(401);
    const elsewhere = await login({ username: u.username, password: u.password });
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.error).toMatch(/too many/i);
    expect((await login({ username: u.username, password: 'guess' })).status).toBe(429);
    expect((await login({ username: u.username, password: u.password }, usual)).status).toBe(200);
    // A password reset proves the owner: the account opens everywhere again.
    await login({ username: u.username, isReset: true });
    const token = tokenFrom((await h.mail.last(u.email)).text, /Reset token: (\S+)/);
    const pw = 'a brand new password';
    const reset = await login({
      username: u.username,
      isReset: true,
      token,
      password: pw,
      confirmPassword: pw,
    });
    expect(reset.status).toBe(200);
    expect((await login({ username: u.username, password: pw })).status).toBe(200);
  });

  it('limits sign-in attempts per IP address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await login({ username: `ip${uniq()}`, password: 'whatever!' }, ip)).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    const blocked = await login({ username: `ip${uniq()}`, password: 'whatever!' }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual(expect.any(String));
    // Another address is still served.
    expect((await login({ username: `ip${uniq()}`, password: 'whatever!' })).status).toBe(401);
  });
});

describe('sign-in limits under pressure', () => {
  it('counts an attempt before its password is checked, so parallel guesses cannot slip through', async () => {
    const u = await buildUser(h);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ username: u.username, password: `wrong ${i}` }, ip),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('does not count a right password as a failure', async () => {
    const u = await buildUser(h);
    const ip = freshIp();
    for (let i = 0; i < 9; i++) await login({ username: u.username, password: `wrong ${i}` }, ip);
    expect((await login({ username: u.username, password: u.password }, ip)).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await login({ username: u.username, password: `again ${i}` }, ip)).status).toBe(401);
  });

  it("keeps the map sizes bounded, dropping the oldest, never everyone's usual address", () => {
    const l = new SignInLimiter();
    const now = Date.now();
    l.succeeded('owner', 'usual', now);
    for (let i = 0; i < 60_000; i++) l.succeeded(`other${i}`, 'x', now);
    l.succeeded('owner', 'usual', now);
    for (let i = 60_000; i < 120_000; i++) l.succeeded(`other${i}`, 'x', now);
    for (let i = 0; i < 30; i++) expect(l.attempt('owner', `guess${i}`, now)).toBeNull();
    expect(l.blocked('owner', 'elsewhere', now)).toBe('account');
    expect(l.blocked('owner', 'usual', now)).toBeNull();
    const k = new KeyedLimiter(5, 60_000, 1000);
    for (let i = 0; i < 5000; i++) k.hit(`key${i}`, now);
    expect((k as unknown as { hits: Map<string, unknown> }).hits.size).toBeLessThanOrEqual(1000);
    expect(k.blocked('key4999', now)).toBe(false);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const u = await buildUser(h);
    const proxy = freshIp();
    const from = (client: string) => ({ 'x-forwarded-for': client });
    for (let i = 0; i < 10; i++)
      await post(
        '/api/auth/login',
        { clientId: 'test', username: u.username, password: `wrong ${i}` },
        { ip: proxy, headers: from('198.51.100.1') },
      );
    const other = await post(
      '/api/auth/login',
      { clientId: 'test', username: u.username, password: u.password },
      { ip: proxy, headers: from('198.51.100.2') },
    );
    expect(other.status).toBe(429);
  });

  it('counts two clients behind a trusted proxy apart', async () => {
    const behind = await startHarness({ TRUST_PROXY: '127.0.0.1' });
    try {
      const u = await buildUser(behind);
      const attempt = (client: string, password: string) =>
        behind.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
          payload: { clientId: 'test', username: u.username, password },
        });
      for (let i = 0; i < 10; i++)
        expect((await attempt('198.51.100.1', `wrong ${i}`)).statusCode).toBe(401);
      expect((await attempt('198.51.100.1', u.password)).statusCode).toBe(429);
      expect((await attempt('198.51.100.2', u.password)).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it('refuses a TRUST_PROXY that is not true, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});

describe('sessions', () => {
  it('stores tokens only as hashes', async () => {
    const u = await buildUser(h);
    const r = await login({ username: u.username, password: u.password });
    expect(r.status).toBe(200);
    const token: string = r.body.token;
    // At least 128 random bits.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await h.deps.database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, u.id));
    expect(rows.length).toBe(2); // the factory's session and this one
    for (const row of rows) {
      expect(row.tokenHash).not.toContain(token);
      expect(row.tokenHash).not.toContain(u.token);
    }
    expect(rows.map((x) => x.tokenHash)).toContain(sha256(token));
  });

  it('accepts the token from Authorization: Bearer alone, with the username header', async () => {
    const u = await buildUser(h);
    const r = await send('GET', '/api/people/profile', undefined, {
      headers: { username: u.username, authorization: `Bearer ${u.token}` },
    });
    expect(r.status).toBe(200);
    expect(r.body.username).toBe(u.username);
    const viaToken = await send('GET', '/api/people/profile', undefined, {
      headers: signedIn(u.username, u.token),
    });
    expect(viaToken.status).toBe(200);
  });

  it('answers 401 when the username header does not match the token, or is missing', async () => {
    const u = await buildUser(h);
    const other = await buildUser(h);
    const mismatch = await send('GET', '/api/people/profile', undefined, {
      headers: { username: other.username, token: u.token, authorization: `Bearer ${u.token}` },
    });
    expect(mismatch.status).toBe(401);
    const none = await send('GET', '/api/people/profile', undefined, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(none.status).toBe(401);
    const garbage = await send('GET', '/api/people/profile', undefined, {
      headers: signedIn(u.username, 'not-a-token'),
    });
    expect(garbage.status).toBe(401);
  });

  it('expires a session after 30 days without use, and keeps a used one alive', async () => {
    const idle = await buildUser(h);
    const used = await buildUser(h);
    const day = 24 * 3600_000;
    const setLastUsed = (token: string, at: Date) =>
      h.deps.database.db
        .update(sessions)
        .set({ lastUsedAt: at })
        .where(eq(sessions.tokenHash, sha256(token)));
    await setLastUsed(idle.token, new Date(Date.now() - 31 * day));
    await setLastUsed(used.token, new Date(Date.now() - 29 * day));
    expect((await idle.api.get('/api/people/profile')).status).toBe(401);
    expect((await used.api.get('/api/people/profile')).status).toBe(200);
    const [row] = await h.deps.database.db
      .select({ lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(used.token)));
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('revokes the calling token at logout, and only that one', async () => {
    const u = await buildUser(h);
    const second = await login({ username: u.username, password: u.password });
    expect((await u.api.get('/api/people/profile')).status).toBe(200);
    const out = await u.api.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await u.api.get('/api/people/profile')).status).toBe(401);
    expect((await u.api.post('/api/auth/logout')).status).toBe(401);
    const [row] = await h.deps.database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(u.token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    const still = await send('GET', '/api/people/profile', undefined, {
      headers: signedIn(u.username, second.body.token),
    });
    expect(still.status).toBe(200);
  });
});

describe('password reset', () => {
  it('answers Link Sent for an unknown user and sends no mail', async () => {
    const before = h.mail.mails.length;
    const r = await login({ username: `ghost${uniq()}`, isReset: true });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Link Sent' });
    await new Promise((res) => setTimeout(res, 300));
    expect(h.mail.mails.length).toBe(before);
  });

  it('resets by the mailed token, revokes the sessions, and the token works once', async () => {
    const u = await buildUser(h);
    const r = await login({ username: u.username, isReset: true });
    expect(r.body).toEqual({ message: 'Link Sent' });
    const mail = await h.mail.last(u.email);
    const token = tokenFrom(mail.text, /Reset token: (\S+)/);
    expect(mail.text).toContain(`/login?reset=${token}`);

    // The token is stored hashed too.
    const stored = await h.deps.database.db
      .select({ tokenHash: userTokens.tokenHash })
      .from(userTokens)
      .where(and(eq(userTokens.userId, u.id), eq(userTokens.purpose, 'reset')));
    expect(stored.map((s) => s.tokenHash)).toEqual([sha256(token)]);

    const newPassword = 'a brand new password';
    const mismatch = await login({
      username: u.username,
      isReset: true,
      token,
      password: newPassword,
      confirmPassword: 'something else',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields.confirmPassword).toBeDefined();

    const short = await login({
      username: u.username,
      isReset: true,
      token,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.fields.password).toBeDefined();

    // A failed confirmation leaves the token usable and the session alive.
    expect((await u.api.get('/api/people/profile')).status).toBe(200);

    const ok = await login({
      username: u.username,
      isReset: true,
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Password Reset' });

    expect((await u.api.get('/api/people/profile')).status).toBe(401);
    expect((await login({ username: u.username, password: u.password })).status).toBe(401);
    const fresh = await login({ username: u.username, password: newPassword });
    expect(fresh.status).toBe(200);
    expect(fresh.body.token).toEqual(expect.any(String));

    const reuse = await login({
      username: u.username,
      isReset: true,
      token,
      password: 'yet another password',
      confirmPassword: 'yet another password',
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.fields.token).toBeDefined();
    expect((await login({ username: u.username, password: newPassword })).status).toBe(200);
  });

  it("refuses another user's reset token", async () => {
    const a = await buildUser(h);
    const b = await buildUser(h);
    await login({ username: a.username, isReset: true });
    const token = tokenFrom((await h.mail.last(a.email)).text, /Reset token: (\S+)/);
    const r = await login({
      username: b.username,
      isReset: true,
      token,
      password: 'taken over password',
      confirmPassword: 'taken over password',
    });
    expect(r.status).toBe(400);
    expect((await login({ username: b.username, password: b.password })).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const u = await buildUser(h);
    await login({ username: u.username, isReset: true });
    const token = tokenFrom((await h.mail.last(u.email)).text, /Reset token: (\S+)/);
    await h.deps.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(userTokens.tokenHash, sha256(token)));
    const r = await login({
      username: u.username,
      isReset: true,
      token,
      password: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.token).toBeDefined();
    expect((await login({ username: u.username, password: u.password })).status).toBe(200);
    expect((await u.api.get('/api/people/profile')).status).toBe(200);
  });

  it('issues reset tokens that expire in an hour', async () => {
    const u = await buildUser(h);
    const before = Date.now();
    await login({ username: u.username, isReset: true });
    await h.mail.last(u.email);
    const [row] = await h.deps.database.db
      .select({ expiresAt: userTokens.expiresAt })
      .from(userTokens)
      .where(and(eq(userTokens.userId, u.id), eq(userTokens.purpose, 'reset')));
    const life = row!.expiresAt.getTime() - before;
    expect(life).toBeGreaterThan(59 * 60_000);
    expect(life).toBeLessThanOrEqual(61 * 60_000);
  });
});

describe('Apple sign-in', () => {
  const appleToken = (
    claims: Record<string, unknown>,
    opts: { key?: CryptoKey; audience?: string; issuer?: string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer(opts.issuer ?? 'https://appleid.apple.com')
      .setAudience(opts.audience ?? APPLE_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(opts.key ?? appleKey);

  it('signs in with a valid identity token and creates the user once', async () => {
    const sub = `001234.${uniq()}`;
    const email = `apple${uniq()}@privaterelay.example`;
    const token = await appleToken({ sub, email, email_verified: true });
    const r = await login({ appleToken: token });
    expect(r.status).toBe(200);
    expect(r.body.token).toEqual(expect.any(String));
    expect(r.body.user.email).toBe(email);

    const rows = await h.deps.database.db.select().from(users).where(eq(users.appleSub, sub));
    expect(rows.length).toBe(1);
    expect(rows[0]!.active).toBe(true);
    expect(rows[0]!.id).toBe(r.body.user._id);

    const profile = await send('GET', '/api/people/profile', undefined, {
      headers: signedIn(r.body.user.username, r.body.token),
    });
    expect(profile.status).toBe(200);

    const again = await login({
      appleToken: await appleToken({ sub, email, email_verified: true }),
    });
    expect(again.status).toBe(200);
    expect(again.body.user._id).toBe(r.body.user._id);
    expect(
      (await h.deps.database.db.select().from(users).where(eq(users.appleSub, sub))).length,
    ).toBe(1);
  });

  it('answers 401 for a token signed by another key, for another audience or issuer', async () => {
    const claims = { sub: `001234.${uniq()}`, email: 'x@example.test', email_verified: true };
    const forged = await appleToken(claims, { key: otherKey });
    expect((await login({ appleToken: forged })).status).toBe(401);
    const wrongAud = await appleToken(claims, { audience: 'com.someone.else' });
    expect((await login({ appleToken: wrongAud })).status).toBe(401);
    const wrongIss = await appleToken(claims, { issuer: 'https://evil.example' });
    expect((await login({ appleToken: wrongIss })).status).toBe(401);
    expect((await login({ appleToken: 'not.a.jwt' })).status).toBe(401);
    const rows = await h.deps.database.db
      .select()
      .from(users)
      .where(eq(users.appleSub, claims.sub));
    expect(rows).toEqual([]);
  });
});

describe('Apple sign-in and proved addresses', () => {
  const appleToken = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer('https://appleid.apple.com')
      .setAudience(APPLE_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(appleKey);
  const apple = async (email: string, verified = true) =>
    login({
      appleToken: await appleToken({ sub: `0012.${uniq()}`, email, email_verified: verified }),
    });

  it('never lands in an account that only claims the address on its profile', async () => {
    const victim = `victim${uniq()}@example.test`;
    const attacker = await buildUser(h);
    await attacker.api.post('/api/people/profile', { name: 'E', surname: 'A', email: victim });
    const r = await apple(victim);
    expect(r.status).toBe(200);
    expect(r.body.user._id).not.toBe(attacker.id);
    expect(r.body.user.email).toBe(victim);
    // Nor in one whose address was stored without proof (as before this rule).
    await h.deps.database.db
      .update(users)
      .set({ email: victim, emailProved: false })
      .where(eq(users.id, attacker.id));
    const again = await apple(victim);
    expect(again.body.user._id).not.toBe(attacker.id);
  });

  it('never lands in an unactivated account registered with the address', async () => {
    const victim = `victim${uniq()}@example.test`;
    const username = `eve${uniq()}`;
    await post('/api/auth/register', {
      username,
      password: 'attacker password',
      email: victim,
      name: 'E',
      surname: 'A',
    });
    const r = await apple(victim);
    expect(r.status).toBe(200);
    expect(r.body.user.username).not.toBe(username);
    const [eve] = await h.deps.database.db.select().from(users).where(eq(users.username, username));
    expect(eve).toMatchObject({ appleSub: null, active: false });
  });

  it('links to the account whose owner proved the address (activation or confirmation link)', async () => {
    const u = await buildUser(h);
    const address = `proved${uniq()}@example.test`;
    await u.api.post('/api/people/profile', { name: 'P', surname: 'R', email: address });
    const token = tokenFrom((await h.mail.last(address)).text, /token=([\w-]+)/);
    expect((await post('/api/auth/confirm-email', { token })).status).toBe(200);
    const r = await apple(address.toUpperCase());
    expect(r.status).toBe(200);
    expect(r.body.user._id).toBe(u.id);
  });

  it('does not prove an address Apple did not verify (nor one the browser sent)', async () => {
    const address = `unverified${uniq()}@example.test`;
    const r = await login({
      appleToken: await appleToken({ sub: `0012.${uniq()}` }),
      appleEmail: address,
    });
    expect(r.status).toBe(200);
    const [row] = await h.deps.database.db
      .select()
      .from(users)
      .where(eq(users.id, r.body.user._id));
    expect(row).toMatchObject({ email: address, emailProved: false });
    // So a later verified sign-in for that address does not land there.
    const other = await apple(address);
    expect(other.body.user._id).not.toBe(r.body.user._id);
  });
});

describe('profile', () => {
  it('saves name and surname at once; a new e-mail address only once its link is used', async () => {
    const u = await buildUser(h);
    const got = await u.api.get('/api/people/profile');
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ _id: u.id, username: u.username, email: u.email });
    expect(got.body.pendingEmail).toBeNull();
    expect(JSON.stringify(got.body)).not.toMatch(/argon|passwordHash/);

    const saved = await u.api.post('/api/people/profile', {
      name: 'New',
      surname: 'Name',
      email: 'New.Address@Example.test',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'New',
      surname: 'Name',
      email: u.email,
      pendingEmail: 'new.address@example.test',
    });
    // Until the link is used the old address stays, for reset mails too.
    await login({ username: u.username, isReset: true });
    expect((await h.mail.last(u.email)).subject).toMatch(/reset/i);
    const mail = await h.mail.last('new.address@example.test');
    expect(mail.text).toContain(u.username);
    const token = tokenFrom(mail.text, /\/confirm-email\?token=([\w-]+)/);
    const confirmed = await post('/api/auth/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toContain('new.address@example.test');
    const again = await u.api.get('/api/people/profile');
    expect(again.body).toMatchObject({
      name: 'New',
      surname: 'Name',
      email: 'new.address@example.test',
      pendingEmail: null,
    });
    const [row] = await h.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.emailProved).toBe(true);
    // The link works once.
    const twice = await post('/api/auth/confirm-email', { token });
    expect(twice.status).toBe(400);
    expect(twice.body.fields.token).toBeDefined();
  });

  it('keeps only the newest change, and saving the current address withdraws it', async () => {
    const u = await buildUser(h);
    const save = (email: string) =>
      u.api.post('/api/people/profile', { name: 'N', surname: 'S', email });
    const first = `first${uniq()}@example.test`;
    const second = `second${uniq()}@example.test`;
    await save(first);
    const firstToken = tokenFrom((await h.mail.last(first)).text, /token=([\w-]+)/);
    expect((await save(second)).body.pendingEmail).toBe(second);
    expect((await post('/api/auth/confirm-email', { token: firstToken })).status).toBe(400);
    const secondToken = tokenFrom((await h.mail.last(second)).text, /token=([\w-]+)/);
    const back = await save(u.email);
    expect(back.body).toMatchObject({ email: u.email, pendingEmail: null });
    expect((await post('/api/auth/confirm-email', { token: secondToken })).status).toBe(400);
    expect((await u.api.get('/api/people/profile')).body.email).toBe(u.email);
    const none = await post('/api/auth/confirm-email', {});
    expect(none.status).toBe(400);
    expect(none.body.fields.token).toBe('is required');
  });

  it('ignores the fields a profile save does not own (no rank or username change)', async () => {
    const u = await buildUser(h);
    const got = await u.api.get('/api/people/profile');
    const r = await u.api.post('/api/people/profile', {
      ...got.body,
      name: 'Sneaky',
      rank: 'super',
      username: 'someone-else',
      _id: randomUUID(),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ _id: u.id, username: u.username, rank: null, name: 'Sneaky' });
    const [row] = await h.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ rank: null, username: u.username, name: 'Sneaky' });
  });

  it('rejects a bad e-mail with 400 fields.email and keeps the profile', async () => {
    const u = await buildUser(h);
    const r = await u.api.post('/api/people/profile', {
      name: 'Changed',
      surname: 'Surname',
      email: 'nope',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.email).toBeDefined();
    const again = await u.api.get('/api/people/profile');
    expect(again.body.email).toBe(u.email);
    expect(again.body.pendingEmail).toBeNull();
    expect(again.body.name).toBe('Test');
  });

  it('needs a session', async () => {
    expect((await anonymous(h).get('/api/people/profile')).status).toBe(401);
    expect((await anonymous(h).post('/api/people/profile', { name: 'a' })).status).toBe(401);
  });
});

describe('POST /api/error', () => {
  it('stores the report, with the user when signed in', async () => {
    const message = `boom ${uniq()}`;
    const r = await post('/api/error', {
      message,
      stack: 'Error: boom\n  at x',
      url: 'http://fieldbook.test/companies',
      info: { component: 'Companies' },
    });
    expect(r.status).toBe(200);
    const rows = await h.deps.database.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.message, message));
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({
      userId: null,
      stack: 'Error: boom\n  at x',
      url: 'http://fieldbook.test/companies',
      info: { component: 'Companies' },
    });

    const u = await buildUser(h);
    const mine = `mine ${uniq()}`;
    expect((await u.api.post('/api/error', { message: mine })).status).toBe(200);
    const [row] = await h.deps.database.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.message, mine));
    expect(row?.userId).toBe(u.id);

    const bad = await post('/api/error', { message: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.message).toBeDefined();
  });

  it('answers 429 after 30 reports in a minute from one address', async () => {
    const ip = freshIp();
    const tag = `flood ${uniq()}`;
    for (let i = 0; i < 30; i++) {
      expect((await post('/api/error', { message: `${tag} ${i}` }, { ip })).status).toBe(200);
    }
    const over = await post('/api/error', { message: `${tag} over` }, { ip });
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual(expect.any(String));
    const rows = await h.deps.database.db
      .select({ message: errorLogs.message })
      .from(errorLogs)
      .where(eq(errorLogs.ip, ip));
    expect(rows.length).toBe(30);
    expect((await post('/api/error', { message: `${tag} elsewhere` })).status).toBe(200);
  });
});

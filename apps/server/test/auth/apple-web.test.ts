import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/platform/crypto.js';
import { startHarness, type Harness } from '../support/harness.js';

/** Sign in with Apple in the browser, against a stand-in for Apple's keys (as auth.test.ts). */
const APP_ID = 'test.fieldbook.app';
const WEB_ID = 'test.fieldbook.web';
const KID = 'web-key-1';

let h: Harness;
let keys: http.Server;
let appleKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  appleKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  keys = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => keys.listen(0, '127.0.0.1', r));
  const port = (keys.address() as AddressInfo).port;
  h = await startHarness({
    APPLE_KEYS_URL: `http://127.0.0.1:${port}/auth/keys`,
    APPLE_CLIENT_ID: APP_ID,
    APPLE_WEB_CLIENT_ID: WEB_ID,
    APPLE_AUTH_URL: 'https://apple.example/auth/authorize',
  });
});
afterAll(async () => {
  await h?.close();
  await new Promise<void>((r) => keys.close(() => r()));
});

const newState = () => randomBytes(32).toString('base64url');
const idToken = (claims: Record<string, unknown>, audience = WEB_ID) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer('https://appleid.apple.com')
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(appleKey);
let ip = 0;
/** Apple's form post to the callback; each from its own address (the per-IP limit is not under test). */
const callback = (fields: Record<string, string>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/apple/callback',
    remoteAddress: `10.9.${++ip >> 8}.${ip & 255}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const handoff = (location: string) => new URL(location, 'http://x').searchParams;

describe('Sign in with Apple in the browser', () => {
  it('is offered when configured, and start sends the browser to Apple with form_post', async () => {
    const on = await h.app.inject({ method: 'GET', url: '/api/auth/apple' });
    expect(on.json()).toEqual({ enabled: true });
    const state = newState();
    const r = await h.app.inject({ method: 'GET', url: `/api/auth/apple/start?state=${state}` });
    expect(r.statusCode).toBe(302);
    const to = new URL(r.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe('https://apple.example/auth/authorize');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      client_id: WEB_ID,
      redirect_uri: `${h.deps.config.publicUrl}/api/auth/apple/callback`,
      response_type: 'code id_token',
      scope: 'name email',
      response_mode: 'form_post',
      state,
      nonce: sha256(state),
    });
  });

  it('refuses a malformed state with a 400 naming it', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/auth/apple/start?state=short' });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields.state).toBeDefined();
  });

  it('signs in once through the hand-off, with the address Apple shared on first sign-in', async () => {
    const state = newState();
    const email = `web${randomUUID().slice(0, 8)}@privaterelay.example`;
    const token = await idToken({ sub: `001.${randomUUID()}`, nonce: sha256(state) });
    const r = await callback({
      state,
      id_token: token,
      code: 'c',
      user: JSON.stringify({ email }),
    });
    expect(r.statusCode).toBe(303);
    const q = handoff(r.headers.location as string);
    expect(new URL(r.headers.location as string, 'http://x').pathname).toBe('/login');
    expect(q.get('state')).toBe(state);
    const ftoken = q.get('ftoken')!;
    // Bound to its state: the link alone (sent to a victim without it) signs nobody in.
    for (const other of [{}, { state: newState() }]) {
      const bare = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ftoken, ...other, clientId: 'web' },
      });
      expect(bare.statusCode).toBe(401);
    }
    const first = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ftoken, state, clientId: 'web' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(email);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ftoken, state, clientId: 'web' },
    });
    expect(again.statusCode).toBe(401);
  });

  it('sends the browser back without a sign-in for a replayed, foreign or refused answer', async () => {
    const state = newState();
    const sub = `002.${randomUUID()}`;
    const claims = { sub, email: 'x@example.test', email_verified: true };
    // Another state's token (its nonce is not this state's).
    const replay = await callback({
      state,
      id_token: await idToken({ ...claims, nonce: sha256(newState()) }),
    });
    expect(replay.headers.location).toBe('/login?apple=failed');
    // A token for the app's client id, not the web's.
    const foreign = await callback({
      state,
      id_token: await idToken({ ...claims, nonce: sha256(state) }, APP_ID),
    });
    expect(foreign.headers.location).toBe('/login?apple=failed');
    const cancelled = await callback({ state, error: 'user_cancelled_authorize' });
    expect(cancelled.headers.location).toBe('/login?apple=cancelled');
    const bad = await callback({ state: 'x', id_token: 'y' });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe('/login?apple=failed');
    // No address at all: told so, no account made.
    const noEmail = await callback({
      state,
      id_token: await idToken({ sub: `003.${randomUUID()}`, nonce: sha256(state) }),
    });
    expect(noEmail.headers.location).toBe('/login?apple=noemail');
  });

  it('is neither offered nor started when not configured', async () => {
    const saved = h.deps.config.appleWebClientId;
    h.deps.config.appleWebClientId = null;
    try {
      const off = await h.app.inject({ method: 'GET', url: '/api/auth/apple' });
      expect(off.json()).toEqual({ enabled: false });
      const r = await h.app.inject({
        method: 'GET',
        url: `/api/auth/apple/start?state=${newState()}`,
      });
      expect(r.statusCode).toBe(404);
      const cb = await callback({ state: newState(), id_token: 'x' });
      expect(cb.headers.location).toBe('/login?apple=failed');
    } finally {
      h.deps.config.appleWebClientId = saved;
    }
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startE2E, type E2E } from '../support/app.js';
import { newSizedPage } from '../support/viewport.js';

/**
 * Sign in with Apple in the browser (operations spec §4) against a stand-in
 * for Apple, as the server's test does: its key set, and an authorisation
 * page whose Continue posts the identity token back to our callback
 * (response_mode form_post), as Apple's does once the user agrees.
 */
const WEB_ID = 'test.fieldbook.web';
const KID = 'e2e-key-1';

let e: E2E;
let apple: http.Server;
let appleUrl = '';
let key: CryptoKey;
const email = `apple${randomUUID().slice(0, 8)}@privaterelay.example`;
/** The authorisation requests the stand-in saw. */
const asked: URLSearchParams[] = [];

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  apple = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://apple');
    if (url.pathname === '/auth/keys') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ keys: [jwk] }));
    }
    if (url.pathname !== '/auth/authorize') {
      res.writeHead(404);
      return res.end();
    }
    asked.push(url.searchParams);
    const q = url.searchParams;
    void new SignJWT({
      sub: '001999.e2e',
      email,
      email_verified: true,
      nonce: q.get('nonce') ?? '',
    })
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer('https://appleid.apple.com')
      .setAudience(q.get('client_id') ?? '')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key)
      .then((idToken) => {
        const fields = {
          state: q.get('state') ?? '',
          code: 'stand-in-code',
          id_token: idToken,
          user: JSON.stringify({ name: { firstName: 'Lerato' }, email }),
        };
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<!doctype html><title>Apple stand-in</title><form method="post" action="${html(q.get('redirect_uri') ?? '')}">${Object.entries(
            fields,
          )
            .map(([k, v]) => `<input type="hidden" name="${k}" value="${html(v)}">`)
            .join('')}<button>Continue</button></form>`,
        );
      });
  });
  await new Promise<void>((r) => apple.listen(0, '127.0.0.1', r));
  appleUrl = `http://127.0.0.1:${(apple.address() as AddressInfo).port}`;
  e = await startE2E();
  Object.assign(e.h.deps.config, {
    appleKeysUrl: `${appleUrl}/auth/keys`,
    appleWebClientId: WEB_ID,
    appleAuthUrl: `${appleUrl}/auth/authorize`,
  });
});
afterAll(async () => {
  await e?.close();
  await new Promise<void>((r) => apple.close(() => r()));
});

describe('Sign in with Apple in the browser', () => {
  it('goes to Apple with form_post and comes back signed in, with no script of Apple’s on our page', async () => {
    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => e.shot(page, 'failed-apple-sign-in'));
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== e.baseUrl) foreign.push(r.url());
    });
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in with Apple' });
    await button.waitFor();
    // Our sign-in page loads nothing from elsewhere, and its CSP stays our own.
    expect(foreign).toEqual([]);
    const doc = await page.request.get('/login');
    expect(doc.headers()['content-security-policy']).not.toContain(appleUrl);
    await e.shot(page, 'apple-sign-in-phone');

    await button.click();
    await page.waitForURL((u) => u.origin === appleUrl);
    const q = asked.at(-1)!;
    expect(q.get('response_mode')).toBe('form_post');
    expect(q.get('client_id')).toBe(WEB_ID);
    expect(q.get('redirect_uri')).toBe(`${e.baseUrl}/api/auth/apple/callback`);
    const profile = page.waitForResponse(
      (r) => r.url().endsWith('/api/people/profile') && r.status() === 200,
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back in the app, signed in as the account Apple vouched for.
    await page.waitForURL((u) => u.origin === e.baseUrl && u.pathname === '/');
    expect((await (await profile).json()).email).toBe(email);
    const session = await page.evaluate(() => JSON.stringify(localStorage));
    expect(session).toContain(email);
    await e.shot(page, 'apple-signed-in-phone');
  });

  it('signs no one in from a hand-off this browser did not start', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => e.shot(page, 'failed-apple-foreign'));
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) loginCalls++;
    });
    await page.goto(`/login?ftoken=${'a'.repeat(43)}&state=${'b'.repeat(43)}`);
    await page
      .getByRole('alert')
      .getByText('This Apple sign-in was not started in this browser; please try again.')
      .waitFor();
    expect(loginCalls).toBe(0);
    await page.goto('/login?apple=failed');
    await page.getByRole('alert').getByText('Apple sign-in could not be verified').waitFor();
    await e.shot(page, 'apple-sign-in-desktop-refused');
  });

  it('offers no Apple button when Apple sign-in is not configured', async () => {
    e.h.deps.config.appleWebClientId = null;
    try {
      const { page } = await newSizedPage(e, 'desktop');
      const asked = page.waitForResponse((r) => r.url().endsWith('/api/auth/apple'));
      await page.goto('/login');
      expect(await (await asked).json()).toEqual({ enabled: false });
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign in with Apple' }).count()).toBe(0);
    } finally {
      e.h.deps.config.appleWebClientId = WEB_ID;
    }
  });
});

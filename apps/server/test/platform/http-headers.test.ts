import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_LOADER_SCRIPT, SIGNED_IN_HINT_SCRIPT } from '@fieldbook/core';
import helmet from 'helmet';
import { headersOf } from '../../src/platform/http-headers.js';
import { startHarness, type Harness } from '../support/harness.js';

/** Security headers on every answer (Security 7) and compression (Usability 2). */

const PRECOMPRESS = path.resolve(import.meta.dirname, '../../../../scripts/precompress.mjs');
const SCRIPT = `console.log(${JSON.stringify('fieldbook '.repeat(500))});\n`;

let h: Harness;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>F</title>${'<p>x</p>'.repeat(300)}`,
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny.js'), 'let a = 1;\n');
  execFileSync(process.execPath, [PRECOMPRESS, dist]);
  h = await startHarness({ PAYFAST_URL: 'http://127.0.0.1:9/payfast' }, { webDist: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding = 'identity') =>
  h.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('security headers', () => {
  it.each([
    ['the API', '/api/health'],
    ['an API 404', '/api/nowhere'],
    ['the SPA', '/'],
    ['a public invoice page', '/view/a/b/c'],
    ['a static file', '/assets/app-abc123.js'],
  ])('are on %s', async (_what, url) => {
    const r = await get(url);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = directives(String(r.headers['content-security-policy']));
    expect(csp['default-src']).toEqual(["'self'"]);
    // No inline script but the prerendered pages' signed-in hint and app loader, byte for byte.
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(csp['script-src']).toEqual([
      "'self'",
      hash(SIGNED_IN_HINT_SCRIPT),
      hash(APP_LOADER_SCRIPT),
    ]);
    expect(csp['object-src']).toEqual(["'self'", 'blob:']);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    // The Pay Now form posts to PayFast (here the configured stand-in).
    expect(csp['form-action']).toEqual(["'self'", 'http://127.0.0.1:9']);
    expect(csp['img-src']).toContain('https://tile.openstreetmap.org');
  });
});

describe('helmet read once', () => {
  it('gives what its middleware sets, names in lower case, removals applied', () => {
    const headers = headersOf(helmet({ contentSecurityPolicy: false }));
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBeUndefined();
    expect(Object.keys(headers).every((k) => k === k.toLowerCase())).toBe(true);
    // X-Powered-By is removed by helmet, so it never reaches the list.
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a middleware that does not finish at once (its headers would depend on the request)', () => {
    expect(() => headersOf((_req, _res, next) => void setImmediate(next))).toThrow(
      'helmet did not finish at once',
    );
  });

  it('answers with the same headers on every request', async () => {
    const [a, b] = [await get('/api/health'), await get('/api/nowhere')];
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const security = (r: typeof a) => Object.fromEntries(names.map((n) => [n, r.headers[n]]));
    expect(Object.values(security(a)).every((v) => typeof v === 'string' && v !== '')).toBe(true);
    expect(security(b)).toEqual(security(a));
    expect(a.headers['x-powered-by']).toBeUndefined();
  });
});

describe('compression', () => {
  it('compresses API answers with brotli or gzip, as the browser accepts', async () => {
    const plain = await get('/api/docs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/docs', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/api/docs', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('compresses the SPA page', async () => {
    const r = await get('/view/a/b/c', 'br');
    expect(r.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toContain('<title>F</title>');
  });

  it('serves the precompressed files the build wrote', async () => {
    const file = path.join(dist, 'assets', 'app-abc123.js');
    expect(fs.existsSync(`${file}.br`) && fs.existsSync(`${file}.gz`)).toBe(true);
    expect(fs.existsSync(path.join(dist, 'assets', 'tiny.js.br'))).toBe(false);

    const br = await get('/assets/app-abc123.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.equals(fs.readFileSync(`${file}.br`))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});

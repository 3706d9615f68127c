import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * The public pages rendered at build (apps/web/src/prerender.tsx, written to
 * dist/prerendered) are sent for their paths; every other path of the browser
 * router still gets the empty shell, so no signed-in screen starts as a public page.
 */
let h: Harness;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-prerendered-'));
  fs.mkdirSync(path.join(dist, 'prerendered'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<title>shell</title><div id="root"></div>');
  for (const page of ['index', 'privacypolicy'])
    fs.writeFileSync(path.join(dist, 'prerendered', `${page}.html`), `<title>${page}</title>`);
  // Decoys: a file beside the pages and one beside the shell, neither a page.
  fs.writeFileSync(path.join(dist, 'prerendered', 'secret.txt'), '<title>secret</title>');
  fs.writeFileSync(path.join(dist, 'secret.html'), '<title>secret</title>');
  h = await startHarness({}, { webDist: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const titleOf = async (url: string) => {
  const r = await h.app.inject({ method: 'GET', url });
  expect(r.statusCode, url).toBe(200);
  expect(r.headers['content-type']).toContain('text/html');
  expect(r.headers['cache-control']).toBe('no-cache');
  return /<title>(.*)<\/title>/.exec(r.body)?.[1];
};

describe('prerendered public pages', () => {
  it('sends the landing page and a legal page as rendered, with or without a query', async () => {
    expect(await titleOf('/')).toBe('index');
    expect(await titleOf('/?utm_source=mail')).toBe('index');
    expect(await titleOf('/privacypolicy')).toBe('privacypolicy');
  });

  it('sends the shell for every other path, a page not rendered, and /index', async () => {
    for (const url of [
      '/clients',
      '/termsandconditions',
      '/index',
      '/view/a/b/c',
      '/privacypolicy/x',
    ])
      expect(await titleOf(url)).toBe('shell');
  });

  it('reads no file outside the pages for a hostile path, and sends the pages only at their own', async () => {
    for (const url of [
      '/..%2fsecret',
      '/..%2f..%2fsecret',
      '/etc%2fpasswd',
      '/Privacypolicy',
      '/%70rivacypolicy',
      '/privacypolicy/',
      '/secret',
      '/prerendered/index.html',
      '/prerendered/privacypolicy.html',
      '/prerendered/secret.txt',
    ])
      expect(await titleOf(url), url).toBe('shell');
    expect(await titleOf('/privacypolicy?x=1')).toBe('privacypolicy');
    // A NUL in the address is refused before any route (the input guard).
    expect((await h.app.inject({ method: 'GET', url: '/privacypolicy%00' })).statusCode).toBe(400);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compiledIsFresh,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../support/server-process.js';

/**
 * What `npm start` runs (docs/deploy.md, "Start"): the server compiled by
 * scripts/build-server.mjs, under plain node, with no tsx to lean on. Its
 * migrations and the route optimiser's thread resolve from dist/.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  // `npm test` has built it; a file run on its own after an edit builds it here. (Not again
  // when fresh: other test files may be starting dist/main.mjs at this moment.)
  if (!compiledIsFresh())
    execFileSync(
      process.execPath,
      [path.join(SERVER_DIR, '../../scripts/build-server.mjs'), '--quiet'],
      { cwd: SERVER_DIR },
    );
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-compiled-'));
  server = await spawnServer(
    { PORT: String(await freePort()), DATA_DIR: dataDir, LOG_REQUESTS: '0' },
    // A first start: a new embedded database is made, migrated and seeded.
    { compiled: true, startTimeoutMs: 150_000 },
  );
}, 180_000);
afterAll(async () => {
  await server?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('bundles no tsx and no TypeScript loader, and maps its stack traces to the sources', () => {
    const main = fs.readFileSync(path.join(SERVER_DIR, 'dist/main.mjs'), 'utf8');
    expect(main).not.toMatch(/from ["']tsx|["']tsx\/esm/);
    const map = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'dist/main.mjs.map'), 'utf8')) as {
      sources: string[];
    };
    expect(map.sources).toContain('../src/main.ts');
    expect(map.sources.some((s) => s.includes('packages/core/src/'))).toBe(true);
  });

  it('migrates, listens and answers /healthz, then /readyz once its workers run', async () => {
    expect(server.output()).toContain('Demo company seeded');
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // The workers start just after listening; the server says when it is ready.
    await server.printed('Ready');
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  }, 120_000);

  it('signs in the demo user against the migrated database', async () => {
    const r = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'fieldbook-demo', clientId: 'test' }),
    });
    expect(r.status).toBe(200);
  });

  it('stops on SIGTERM in order and exits 0 (docs/deploy.md, "Stopping")', async () => {
    expect(await server.kill('SIGTERM'), server.output()).toBe(0);
    const steps = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{"time"'))
      .map((l) => (JSON.parse(l) as { step: string }).step);
    expect(steps[0]).toBe('begin');
    expect(new Set(steps)).toEqual(
      new Set(['begin', 'http', 'workers', 'events bridge', 'pdf', 'database', 'done']),
    );
    expect(steps.at(-1)).toBe('done');
  });
});

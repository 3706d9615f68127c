import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { scratchDatabase } from '../support/roles-helpers.js';
import { freePort, spawnServer, type ServerProcess } from '../support/server-process.js';

/**
 * The graceful stop's HTTP side and its bound (docs/deploy.md, "Stopping"),
 * on the embedded database: a request in flight at SIGTERM (its body half
 * sent) is still answered once the rest arrives, and the process then exits
 * 0; a request that never ends holds the stop only until
 * SHUTDOWN_TIMEOUT_MS, after which the process says so and exits 1.
 * PostgreSQL when TEST_DATABASE_URL is set (quicker to start), else PGlite.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const BODY = JSON.stringify({ username: 'nobody', password: 'wrong-password', clientId: 'test' });
let server: ServerProcess | null = null;
// One data directory for both starts: its secret.key seals the database's secrets.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-stop-'));
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | null = null;

beforeAll(async () => {
  if (PG_URL) scratch = await scratchDatabase(PG_URL, `fb_stop_${process.pid}`);
});
afterAll(async () => {
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  await server?.kill('SIGKILL');
  server = null;
});

async function start(timeoutMs: number) {
  const port = await freePort();
  server = await spawnServer(
    {
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://fieldbook.test',
      SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
      ...(scratch && { DATABASE_URL: scratch.url }),
    },
    { startTimeoutMs: 150_000 },
  );
  await server.printed('Ready');
  // A sign-in whose headers and first half of the body are sent; the rest waits.
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', r));
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  const ended = new Promise<void>((r) => socket.once('close', () => r()));
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY.slice(0, 10)}`,
  );
  return { server, socket, answer: () => answer, ended };
}

it('lets a request in flight at SIGTERM finish, then exits 0', async () => {
  const { server: s, socket, answer, ended } = await start(20_000);
  const exited = s.kill('SIGTERM');
  await s.printed('"step":"begin"');
  socket.write(BODY.slice(10));
  await ended;
  expect(answer()).toMatch(/^HTTP\/1\.1 401 /);
  expect(await exited, s.output()).toBe(0);
  expect(s.output()).toContain('"step":"done"');
}, 240_000);

it('exits 1 after SHUTDOWN_TIMEOUT_MS when a request never ends', async () => {
  const { server: s, socket } = await start(2_000);
  const t0 = performance.now();
  const code = await s.kill('SIGTERM');
  const ms = performance.now() - t0;
  socket.destroy();
  expect(code, s.output()).toBe(1);
  expect(s.output()).toContain('"step":"timed out: exiting anyway"');
  expect(s.output()).not.toContain('"step":"done"');
  expect(ms).toBeGreaterThanOrEqual(2_000);
  expect(ms).toBeLessThan(15_000);
}, 240_000);

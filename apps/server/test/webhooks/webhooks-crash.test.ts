import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReceiver, verified } from '../support/webhook-receiver.js';

/**
 * Issue 23: a SIGKILL during deliveries loses none and repeats at most the
 * ones in flight. A child process delivers 60 queued events to a receiver
 * here (each answer takes 40 ms, so attempts are in flight) and is killed with
 * SIGKILL after 20 have arrived; a second child finishes. Every event arrived,
 * each signature verifies, and the repeats are at most the worker's slots.
 * PGlite by default; a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
const EVENTS = 60;
const SLOTS = 4;
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-hook-crash-'));
const PG_URL = process.env.TEST_DATABASE_URL;
const database = PG_URL ? 'PostgreSQL' : 'PGlite';
let pgName: string | null = null;
let databaseUrl: string | null = null;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

async function admin(query: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  receiver = await startReceiver();
  if (!PG_URL) return;
  pgName = `fb_hook_crash_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${pgName}`);
  const u = new URL(PG_URL);
  u.pathname = `/${pgName}`;
  databaseUrl = u.toString();
}, 60_000);

afterAll(async () => {
  await receiver.close();
  if (pgName) await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function child(mode: string) {
  const p = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(SERVER_DIR, 'test/support/webhooks-crash-child.ts'), mode],
    {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://fieldbook.test',
        RECEIVER: receiver.url('/crash'),
        EVENTS: String(EVENTS),
        WEBHOOKS_ALLOW_PRIVATE: '1',
        QUEUE_CONCURRENCY: String(SLOTS),
        QUEUE_LEASE_MS: '2000',
        QUEUE_POLL_MS: '50',
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  p.stdout.on('data', (d: Buffer) => (out += d.toString()));
  p.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null; out: string }>(
    (resolve) => p.once('exit', (code, signal) => resolve({ code, signal, out })),
  );
  return { exited, kill: () => p.kill('SIGKILL') };
}

it(`delivers each of ${EVENTS} events across a SIGKILL, repeating at most those in flight (${database})`, async () => {
  const setup = await child('setup').exited;
  expect(setup.code, setup.out).toBe(0);
  const secret = /secret (whsec_\S+)/.exec(setup.out)![1]!;

  receiver.answerWith(() => ({ status: 200, delayMs: 40 }));
  const first = child('work');
  await receiver.until((l) => l.length >= 20, 120_000);
  first.kill();
  const killed = await first.exited;
  expect(killed.signal, killed.out).toBe('SIGKILL');
  const atKill = receiver.received.length;
  expect(atKill).toBeLessThan(EVENTS);

  const second = await child('work').exited;
  expect(second.code, second.out).toBe(0);
  expect(second.out).toContain('all delivered');
  const counted = await child('count').exited;
  expect(JSON.parse(counted.out.trim().split('\n').pop()!)).toEqual({ delivered: EVENTS });

  const ids = receiver.received.map((r) => r.headers['webhook-id']);
  for (const r of receiver.received) verified(secret, r);
  expect(new Set(ids).size).toBe(EVENTS);
  const repeats = ids.length - EVENTS;
  // A company has at most half the slots in webhook attempts at once (docs/webhooks.md).
  expect(repeats).toBeLessThanOrEqual(SLOTS / 2);
  console.log(
    `${database}: killed after ${atKill} requests; ${EVENTS} events delivered, ${repeats} repeated`,
  );
}, 300_000);

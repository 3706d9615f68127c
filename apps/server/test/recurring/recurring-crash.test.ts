import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '@fieldbook/core';

/**
 * DECISIONS §8: each date is made exactly once, also when the process dies.
 * A child process runs 200 due dates of a daily recurring invoice and is
 * killed with SIGKILL once some are made; a second child finishes the run.
 * Every date then has exactly one run and one invoice. PGlite by default; a
 * fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
const DATES = 200;
const START = '2035-01-01';
const NOW = `${addDays(START, DATES - 1)}T12:00:00Z`;
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-rec-crash-'));
const PG_URL = process.env.TEST_DATABASE_URL;
const database = PG_URL ? 'PostgreSQL' : 'PGlite';
let pgName: string | null = null;
let databaseUrl: string | null = null;

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
  if (!PG_URL) return;
  pgName = `fb_rec_crash_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${pgName}`);
  const u = new URL(PG_URL);
  u.pathname = `/${pgName}`;
  databaseUrl = u.toString();
}, 60_000);

function child(mode: string, onLine?: (line: string, kill: () => void) => void) {
  const p = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(SERVER_DIR, 'test/support/recurring-crash-child.ts'), mode],
    {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://fieldbook.test',
        START,
        NOW,
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let buf = '';
  p.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    buf += d.toString();
    const lines = buf.split('\n');
    buf = lines.pop() ?? '';
    for (const l of lines) onLine?.(l, () => p.kill('SIGKILL'));
  });
  p.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise<{ code: number | null; signal: string | null; out: string }>((resolve) =>
    p.once('exit', (code, signal) => resolve({ code, signal, out })),
  );
}

afterAll(async () => {
  if (pgName) await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it(`makes each of ${DATES} due dates exactly once across a SIGKILL mid-run (${database})`, async () => {
  const setup = await child('setup');
  expect(setup.code, setup.out).toBe(0);

  // Killed after two commits of 50 dates: the third transaction is then under way.
  let atKill = 0;
  const first = await child('run', (line, kill) => {
    const m = /^made (\d+)$/.exec(line);
    if (m && Number(m[1]) >= 100 && atKill === 0) {
      atKill = Number(m[1]);
      kill();
    }
  });
  expect(first.signal, first.out).toBe('SIGKILL');
  expect(first.out).not.toContain('finished');

  const second = await child('run');
  expect(second.code, second.out).toBe(0);
  // The second run made what the first had not: some, but not all.
  const left = Number(/finished (\d+)/.exec(second.out)?.[1]);
  expect(left, second.out).toBeGreaterThan(0);
  expect(left, second.out).toBeLessThanOrEqual(DATES - atKill);
  const counted = await child('count');
  expect(counted.code, counted.out).toBe(0);
  const c = JSON.parse(counted.out.trim().split('\n').pop()!) as Record<string, number>;
  expect(c).toEqual({ runs: DATES, dates: DATES, docs: DATES, invoices: DATES });
  console.log(
    `${database}: killed after ${atKill} dates were reported (${DATES - left} committed); ${DATES} dates made once each`,
  );
}, 600_000);

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { addDays } from '@fieldbook/core';

/**
 * DECISIONS §8: each date is made exactly once, also when the process dies.
 * A child process runs 500 due dates of a daily recurring invoice and is
 * killed with SIGKILL once some are made; a second child finishes the run.
 * Every date then has exactly one run and one invoice.
 */
const DATES = 500;
const START = '2035-01-01';
const NOW = `${addDays(START, DATES - 1)}T12:00:00Z`;
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-rec-crash-'));

function child(mode: string, onLine?: (line: string, kill: () => void) => void) {
  const p = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(SERVER_DIR, 'test/recurring-crash-child.ts'), mode],
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

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it(`makes each of ${DATES} due dates exactly once across a SIGKILL mid-run`, async () => {
  const setup = await child('setup');
  expect(setup.code, setup.out).toBe(0);

  // The run takes tens of seconds; the kill comes a few seconds into it.
  const first = await child('run', (line, kill) => {
    if (line.startsWith('runs ')) setTimeout(kill, 6_000);
  });
  expect(first.signal, first.out).toBe('SIGKILL');
  expect(first.out).not.toContain('finished');

  const second = await child('run');
  expect(second.code, second.out).toBe(0);
  // The second run made what the first had not: some, but not all.
  const left = Number(/finished (\d+)/.exec(second.out)?.[1]);
  expect(left, second.out).toBeGreaterThan(0);
  expect(left, second.out).toBeLessThan(DATES);
  const counted = await child('count');
  expect(counted.code, counted.out).toBe(0);
  const c = JSON.parse(counted.out.trim().split('\n').pop()!) as Record<string, number>;
  expect(c).toEqual({ runs: DATES, dates: DATES, docs: DATES, invoices: DATES });
  console.log(`killed with ${DATES - left} dates made; ${DATES} dates made once each`);
}, 600_000);

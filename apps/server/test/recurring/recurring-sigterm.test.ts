import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backdateRecurring,
  recurringChild,
  recurringCounts,
  scratchDatabase,
  startDaysAgo,
  until,
} from '../support/roles-helpers.js';
import { freePort, spawnServer, type ServerProcess } from '../support/server-process.js';

/**
 * The graceful stop (docs/deploy.md, "Stopping") during a recurring run, on
 * PostgreSQL: a worker process (FIELDBOOK_ROLE=worker) catches up a daily
 * recurring invoice 400 dates behind, and gets SIGTERM once 100 are made. It
 * ends the run after the transaction under way (at most 50 dates) and exits 0
 * within SHUTDOWN_TIMEOUT_MS; a second worker makes the rest. Every date then
 * has exactly one run and one invoice.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const DATES = 400;
const STOP_AFTER = 100;
const SHUTDOWN_TIMEOUT_MS = 20_000;

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let pool: pg.Pool;
let dataDir: string;
let server: ServerProcess | null = null;

describe.skipIf(!PG_URL)('SIGTERM during a recurring run (PostgreSQL)', () => {
  let env: Record<string, string>;
  const start = startDaysAgo(DATES);

  beforeAll(async () => {
    scratch = await scratchDatabase(PG_URL!, `fb_sigterm_rec_${process.pid}`);
    pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-sigterm-rec-'));
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      PUBLIC_URL: 'http://fieldbook.test',
      FIELDBOOK_ROLE: 'worker',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    };
    await recurringChild('setup', { ...env, FIELDBOOK_ROLE: '', START: start });
    await backdateRecurring(pool, start);
  }, 60_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await pool?.end();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`makes each of ${DATES} due dates exactly once across a SIGTERM mid-run`, async () => {
    server = await spawnServer({ ...env, PORT: String(await freePort()) });
    await until(
      () => recurringCounts(pool),
      (c) => c.runs >= STOP_AFTER,
      120_000,
      `${STOP_AFTER} dates`,
    );
    const t0 = performance.now();
    const code = await server.kill('SIGTERM');
    const stopMs = Math.round(performance.now() - t0);
    expect(code, server.output()).toBe(0);
    expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(server.output()).toContain('"step":"done"');
    const atStop = await recurringCounts(pool);
    // Stopped mid-run: the dates of the transaction under way at most, not the rest.
    expect(atStop.runs, 'the stop came before the end of the run').toBeLessThan(DATES);
    expect(atStop.invoices).toBe(atStop.runs);

    server = await spawnServer({ ...env, PORT: String(await freePort()) });
    // A day that turned during the test adds one date; never a date twice.
    const expected = startDaysAgo(DATES) === start ? DATES : DATES + 1;
    const made = await until(
      () => recurringCounts(pool),
      (c) => c.runs >= expected,
      120_000,
      `${expected} dates`,
    );
    expect(await server.kill('SIGTERM'), server.output()).toBe(0);
    server = null;
    expect(made).toEqual({ runs: expected, dates: expected, docs: expected, invoices: expected });
    expect(await recurringCounts(pool)).toEqual(made);
    console.log(
      `SIGTERM after ${atStop.runs} of ${expected} dates: stopped in ${stopMs} ms; each date made once`,
    );
  }, 300_000);
});

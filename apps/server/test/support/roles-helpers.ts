import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_TIME_ZONE, addDays, todayIn } from '@fieldbook/core';

/**
 * For the tests of roles and of the graceful stop (test/platform/roles-*.test.ts):
 * a scratch PostgreSQL database, the recurring crash child (a company with a
 * daily recurring invoice, and counts of what was made), and waiting on a
 * query.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

async function admin(url: string, query: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

/** A fresh database next to `adminUrl`'s; answers its URL and a drop. */
export async function scratchDatabase(adminUrl: string, name: string) {
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * The first of `days` daily due dates ending today in the companies' default zone
 * (the recurring item made by `recurringChild('setup')` starts there).
 */
export const startDaysAgo = (days: number) =>
  addDays(todayIn(DEFAULT_TIME_ZONE, new Date()), -(days - 1));

/**
 * test/support/recurring-crash-child.ts in `mode` (setup | count) with `env`:
 * `setup` makes the user `crashrec` (password `crash-test-password`), a
 * company and a daily recurring invoice from `env.START`; answers its output.
 */
export function recurringChild(mode: 'setup' | 'count', env: Record<string, string>) {
  const p = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(SERVER_DIR, 'test/support/recurring-crash-child.ts'), mode],
    {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  p.stdout.on('data', (d: Buffer) => (out += d.toString()));
  p.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise<string>((resolve, reject) =>
    p.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${mode} exited with ${code}: ${out}`)),
    ),
  );
}

/**
 * Saving an item schedules it from today on; a server on the real clock makes
 * past dates only of an item that is behind (the server was down): put its
 * next run back to `start`.
 */
export async function backdateRecurring(pool: pg.Pool, start: string): Promise<void> {
  await pool.query(`update recurring_items set next_run_date = $1`, [start]);
}

export interface RecurringCounts {
  runs: number;
  dates: number;
  docs: number;
  invoices: number;
}

/** What the recurring runs made so far, and the invoices of their company (one query). */
export async function recurringCounts(pool: pg.Pool): Promise<RecurringCounts> {
  const r = await pool.query<RecurringCounts>(`
    select (select count(*)::int from recurring_runs) as runs,
           (select count(distinct occurrence_date)::int from recurring_runs) as dates,
           (select count(distinct document_id)::int from recurring_runs) as docs,
           (select count(*)::int from invoices
             where company_id in (select company_id from recurring_runs)) as invoices`);
  return r.rows[0]!;
}

/** Polls `read` (every 20 ms) until `done` holds for its answer, or throws after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

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
import { HttpApi, freePort, spawnServer, type ServerProcess } from '../support/server-process.js';
import { startSmtpRecorder } from '../support/smtp-recorder.js';

/**
 * FIELDBOOK_ROLE on PostgreSQL (docs/deploy.md, "Roles"): one web process and
 * two worker processes on one database. The web process serves the API with
 * no workers (and is ready without them); the workers answer only /healthz
 * and /readyz; the recurring schedule of both workers makes each due date
 * exactly once; a bulk send asked of the web process is sent by the workers
 * at once, woken by NOTIFY (their poll interval is ten minutes, longer than
 * the test runs), each invoice once.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const DATES = 60;
const INVOICES = 20;

let smtp: Awaited<ReturnType<typeof startSmtpRecorder>>;
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let pool: pg.Pool;
let dataDir: string;
const servers: ServerProcess[] = [];

describe.skipIf(!PG_URL)('roles on PostgreSQL: one web and two worker processes', () => {
  let env: Record<string, string>;
  const start = startDaysAgo(DATES);

  beforeAll(async () => {
    smtp = await startSmtpRecorder();
    scratch = await scratchDatabase(PG_URL!, `fb_roles_${process.pid}`);
    pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-roles-'));
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://fieldbook.test',
      SEND_LIMIT_PER_HOUR: '1000',
      // Only a wake (NOTIFY) gets an idle worker to a new job within the test.
      QUEUE_POLL_MS: '600000',
    };
    // Migrates, and makes the user and a daily recurring invoice with DATES due dates.
    await recurringChild('setup', { ...env, START: start });
    await backdateRecurring(pool, start);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await smtp?.close();
    await pool?.end();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('splits the work, makes each date once and wakes the workers over NOTIFY', async () => {
    const spawn = async (role: string) =>
      spawnServer({ ...env, FIELDBOOK_ROLE: role, PORT: String(await freePort()) });
    const [web, w1, w2] = await Promise.all([spawn('web'), spawn('worker'), spawn('worker')]);
    servers.push(web!, w1!, w2!);
    expect(w1!.output()).toContain('(role worker: /healthz and /readyz only)');
    await Promise.all([web!.printed('Ready'), w1!.printed('Ready'), w2!.printed('Ready')]);

    // Ready: the web process without workers, the workers with theirs.
    for (const s of [web!, w1!, w2!])
      expect((await fetch(`${s.url}/readyz`)).status, s.output()).toBe(200);
    // A worker serves no API; the web process runs no schedule.
    expect((await fetch(`${w1!.url}/api/health`)).status).toBe(404);
    expect((await fetch(`${w1!.url}/healthz`)).status).toBe(200);

    // Both workers ran the recurring schedule at start: each date made once.
    const made = await until(
      () => recurringCounts(pool),
      (c) => c.runs >= DATES,
      30_000,
      `${DATES} recurring dates`,
    );
    // A day that turned during the test adds one date; never a date twice.
    const expected = startDaysAgo(DATES) === start ? DATES : DATES + 1;
    expect(made).toEqual({ runs: expected, dates: expected, docs: expected, invoices: expected });
    expect(web!.output()).not.toContain('Recurring: made');

    // A bulk send asked of the web process: the idle workers are woken.
    const api = await HttpApi.login(web!.url, 'crashrec', 'crash-test-password');
    const { companyId, clientId } = await api.companyWithClient('Roles Co');
    const ids = await api.invoices(companyId, clientId, INVOICES, '2026-11-02');
    const t0 = performance.now();
    await api.post(`/api/companies/${companyId}/invoices/bulkemail`, { ids });
    // Claimed by a worker (woken: it polls every ten minutes), then mailed.
    const claimed = async () =>
      (
        await pool.query<{ n: number }>(
          `select count(*)::int as n from queue_jobs where attempts > 0`,
        )
      ).rows[0]!.n;
    await until(claimed, (n) => n > 0, 30_000, 'a worker to claim a job').catch((e: Error) => {
      throw new Error(`${e.message}\n${w1!.output()}\n${w2!.output()}`);
    });
    const first = Math.round(performance.now() - t0);
    await smtp.until(() => smtp.perInvoice.size >= INVOICES, 60_000, `${INVOICES} mails`);
    const ms = Math.round(performance.now() - t0);
    expect(new Set(smtp.perInvoice.keys())).toEqual(new Set(ids));
    expect([...smtp.perInvoice.values()].every((n) => n === 1)).toBe(true);
    // Every job recorded done (a mail arrives just before its record commits).
    await until(
      async () =>
        (
          await pool.query<{ n: number }>(
            `select count(*)::int as n from queue_jobs where state <> 'done'`,
          )
        ).rows[0]!.n,
      (n) => n === 0,
      10_000,
      'every job done',
    );
    expect(await recurringCounts(pool)).toEqual(made);
    console.log(
      `roles: ${expected} dates made once by two workers; ${INVOICES} mails in ${ms} ms (the first claimed after ${first} ms)`,
    );
  }, 300_000);
});

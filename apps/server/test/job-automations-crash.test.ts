import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readJobDoneState, seedJobsEnteringDone } from './job-done-fixture.js';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
  type ServerProcess,
} from './server-process.js';
import { startSmtpRecorder } from './smtp-recorder.js';

/**
 * DECISIONS §12: an automation runs once per entry, also across a crash. 200
 * jobs enter 'Job Done' (generate the invoice, e-mail it at once, move to
 * 'Invoiced'); the real server is killed with SIGKILL after 40 invoice mails
 * and started again. Every job then has exactly one invoice, e-mailed, and
 * only mails in flight at the kill may have gone twice (at most the queue's
 * concurrency). PGlite by default; PostgreSQL when TEST_DATABASE_URL is set.
 */
const JOBS = 200;
const KILL_AFTER = 40;
const CONCURRENCY = 4;
const PG_URL = process.env.TEST_DATABASE_URL;
const database = PG_URL ? 'PostgreSQL' : 'PGlite';

let smtp: Awaited<ReturnType<typeof startSmtpRecorder>>;
let dataDir: string;
let pgName: string | null = null;
let server: ServerProcess | null = null;
let env: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpRecorder();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-jobcrash-'));
  env = {
    NODE_ENV: 'test',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://fieldbook.test',
    QUEUE_CONCURRENCY: String(CONCURRENCY),
    QUEUE_POLL_MS: '200',
    SEND_LIMIT_PER_HOUR: '1000',
    QUEUE_LEASE_MS: '2000',
  };
  if (PG_URL) {
    pgName = `fb_jobcrash_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${pgName}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${pgName}`;
    env.DATABASE_URL = u.toString();
  }
}, 60_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await smtp?.close();
  if (pgName) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it(`gives each of ${JOBS} jobs entering Job Done one invoice, e-mailed, after a SIGKILL mid-run (${database})`, async () => {
  const user = { username: 'jobcrash', password: 'crash-test-password', email: 'jc@example.test' };
  await createUserCli(env, user);
  server = await spawnServer(env);
  const api = await HttpApi.login(server.url, user.username, user.password);
  const { companyId, clientId } = await api.companyWithClient('Job Crash Co');
  expect(await server.kill('SIGTERM')).toBe(0);
  server = null;
  const ids = await seedJobsEnteringDone(env, companyId, clientId, JOBS);

  server = await spawnServer(env);
  await smtp.until(() => smtp.perInvoice.size >= KILL_AFTER, 60_000, `${KILL_AFTER} mails`);
  await server.kill('SIGKILL');
  const atKill = smtp.perInvoice.size;
  expect(atKill, 'the kill came before the end of the run').toBeLessThan(JOBS);

  server = await spawnServer(env);
  await smtp.until(() => smtp.perInvoice.size >= JOBS, 120_000, 'every invoice');
  // The mail arrives just before its record commits: let the last records land.
  await new Promise((r) => setTimeout(r, 1500));
  expect(await server.kill('SIGTERM'), server.output()).toBe(0);
  server = null;

  const state = await readJobDoneState(env, companyId);
  expect(state).toMatchObject({
    jobs: JOBS,
    withInvoice: JOBS,
    invoices: JOBS,
    invoicesSent: JOBS,
    recordedTwice: 0,
    movedToInvoiced: JOBS,
    unfinished: 0,
  });
  const mailed = new Set(smtp.perInvoice.keys());
  expect(new Set(ids.map((id) => state.invoiceOf.get(id)))).toEqual(mailed);
  const twice = [...smtp.perInvoice].filter(([, n]) => n > 1);
  expect(twice.length, JSON.stringify(twice)).toBeLessThanOrEqual(CONCURRENCY);
  expect(twice.every(([, n]) => n === 2)).toBe(true);
  console.log(
    `${database}: killed after ${atKill} invoice mails; ${twice.length} mailed twice; ${smtp.messages()} messages in all`,
  );
}, 300_000);

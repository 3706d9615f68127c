import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readJobDoneState, seedJobsEnteringDone } from '../support/job-done-fixture.js';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../support/server-process.js';
import { startSmtpRecorder } from '../support/smtp-recorder.js';

/**
 * DECISIONS §12: an automation runs once per entry, also across a crash. 80
 * jobs enter 'Job Done' (generate the invoice, e-mail it at once, move to
 * 'Invoiced'); the real server is killed with SIGKILL while it generates the
 * invoices, started again, killed again after 20 more invoice mails, and
 * started again. Every job then has exactly one invoice, e-mailed, and
 * only mails in flight at the kill may have gone twice (at most the queue's
 * concurrency). PGlite by default; PostgreSQL when TEST_DATABASE_URL is set.
 */
// Enough that each kill lands mid-run with work before and after it; the point is the kill,
// not the volume (the job-done bench takes 1,000).
const JOBS = 80;
const KILL_AFTER = 20;
/** The first kill comes once this many invoices exist. */
const GENERATE_KILL_AFTER = 12;
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

  // First kill: while the invoices are being generated. On PostgreSQL the test
  // watches the count; PGlite is the server's alone, so there it kills after a
  // moment (the generation of 80 takes a few seconds) and reads the count later.
  server = await spawnServer(env);
  const generated = async () => {
    if (!env.DATABASE_URL) return new Promise((r) => setTimeout(r, 700));
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    try {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const { rows } = await c.query<{ n: number }>(
          'select count(*)::int as n from invoices where appointment_id is not null',
        );
        if (rows[0]!.n >= GENERATE_KILL_AFTER) return;
        if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} invoices generated`);
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await c.end();
    }
  };
  await generated();
  await server.kill('SIGKILL');
  const seen = (await readJobDoneState(env, companyId)).invoices;
  const mailsAtFirstKill = smtp.messages();

  // Second kill: while the invoices are being e-mailed.
  server = await spawnServer(env);
  await smtp.until(
    () => smtp.perInvoice.size >= mailsAtFirstKill + KILL_AFTER,
    120_000,
    `${KILL_AFTER} more mails`,
  );
  await server.kill('SIGKILL');
  const atKill = smtp.perInvoice.size;
  expect(atKill, 'the kill came before the end of the run').toBeLessThan(JOBS);

  server = await spawnServer(env);
  await smtp.until(() => smtp.perInvoice.size >= JOBS, 120_000, 'every invoice');
  // The mail arrives just before its record commits: wait for the records too.
  const list = `/api/companies/${companyId}/invoices?from=2000-01-01&to=2099-12-31&type=0`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await api.get<{ sent: string | null; queuedForSending: boolean }[]>(list);
    if (rows.length === JOBS && rows.every((x) => x.sent && !x.queuedForSending)) break;
    if (Date.now() > deadline) throw new Error('the sends were not all recorded');
    await new Promise((r) => setTimeout(r, 100));
  }
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
  // Each kill may repeat only the mails then in flight.
  expect(twice.length, JSON.stringify(twice)).toBeLessThanOrEqual(2 * CONCURRENCY);
  expect(twice.every(([, n]) => n === 2)).toBe(true);
  console.log(
    `${database}: killed once with ${seen} invoices generated and ${mailsAtFirstKill} mailed, again after ${atKill} invoice mails; ${twice.length} mailed twice; ${smtp.messages()} messages in all`,
  );
}, 600_000);

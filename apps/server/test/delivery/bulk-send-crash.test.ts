import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../support/server-process.js';
import { startSmtpRecorder } from '../support/smtp-recorder.js';

/**
 * DECISIONS §7: sending survives a crash and each message goes out once,
 * except those being handed to SMTP at that moment. The real server bulk-sends
 * 80 invoices, is killed with SIGKILL after 20 mails, and is started again.
 * PGlite by default; a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
// Enough that the kill lands mid-send with mail before and after it; the bulk-send bench
// takes 500.
const INVOICES = 80;
const KILL_AFTER = 20;
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
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-crash-'));
  env = {
    NODE_ENV: 'test',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://fieldbook.test',
    QUEUE_CONCURRENCY: String(CONCURRENCY),
    QUEUE_POLL_MS: '200',
    // More invoices than a company's hourly sending limit, on purpose.
    SEND_LIMIT_PER_HOUR: '1000',
    // PostgreSQL waits for a dead process's leases to run out; keep that short.
    QUEUE_LEASE_MS: '2000',
  };
  if (PG_URL) {
    pgName = `fb_crash_${process.pid}`;
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

interface Row {
  _id: string;
  sent: string | null;
  queuedForSending: boolean;
  queuedForSendingError: string | null;
  emailCount: number;
}

it(`sends each of ${INVOICES} invoices after a SIGKILL mid-send, repeating only those in flight (${database})`, async () => {
  const user = { username: 'crash', password: 'crash-test-password', email: 'crash@example.test' };
  await createUserCli(env, user);
  server = await spawnServer(env);
  const api = await HttpApi.login(server.url, user.username, user.password);
  const { companyId, clientId } = await api.companyWithClient('Crash Test Co');
  const ids = await api.invoices(companyId, clientId, INVOICES, '2026-11-02');

  const r = await api.post(`/api/companies/${companyId}/invoices/bulkemail`, { ids });
  expect(r).toEqual({ message: 'Enqueued' });
  await smtp.until(() => smtp.perInvoice.size >= KILL_AFTER, 120_000, `${KILL_AFTER} mails`);
  await server.kill('SIGKILL');
  const atKill = smtp.perInvoice.size;
  expect(atKill, 'the kill came before the end of the send').toBeLessThan(INVOICES);

  server = await spawnServer(env);
  const again = await HttpApi.login(server.url, user.username, user.password);
  // Generous: the restarted worker shares two cores with the rest of the suite.
  await smtp.until(() => smtp.perInvoice.size >= INVOICES, 180_000, 'every invoice');
  // The mail arrives just before its record commits: wait for the rows too.
  const list = `/api/companies/${companyId}/invoices?from=2026-11-01&to=2026-11-30&type=0`;
  let rows: Row[];
  const deadline = Date.now() + 20_000;
  do {
    rows = await again.get<Row[]>(list);
    if (rows.every((x) => x.sent && !x.queuedForSending)) break;
    await new Promise((res) => setTimeout(res, 100));
  } while (Date.now() < deadline);
  expect(await server.kill('SIGTERM'), server.output()).toBe(0);
  server = null;

  expect(new Set(smtp.perInvoice.keys())).toEqual(new Set(ids));
  const twice = [...smtp.perInvoice].filter(([, n]) => n > 1);
  expect(twice.length, JSON.stringify(twice)).toBeLessThanOrEqual(CONCURRENCY);
  expect(twice.every(([, n]) => n === 2)).toBe(true);
  expect(rows).toHaveLength(INVOICES);
  for (const row of rows) {
    expect(row, row._id).toMatchObject({
      sent: expect.any(String),
      queuedForSending: false,
      queuedForSendingError: null,
      emailCount: 1,
    });
  }
  console.log(
    `${database}: killed after ${atKill} mails; ${twice.length} invoices mailed twice; ${smtp.messages()} messages in all`,
  );
}, 600_000);

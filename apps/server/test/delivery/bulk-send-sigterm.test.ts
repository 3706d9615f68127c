import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, until } from '../support/roles-helpers.js';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../support/server-process.js';
import { startSmtpRecorder } from '../support/smtp-recorder.js';

/**
 * The graceful stop (docs/deploy.md, "Stopping") on PostgreSQL: the real
 * server bulk-sends 200 invoices and gets SIGTERM after 40 mails. It exits 0
 * within SHUTDOWN_TIMEOUT_MS, having finished and recorded the sends in
 * flight and holding no lease; a second process then sends the rest. Every
 * invoice is mailed exactly once: the stop waits for what was handed to SMTP.
 * The lease is a minute, so a lease left behind would hold the test up past
 * its bound.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const INVOICES = 200;
const STOP_AFTER = 40;
const SHUTDOWN_TIMEOUT_MS = 20_000;

let smtp: Awaited<ReturnType<typeof startSmtpRecorder>>;
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let pool: pg.Pool;
let dataDir: string;
let server: ServerProcess | null = null;

interface Row {
  _id: string;
  sent: string | null;
  queuedForSending: boolean;
  queuedForSendingError: string | null;
  emailCount: number;
}

describe.skipIf(!PG_URL)('SIGTERM during a bulk send (PostgreSQL)', () => {
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpRecorder();
    scratch = await scratchDatabase(PG_URL!, `fb_sigterm_send_${process.pid}`);
    pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-sigterm-'));
    env = {
      NODE_ENV: 'test',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://fieldbook.test',
      QUEUE_CONCURRENCY: '4',
      QUEUE_POLL_MS: '200',
      QUEUE_LEASE_MS: '60000',
      SEND_LIMIT_PER_HOUR: '1000',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    };
  }, 60_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await smtp?.close();
    await pool?.end();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`sends each of ${INVOICES} invoices exactly once across a SIGTERM mid-send`, async () => {
    const user = { username: 'stop', password: 'stop-test-password', email: 'stop@example.test' };
    await createUserCli(env, user);
    server = await spawnServer(env);
    const api = await HttpApi.login(server.url, user.username, user.password);
    const { companyId, clientId } = await api.companyWithClient('Stop Test Co');
    const ids = await api.invoices(companyId, clientId, INVOICES, '2026-11-02');
    await api.post(`/api/companies/${companyId}/invoices/bulkemail`, { ids });
    await smtp.until(() => smtp.perInvoice.size >= STOP_AFTER, 120_000, `${STOP_AFTER} mails`);

    const t0 = performance.now();
    const code = await server.kill('SIGTERM');
    const stopMs = Math.round(performance.now() - t0);
    const first = server.output();
    expect(code, first).toBe(0);
    expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    for (const step of ['begin', 'http', 'workers', 'database', 'done'])
      expect(first).toContain(`"step":"${step}"`);
    const atStop = smtp.perInvoice.size;
    expect(atStop, 'the stop came before the end of the send').toBeLessThan(INVOICES);
    // What it handed to SMTP it recorded; it holds nothing.
    const q = await pool.query<{ done: number; leased: number }>(`
      select count(*) filter (where state = 'done')::int as done,
             count(*) filter (where state = 'queued' and locked_by is not null)::int as leased
      from queue_jobs`);
    expect(q.rows[0]).toEqual({ done: atStop, leased: 0 });

    server = await spawnServer(env);
    const again = await HttpApi.login(server.url, user.username, user.password);
    // Generous: Chromium renders each PDF, on two cores shared with the rest of the suite.
    await smtp.until(() => smtp.perInvoice.size >= INVOICES, 300_000, 'every invoice');
    // The mail arrives just before its record commits: wait for the rows too.
    const list = `/api/companies/${companyId}/invoices?from=2026-11-01&to=2026-11-30&type=0`;
    const rows = await until(
      () => again.get<Row[]>(list),
      (rs) => rs.every((x) => x.sent && !x.queuedForSending),
      20_000,
      'every invoice recorded sent',
    );
    expect(await server.kill('SIGTERM'), server.output()).toBe(0);
    server = null;

    expect(new Set(smtp.perInvoice.keys())).toEqual(new Set(ids));
    const twice = [...smtp.perInvoice].filter(([, n]) => n > 1);
    expect(twice, 'mailed more than once').toEqual([]);
    expect(rows).toHaveLength(INVOICES);
    for (const row of rows)
      expect(row, row._id).toMatchObject({
        sent: expect.any(String),
        queuedForSending: false,
        queuedForSendingError: null,
        emailCount: 1,
      });
    console.log(
      `SIGTERM after ${atStop} mails: stopped in ${stopMs} ms; ${smtp.messages()} messages for ${INVOICES} invoices`,
    );
  }, 600_000);
});

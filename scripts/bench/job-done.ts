// Jobs entering 'Job Done' at once: the real server (a child process, default
// queue settings) generates each job's invoice from its lines, e-mails it to
// an SMTP server in this process and moves the job to 'Invoiced'. Measures
// the seconds from the server's start to the last mail, and checks that every
// job got exactly one invoice, e-mailed once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
} from '../../apps/server/test/support/server-process.js';
import { startSmtpRecorder } from '../../apps/server/test/support/smtp-recorder.js';
import {
  readJobDoneState,
  seedJobsEnteringDone,
} from '../../apps/server/test/support/job-done-fixture.js';

const JOBS = Number(process.env.BENCH_JOB_DONE ?? 1000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface JobDoneResult {
  label: string;
  jobs: number;
  seconds: number;
  invoices: number;
  sentTwice: number;
  serverPeakMb: number;
}

async function benchOne(label: string, databaseUrl: string): Promise<JobDoneResult> {
  const smtp = await startSmtpRecorder();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-jobdone-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    // More than a company's hourly limit on purpose.
    SEND_LIMIT_PER_HOUR: String(JOBS * 2),
    SMTP_URL: smtp.url,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  const user = { username: 'bench', password: 'bench-password', email: 'bench@example.test' };
  await createUserCli(env, user);
  let server = await spawnServer(env);
  try {
    const api = await HttpApi.login(server.url, user.username, user.password);
    const { companyId, clientId } = await api.companyWithClient('Bench Jobs Co');
    await server.kill('SIGTERM');
    await seedJobsEnteringDone(env, companyId, clientId, JOBS);
    const t0 = performance.now();
    server = await spawnServer(env);
    await smtp.until(() => smtp.perInvoice.size >= JOBS, 30 * 60_000, 'every invoice');
    const seconds = (smtp.lastAt() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 1500));
    const serverPeakMb = server.peakRssMb();
    await server.kill('SIGTERM');
    const state = await readJobDoneState(env, companyId);
    if (state.invoices !== JOBS || state.withInvoice !== JOBS || state.recordedTwice !== 0)
      throw new Error(`${label}: not exactly one invoice per job: ${JSON.stringify(state)}`);
    return {
      label,
      jobs: JOBS,
      seconds,
      invoices: state.invoices,
      sentTwice: smtp.messages() - smtp.perInvoice.size,
      serverPeakMb,
    };
  } finally {
    await server.kill('SIGTERM');
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs on PGlite and on a fresh PostgreSQL database (BENCH_DB=pglite|postgres for one). */
export async function benchJobDone(only = process.env.BENCH_DB): Promise<JobDoneResult[]> {
  const results: JobDoneResult[] = [];
  if (only !== 'postgres') results.push(await benchOne('PGlite', ''));
  if (only === 'pglite') return results;
  const fresh = `fb_bench_jobdone_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${fresh}`);
    const u = new URL(PG_URL);
    u.pathname = `/${fresh}`;
    results.push(await benchOne('PostgreSQL', u.toString()));
  } catch (e) {
    console.error(`PostgreSQL job-done bench skipped: ${(e as Error).message}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  return results;
}

export function printJobDoneBench(results: JobDoneResult[]): void {
  console.log(
    '\n| database | jobs entering Job Done | s to last invoice mail | jobs/s | invoices | mailed twice | server peak RSS MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.jobs} | ${r.seconds.toFixed(1)} | ${(r.jobs / r.seconds).toFixed(1)} | ${r.invoices} | ${r.sentTwice} | ${r.serverPeakMb.toFixed(0)} |`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) printJobDoneBench(await benchJobDone());

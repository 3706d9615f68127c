// Bulk e-mail: the real server (a child process, default queue settings)
// bulk-sends 500 invoices to an SMTP server in this process. Measures the
// seconds from the request to the last mail received and the server's peak
// memory: its own (VmHWM) and, sampled, with its Chromium processes (PSS).
// BENCH_SMTP_POOL=1 sends through a pooled SMTP connection (SMTP_URL ?pool=true).
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

const INVOICES = Number(process.env.BENCH_BULK_INVOICES ?? 500);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BulkSendResult {
  label: string;
  invoices: number;
  seconds: number;
  duplicates: number;
  serverPeakMb: number;
  treePeakMb: number;
}

/**
 * Memory of a process and all its descendants, in MB (Linux /proc): the sum
 * of their proportional set sizes, so pages Chromium's processes share are
 * counted once, not once per process.
 */
function treePssMb(pid: number): number {
  let kb = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const rollup = fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
      for (const tid of fs.readdirSync(`/proc/${p}/task`)) {
        const kids = fs.readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').trim();
        if (kids) stack.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      /* the process ended while we looked */
    }
  }
  return kb / 1024;
}

async function benchOne(label: string, databaseUrl: string): Promise<BulkSendResult> {
  const smtp = await startSmtpRecorder();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-bulk-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    // The bench sends more than a company's hourly limit on purpose.
    SEND_LIMIT_PER_HOUR: String(INVOICES),
    SMTP_URL: process.env.BENCH_SMTP_POOL === '1' ? `${smtp.url}?pool=true` : smtp.url,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  const user = { username: 'bench', password: 'bench-password', email: 'bench@example.test' };
  await createUserCli(env, user);
  const server = await spawnServer(env);
  try {
    const api = await HttpApi.login(server.url, user.username, user.password);
    const { companyId, clientId } = await api.companyWithClient('Bench Bulk Co');
    const ids = await api.invoices(companyId, clientId, INVOICES, '2026-11-02');
    let treePeakMb = treePssMb(server.pid);
    const sampler = setInterval(
      () => (treePeakMb = Math.max(treePeakMb, treePssMb(server.pid))),
      200,
    );
    const t0 = performance.now();
    await api.post(`/api/companies/${companyId}/invoices/bulkemail`, { ids });
    await smtp.until(() => smtp.perInvoice.size >= INVOICES, 15 * 60_000, 'every invoice');
    const seconds = (smtp.lastAt() - t0) / 1000;
    clearInterval(sampler);
    return {
      label,
      invoices: INVOICES,
      seconds,
      duplicates: smtp.messages() - smtp.perInvoice.size,
      serverPeakMb: server.peakRssMb(),
      treePeakMb,
    };
  } finally {
    await server.kill('SIGTERM');
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs on PGlite and on a fresh PostgreSQL database (BENCH_DB=pglite|postgres for one). */
export async function benchBulkSend(only = process.env.BENCH_DB): Promise<BulkSendResult[]> {
  const results: BulkSendResult[] = [];
  if (only !== 'postgres') results.push(await benchOne('PGlite', ''));
  if (only === 'pglite') return results;
  const fresh = `fb_bench_bulk_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${fresh}`);
    const u = new URL(PG_URL);
    u.pathname = `/${fresh}`;
    results.push(await benchOne('PostgreSQL', u.toString()));
  } catch (e) {
    console.error(`PostgreSQL bulk-send bench skipped: ${(e as Error).message}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  return results;
}

export function printBulkSendBench(results: BulkSendResult[]): void {
  console.log(
    '\n| database | invoices bulk-sent | s to last mail | mails/s | sent twice | server peak RSS MB | with Chromium, peak PSS MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.invoices} | ${r.seconds.toFixed(1)} | ${(r.invoices / r.seconds).toFixed(1)} | ${r.duplicates} | ${r.serverPeakMb.toFixed(0)} | ${r.treePeakMb.toFixed(0)} |`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) printBulkSendBench(await benchBulkSend());

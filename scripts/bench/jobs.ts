// `npm run bench -- jobs`: saving a job (20 components, 10 lines) and the
// board's GET activeJobs (10,000 jobs, 1,000 active) through the real app in
// a child process (jobs-target.ts), on PGlite and on a fresh PostgreSQL
// database (BENCH_PG_URL). BENCH_DB=pglite|postgres runs one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Target {
  port: number;
  companyId: string;
  typeId: string;
  clientId: string;
  tech: { username: string; token: string; id: string };
  kind: string;
  seedSeconds: number;
  inProcess: {
    rowsMs: number;
    presenterMs: number;
    sqlJsonMs: number;
    cachedMs: number;
    sqlJsonKb: number;
    fullKb: number;
    brMs: number;
    brKb: number;
    gzipMs: number;
    plan: string;
  };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
}
interface Result {
  label: string;
  t: Target;
  save: Load;
  active: Load;
  alone: { p50: number; p99: number };
  afterChange: { p50: number; p99: number };
}

async function startTarget(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'jobs-target.ts')],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`jobs bench target exited with ${c}`)));
  });
  return {
    t: JSON.parse(line) as Target,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

async function load(opts: autocannon.Options): Promise<Load> {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 }); // warm-up
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${opts.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/**
 * p50 and p99 of requests one at a time, nothing else running; `before` (not
 * timed) runs before each, as a job saved between two board reads.
 */
async function alone(
  url: string,
  headers: Record<string, string>,
  runs = 100,
  before?: () => Promise<void>,
) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const t = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs / 2)]!, p99: times[Math.ceil(runs * 0.99) - 1]! };
}

/** A job as the modal saves it: every one of the 20 components filled, 10 lines. */
function jobBody(t: Target) {
  const values: Record<string, string | boolean> = {};
  const kinds = ['text', 'textArea', 'date', 'switch', 'select'];
  for (let i = 0; i < 16; i++) {
    const k = kinds[i % kinds.length];
    values[`f${i}`] =
      k === 'switch' ? true : k === 'date' ? '2026-11-20' : k === 'select' ? 'B' : `Answer ${i}`;
  }
  return {
    appointmentTypeId: t.typeId,
    status: 'New',
    hasSchedule: true,
    startDate: '2026-11-24T08:00:00.000Z',
    endDate: '2026-11-24T10:00:00.000Z',
    isAllDayEvent: false,
    priority: 'High',
    userId: t.tech.id,
    assignedUsers: [t.tech.id],
    entityId: t.clientId,
    faultDescription: 'Geyser leaking from the overflow pipe',
    lineItems: Array.from({ length: 10 }, (_, i) => ({
      description: `Part ${i + 1}`,
      qty: 1 + (i % 3),
      price: 99.5 + i,
      hasTax: true,
    })),
    values,
    location: { latitude: -33.9, longitude: 18.4 },
  };
}

async function benchOne(label: string, env: Record<string, string>): Promise<Result> {
  const { t, stop } = await startTarget(env);
  try {
    const base = `http://127.0.0.1:${t.port}/api/companies/${t.companyId}/appointments`;
    const headers = {
      username: t.tech.username,
      token: t.tech.token,
      authorization: `Bearer ${t.tech.token}`,
      // As a browser asks: the answer comes compressed (brotli), as on the board.
      'accept-encoding': 'gzip, deflate, br, zstd',
    };
    const activeUrl = `${base}/activeJobs`;
    const aloneActive = await alone(activeUrl, headers);
    // The cards cache misses after every change: a job saved before each read.
    const saveOne = async () => {
      const r = await fetch(base, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(jobBody(t)),
      });
      if (!r.ok) throw new Error(`save: ${r.status}`);
      await r.arrayBuffer();
    };
    const afterChange = await alone(activeUrl, headers, 100, saveOne);
    const active = await load({ url: activeUrl, headers });
    const save = await load({
      url: base,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(jobBody(t)),
    });
    return { label, t, save, active, alone: aloneActive, afterChange };
  } finally {
    await stop();
  }
}

export async function benchJobs(only = process.env.BENCH_DB): Promise<void> {
  const results: Result[] = [];
  if (only !== 'postgres') results.push(await benchOne('PGlite', {}));
  if (only !== 'pglite') {
    const fresh = `fb_bench_jobs_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${fresh}`);
      const u = new URL(PG_URL);
      u.pathname = `/${fresh}`;
      results.push(await benchOne('PostgreSQL', { BENCH_DATABASE_URL: u.toString() }));
    } catch (e) {
      console.error(`PostgreSQL jobs bench skipped: ${(e as Error).message}`);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    }
  }
  const f = (x: number) => x.toFixed(1);
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per route, as a technician\n`);
  console.log('| database | route | requests/s | p50 ms | p99 ms |');
  console.log('|---|---|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.label} | POST appointments (new job, 20 components, 10 lines) | ${r.save.rps.toFixed(0)} | ${r.save.p50} | ${r.save.p99} |`,
    );
    console.log(
      `| ${r.label} | GET activeJobs (1,000 of 10,000 jobs) | ${r.active.rps.toFixed(0)} | ${r.active.p50} | ${r.active.p99} |`,
    );
  }
  console.log(
    '\n| database | activeJobs alone p50 / p99 ms (cached) | after a change p50 / p99 ms | full rows ms | full rows + presenter + stringify ms | cards JSON built in SQL ms | from the cache ms | cards kB (full kB) | brotli 4 ms / kB | gzip ms | seed s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const p = r.t.inProcess;
    console.log(
      `| ${r.label} | ${f(r.alone.p50)} / ${f(r.alone.p99)} | ${f(r.afterChange.p50)} / ${f(r.afterChange.p99)} | ${f(p.rowsMs)} | ${f(p.presenterMs)} | ${f(p.sqlJsonMs)} | ${f(p.cachedMs)} | ${p.sqlJsonKb.toFixed(0)} (${p.fullKb.toFixed(0)}) | ${f(p.brMs)} / ${p.brKb.toFixed(0)} | ${f(p.gzipMs)} | ${r.t.seedSeconds.toFixed(1)} |`,
    );
  }
  for (const r of results) console.log(`\n${r.label} activeJobs plan:\n${r.t.inProcess.plan}`);
}

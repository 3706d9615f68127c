// npm run bench: requests/s and p99 of an authenticated read route against a
// bare Fastify JSON route and a bare one-query route, on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, default the local test database).
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchPdf } from './pdf.js';
import { benchBulkSend, printBulkSendBench } from './bulk-send.js';
import { benchJobDone, printJobDoneBench } from './job-done.js';
import { benchJobs } from './jobs.js';
import { benchBoardBrowser } from './board-browser.js';
import { benchLedger } from './ledger.js';
import { benchStatement } from './statement.js';
import { benchRecurring, printRecurringBench } from './recurring.js';
import { benchRoutes } from './routes.js';
import { benchQueueClaim } from './queue-claim.js';
import { benchChat } from './chat.js';
import { benchSearch } from './search.js';
import { benchOffline } from './offline.js';
import { benchOfflineCache } from './offline-cache.js';
import { benchEvents } from './events.js';
import { benchScale, benchSoak } from './soak.js';
import { benchLanding } from './landing.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Target {
  app: number;
  bare: number;
  companyId: string;
  username: string;
  token: string;
  kind: string;
  period: { from: string; to: string; type: number };
  clientId: string;
  seedSeconds: number;
}

async function startTarget(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'target.ts')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`bench target exited with ${c}`)));
  });
  return {
    target: JSON.parse(line) as Target,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

async function load(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, alone: await alone(url, headers) };
}

/** Median time of one request with nothing else running (20 in a row). */
async function alone(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[10]!;
}

async function benchOne(label: string, env: Record<string, string>) {
  const { target: t, stop } = await startTarget(env);
  try {
    const bareJson = await load(`http://127.0.0.1:${t.bare}/json`);
    const bareQuery = await load(`http://127.0.0.1:${t.bare}/query`);
    const barePrepared = await load(`http://127.0.0.1:${t.bare}/prepared`);
    const authed = await load(`http://127.0.0.1:${t.app}/api/companies/${t.companyId}/groups`, {
      username: t.username,
      token: t.token,
      authorization: `Bearer ${t.token}`,
    });
    const base = `http://127.0.0.1:${t.app}/api/companies/${t.companyId}`;
    const q = `from=${t.period.from}&to=${t.period.to}&type=${t.period.type}`;
    const headers = { username: t.username, token: t.token, authorization: `Bearer ${t.token}` };
    const monthList = await load(`${base}/invoices?${q}`, headers);
    const boxes = await load(`${base}/invoices/summary?${q}`, headers);
    const statement = await load(`${base}/entities/${t.clientId}/statement`, headers);
    return {
      label,
      bareJson,
      bareQuery,
      barePrepared,
      authed,
      monthList,
      boxes,
      statement,
      seed: t.seedSeconds,
    };
  } finally {
    await stop();
  }
}

/**
 * The authenticated read on PostgreSQL with metrics off and on (METRICS_TOKEN:
 * the request hook of GET /metrics), alternated to even out a busy machine.
 */
async function benchMetrics() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const fresh = `fb_bench_metrics_${process.pid}`;
  await admin.query(`CREATE DATABASE ${fresh}`);
  const u = new URL(PG_URL);
  u.pathname = `/${fresh}`;
  const rows: string[] = [];
  try {
    for (const on of [false, true, false, true]) {
      const { target: t, stop } = await startTarget({
        BENCH_DATABASE_URL: u.toString(),
        BENCH_INVOICES: '0',
        BENCH_CLIENTS: '1',
        BENCH_METRICS_TOKEN: on ? 'bench-metrics-token-0123456789' : '',
      });
      try {
        const h = { username: t.username, token: t.token, authorization: `Bearer ${t.token}` };
        const r = await load(`http://127.0.0.1:${t.app}/api/companies/${t.companyId}/groups`, h);
        rows.push(
          `| ${on ? 'on' : 'off'} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.alone.toFixed(2)} |`,
        );
      } finally {
        await stop();
      }
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  console.log('\n| metrics | requests/s | p99 ms | one request alone, ms |\n|---|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

/** The authenticated read and the finance routes against the bare routes (the first tables). */
async function benchHttp(only: string | undefined) {
  const results = only === 'postgres' ? [] : [await benchOne('PGlite', {})];
  const fresh = `fb_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  // A query on a client that never connected waits for ever: the drop only after a connect.
  let connected = false;
  try {
    if (only === 'pglite') throw new Error('BENCH_DB=pglite');
    await admin.connect();
    connected = true;
    await admin.query(`CREATE DATABASE ${fresh}`);
    const u = new URL(PG_URL);
    u.pathname = `/${fresh}`;
    results.push(await benchOne('PostgreSQL', { BENCH_DATABASE_URL: u.toString() }));
  } catch (e) {
    console.error(`PostgreSQL bench skipped: ${(e as Error).message}`);
  } finally {
    if (connected)
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }

  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)} %`;
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route, ${new Date().toISOString().slice(0, 10)}\n`,
  );
  console.log('| database | route | requests/s | p99 ms |');
  console.log('|---|---|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.label} | bare Fastify JSON | ${r.bareJson.rps.toFixed(0)} | ${r.bareJson.p99} |`,
    );
    console.log(
      `| ${r.label} | bare one-query | ${r.bareQuery.rps.toFixed(0)} | ${r.bareQuery.p99} |`,
    );
    console.log(
      `| ${r.label} | bare one-query, prepared | ${r.barePrepared.rps.toFixed(0)} | ${r.barePrepared.p99} |`,
    );
    console.log(
      `| ${r.label} | authenticated GET /companies/{cid}/groups | ${r.authed.rps.toFixed(0)} | ${r.authed.p99} |`,
    );
  }
  console.log(
    '\n| database | finance route | requests/s | p99 ms | one request alone, ms | of bare JSON |',
  );
  console.log('|---|---|---:|---:|---:|---:|');
  for (const r of results) {
    const rows: [string, { rps: number; p99: number; alone: number }][] = [
      ['GET invoices, one month (100k invoices, 5k clients)', r.monthList],
      ['GET invoices/summary (list boxes), one month', r.boxes],
      ['GET entities/{id}/statement', r.statement],
    ];
    for (const [name, x] of rows)
      console.log(
        `| ${r.label} | ${name} | ${x.rps.toFixed(0)} | ${x.p99} | ${x.alone.toFixed(1)} | ${pct(x.rps, r.bareJson.rps)} |`,
      );
  }
  console.log('');
  for (const r of results) {
    console.log(`${r.label}: finance fixture inserted in ${r.seed.toFixed(1)} s`);
    console.log(
      `${r.label}: authenticated read = ${pct(r.authed.rps, r.bareJson.rps)} of bare Fastify, ${pct(r.authed.rps, r.bareQuery.rps)} of the bare one-query route, ${pct(r.authed.rps, r.barePrepared.rps)} of the same query prepared`,
    );
  }
}

// `npm run bench -- pdf` runs only the named parts; no name runs them all.
const PARTS: Record<string, () => Promise<unknown>> = {
  http: () => benchHttp(process.env.BENCH_DB),
  pdf: benchPdf,
  'bulk-send': async () => printBulkSendBench(await benchBulkSend()),
  'job-done': async () => printJobDoneBench(await benchJobDone()),
  jobs: () => benchJobs(),
  board: () => benchBoardBrowser(),
  ledger: () => benchLedger(),
  statement: () => benchStatement(),
  recurring: async () => printRecurringBench(await benchRecurring()),
  routes: async () => benchRoutes(),
  'queue-claim': () => benchQueueClaim(),
  chat: () => benchChat(),
  'chat-redis': () =>
    benchChat({ redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14' }),
  events: () => benchEvents(),
  search: () => benchSearch(),
  offline: () => benchOffline(),
  'offline-cache': () => benchOfflineCache(),
  metrics: () => benchMetrics(),
  soak: () => benchSoak(),
  scale: () => benchScale(),
  landing: () => benchLanding(),
};
const selected = process.argv.slice(2);
if (selected.length > 0) {
  for (const name of selected) {
    const part = PARTS[name];
    if (!part)
      throw new Error(`Unknown bench part ${name}; known: ${Object.keys(PARTS).join(', ')}`);
    await part();
  }
  process.exit(0);
}

const only = process.env.BENCH_DB; // pglite | postgres | unset for both
// The first tables: the authenticated read and the finance routes (`-- http` alone).
await benchHttp(only);

// Bulk e-mail of 500 invoices through the real server (scripts/bench/bulk-send.ts).
printBulkSendBench(await benchBulkSend(only));

// 1,000 jobs entering 'Job Done' at once (scripts/bench/job-done.ts).
printJobDoneBench(await benchJobDone(only));

await benchPdf();

// `npm run bench -- search`: the top bar's global search (GET
// /companies/{cid}/search) over one company with 100,000 invoices and quotes,
// 5,000 clients and 20,000 jobs, on PGlite and on a fresh PostgreSQL database
// (BENCH_PG_URL, or DATABASE_URL / TEST_DATABASE_URL when set). Times the
// service call and the HTTP route for typical texts; prints the plans.
// BENCH_DB=pglite|postgres runs one. Figures go to docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_DISCOUNT } from '@fieldbook/core';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDeps } from '../../apps/server/src/open-deps.js';
import { buildApp } from '../../apps/server/src/app.js';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.js';
import { joinCompany } from '../../apps/server/src/areas/companies/index.js';
import { createSearchService } from '../../apps/server/src/areas/search/search.service.js';
import { companiesService } from '../../apps/server/src/compose.js';
import { systemCaller } from '../../apps/server/src/platform/access.js';
import { newToken } from '../../apps/server/src/platform/crypto.js';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.js';
import { seedFinanceBench } from './finance-fixture.js';

const INVOICES = Number(process.env.BENCH_SEARCH_INVOICES ?? 100_000);
const CLIENTS = Number(process.env.BENCH_SEARCH_CLIENTS ?? 5_000);
const JOBS = Number(process.env.BENCH_SEARCH_JOBS ?? 20_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 100);
const PG_URL =
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  process.env.BENCH_PG_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

const FIRST = ['Thandi', 'Sipho', 'Ann', 'Pieter', 'Ayesha', 'Johan', 'Lerato', 'Nadia', 'Themba'];
const LAST = [
  'Naidoo',
  'Botha',
  'Dlamini',
  'Van der Merwe',
  'Pillay',
  'Nkosi',
  'Smith',
  'Mokoena',
  'Jacobs',
  'Ndlovu',
  'Fourie',
  'Khumalo',
  'Petersen',
  'Govender',
  'Coetzee',
  'Mahlangu',
];
const FAULTS = [
  'Geyser leaking through the ceiling',
  'Blocked drain in the kitchen',
  'Burst pipe under the basin',
  'No hot water, element tripping',
  'Toilet cistern keeps running',
  'Low water pressure upstairs',
  'Dripping tap in the bathroom',
  'Replace the thermostat',
];

/** What the bench types: a number, a number fragment, a surname prefix, 3 letters, a fault word. */
const QUERIES: [string, string][] = [
  ['an invoice number', 'INV054321'],
  ['a number fragment', '4321'],
  ['a surname prefix', 'Naid'],
  ['a 3-letter fragment', 'kos'],
  ['a fault word', 'thermostat'],
  ['a 2-letter fragment', 'mo'],
  ['nothing matches', 'zzqx'],
];

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function timed(runs: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await f();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return times;
}

async function benchOn(label: string, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-search-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
    logRequests: false,
  };
  const deps = await openDeps(config, 'bench-search');
  const app = await buildApp(deps);
  try {
    const db = deps.database.db;
    const auth = createAuthService(deps, joinCompany);
    const username = `search${Date.now()}`;
    const owner = await auth.createUser({
      username,
      password: 'bench-password',
      email: 's@b.test',
    });
    const { _id: companyId } = await companiesService(deps, auth).create(
      owner.id,
      'Bench Search',
      null,
    );
    const t0 = performance.now();
    await seedFinanceBench(db, companyId, {
      clients: CLIENTS,
      invoices: INVOICES,
      today: '2026-11-25',
    });
    // Names people have, so a surname or a fragment matches a few hundred clients, not all.
    const first = `(ARRAY[${FIRST.map((n) => `'${n}'`).join(',')}])`;
    const last = `(ARRAY[${LAST.map((n) => `'${n}'`).join(',')}])`;
    await db.execute(sql`
      UPDATE clients c SET name = ${sql.raw(first)}[1 + n % ${FIRST.length}] || ' ' || (n % 97),
        surname = ${sql.raw(last)}[1 + (n / ${FIRST.length}) % ${LAST.length}]
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM clients
            WHERE company_id = ${companyId}) x
      WHERE c.id = x.id`);
    const faults = `(ARRAY[${FAULTS.map((n) => `'${n}'`).join(',')}])`;
    await db.execute(sql`
      INSERT INTO appointments (company_id, appointment_number, appointment_type_id, start_date,
        end_date, entity_id, fault_description, discount)
      SELECT ${companyId}::uuid, (g + 1)::text,
        (SELECT id FROM appointment_types WHERE company_id = ${companyId} LIMIT 1),
        TIMESTAMPTZ '2026-11-25' - (g * INTERVAL '90 minutes'),
        TIMESTAMPTZ '2026-11-25' - (g * INTERVAL '90 minutes') + INTERVAL '1 hour',
        (SELECT id FROM clients WHERE company_id = ${companyId} OFFSET (g * 7919) % ${CLIENTS} LIMIT 1),
        ${sql.raw(faults)}[1 + g % ${FAULTS.length}] || ', unit ' || g,
        ${JSON.stringify(DEFAULT_DISCOUNT)}::jsonb
      FROM generate_series(0, ${JOBS - 1}) g`);
    await db.execute(sql`ANALYZE`);
    const seedSeconds = (performance.now() - t0) / 1000;

    const t = newToken();
    await insertSession(db, owner.id, t.hash, 'bench');
    const headers = { username, token: t.token };
    const search = createSearchService(deps);
    const member = systemCaller(companyId, owner.id);
    const rows = [];
    const all: number[] = [];
    const allHttp: number[] = [];
    for (const [what, q] of QUERIES) {
      const res = await search.search(companyId, member, { q, limit: 5 });
      const hits = res.groups.map((g) => `${g.group[0]}${g.hits.length}`).join(' ');
      const service = await timed(RUNS, () => search.search(companyId, member, { q, limit: 5 }));
      const http = await timed(RUNS, async () => {
        const r = await app.inject({
          method: 'GET',
          url: `/api/companies/${companyId}/search?q=${encodeURIComponent(q)}`,
          headers,
        });
        if (r.statusCode !== 200) throw new Error(`search ${q}: ${r.statusCode} ${r.body}`);
      });
      all.push(...service);
      allHttp.push(...http);
      rows.push({ what, q, hits, service, http });
    }
    const plans: string[] = [];
    const explain = async (title: string, query: ReturnType<typeof sql>) => {
      const r = (await db.execute(sql`EXPLAIN ${query}`)) as unknown as {
        rows?: { 'QUERY PLAN': string }[];
      };
      const lines = (r.rows ?? (r as unknown as { 'QUERY PLAN': string }[])).map(
        (x) => x['QUERY PLAN'],
      );
      plans.push(`${title}\n${lines.join('\n')}`);
    };
    await explain(
      "invoices: invoice_number ILIKE '%4321%', newest first",
      sql`SELECT id FROM invoices WHERE company_id = ${companyId} AND NOT is_quote
          AND invoice_number ILIKE '%4321%' ORDER BY invoice_date DESC LIMIT 5`,
    );
    await explain(
      "clients: name || ' ' || surname ILIKE '%naid%'",
      sql`SELECT id FROM clients WHERE company_id = ${companyId} AND deleted_at IS NULL
          AND (name || ' ' || surname) ILIKE '%naid%' LIMIT 5`,
    );
    for (const word of ['thermostat', 'zzqx'])
      await explain(
        `jobs: fault ILIKE '%${word}%', the latest first`,
        sql`SELECT id FROM appointments WHERE company_id = ${companyId}
            AND fault_description ILIKE ${`%${word}%`} ORDER BY start_date DESC LIMIT 5`,
      );
    await explain(
      "invoices: the exact number, lower(invoice_number) = lower('inv054321')",
      sql`SELECT id FROM invoices WHERE company_id = ${companyId} AND NOT is_quote
          AND lower(invoice_number) = lower('inv054321') ORDER BY invoice_date DESC LIMIT 5`,
    );
    return { label, seedSeconds, rows, all, allHttp, plans };
  } finally {
    await app.close();
    await deps.database.close();
    await deps.pdf.close();
    deps.release();
  }
}

export async function benchSearch() {
  const only = process.env.BENCH_DB;
  const results = [];
  if (only !== 'postgres') results.push(await benchOn('PGlite', ''));
  if (only !== 'pglite') {
    const fresh = `fb_bench_search_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${fresh}`);
      const u = new URL(PG_URL);
      u.pathname = `/${fresh}`;
      results.push(await benchOn('PostgreSQL', u.toString()));
    } catch (e) {
      console.error(`PostgreSQL search bench skipped: ${(e as Error).message}`);
    } finally {
      // pool.end() resolves before its connections are gone: a forced drop then
      // kills them under the pool, which throws. Give them a moment to leave.
      await new Promise((r) => setTimeout(r, 1000));
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    }
  }
  const n = (x: number) => x.toLocaleString('en');
  console.log(
    `\nGlobal search, ${n(INVOICES)} invoices and quotes, ${n(CLIENTS)} clients, ${n(JOBS)} jobs; ` +
      `${RUNS} runs per text, one at a time, every group (owner), 5 hits per group\n`,
  );
  console.log('| database | text | q | hits (c s i q j) | service p50 | p99 | HTTP p50 | p99 |');
  console.log('|---|---|---|---|---:|---:|---:|---:|');
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  for (const r of results) {
    for (const x of r.rows)
      console.log(
        `| ${r.label} | ${x.what} | \`${x.q}\` | ${x.hits} | ${ms(quantile(x.service, 0.5))} | ${ms(quantile(x.service, 0.99))} | ${ms(quantile(x.http, 0.5))} | ${ms(quantile(x.http, 0.99))} |`,
      );
    console.log(
      `| ${r.label} | **all texts** | | | ${ms(quantile(r.all, 0.5))} | ${ms(quantile(r.all, 0.99))} | ${ms(quantile(r.allHttp, 0.5))} | ${ms(quantile(r.allHttp, 0.99))} |`,
    );
  }
  for (const r of results)
    console.log(`\n${r.label}: fixture inserted in ${r.seedSeconds.toFixed(1)} s`);
  for (const r of results) console.log(`\n${r.label} plans:\n\n${r.plans.join('\n\n')}`);
}

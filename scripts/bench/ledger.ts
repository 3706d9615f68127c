// `npm run bench -- ledger`: the income statement (GET /accounts/incomeStatement's
// service call: one GROUP BY over account_items) for a financial year over
// 200,000 account items of one company, on PGlite and on a fresh PostgreSQL
// database (BENCH_PG_URL, or DATABASE_URL / TEST_DATABASE_URL when set).
// BENCH_DB=pglite|postgres runs one. Figures go to docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDeps } from '../../apps/server/src/open-deps.js';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.js';
import { joinCompany } from '../../apps/server/src/areas/companies/index.js';
import { defaultAccountIds } from '../../apps/server/src/areas/accounting/index.js';
import { companiesService, ledgerService } from '../../apps/server/src/compose.js';

const ITEMS = Number(process.env.BENCH_LEDGER_ITEMS ?? 200_000);
const RUNS = 30;
const PG_URL =
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  process.env.BENCH_PG_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function benchOn(label: string, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-ledger-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
    logRequests: false,
  };
  const deps = await openDeps(config, 'bench-ledger');
  try {
    const db = deps.database.db;
    const auth = createAuthService(deps, joinCompany);
    const owner = await auth.createUser({
      username: `ledger${Date.now()}`,
      password: 'bench-password',
      email: 'l@bench.test',
    });
    const companies = companiesService(deps, auth);
    const { _id: companyId } = await companies.create(owner.id, 'Bench Ledger', null);
    const ledger = ledgerService(deps);
    const d = await defaultAccountIds(db, companyId);
    const extra: string[] = [];
    for (let i = 0; i < 10; i++)
      extra.push(
        (
          await ledger.save(companyId, {
            name: `Account ${i}`,
            type: i % 2 ? 'directCost' : 'revenue',
            account: String(2000 + i),
          })
        )._id,
      );
    const accounts = [d.income, d.cost, ...extra];
    const t0 = performance.now();
    // Items spread over 24 months (two financial years) and 12 accounts, in one statement per 50k.
    for (let start = 0; start < ITEMS; start += 50_000) {
      const n = Math.min(50_000, ITEMS - start);
      await db.execute(sql`
        INSERT INTO account_items (company_id, ledger_account_id, income, source_kind, source_id,
          line_index, date, number, description, qty, price, amount)
        SELECT ${companyId}::uuid, a.id, a.income, 'invoice', gen_random_uuid(), 0,
          DATE '2025-03-01' + ((g * 7919) % 730), 'INV' || g, 'Line ' || g, 1,
          ((g * 31) % 100000) / 100.0, ((g * 31) % 100000) / 100.0
        FROM generate_series(${start}::int, ${start + n - 1}::int) AS g
        JOIN LATERAL (SELECT id, income FROM ledger_accounts
          WHERE id = (${sql.raw(`ARRAY[${accounts.map((a) => `'${a}'`).join(',')}]`)}::uuid[])[1 + g % ${accounts.length}::int]) a ON true`);
    }
    const seedSeconds = (performance.now() - t0) / 1000;
    await db.execute(sql`ANALYZE account_items`);
    const q = { from: '2025-03-01', to: '2026-02-28', type: '1' };
    const check = await ledger.incomeStatement(companyId, q);
    const months = Object.keys(check).length;
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      await ledger.incomeStatement(companyId, q);
      if (i >= 3) times.push(performance.now() - t);
    }
    const plan = (await db.execute(
      // The statement's query (ledger.repo.ts statementSums): by day, then by month.
      sql`EXPLAIN SELECT to_char(d, 'YYYY-MM'), a, i, sum(s) FROM (
            SELECT date d, ledger_account_id a, income i, sum(amount) s FROM account_items
            WHERE company_id = ${companyId} AND date BETWEEN '2025-03-01' AND '2026-02-28'
            GROUP BY 1, 2, 3) daily GROUP BY 1, 2, 3`,
    )) as unknown as { rows: { 'QUERY PLAN': string }[] };
    const planRows = (plan.rows ?? (plan as unknown as { 'QUERY PLAN': string }[])).map(
      (r) => r['QUERY PLAN'],
    );
    return {
      label,
      seedSeconds,
      months,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      plan: planRows.join('\n'),
    };
  } finally {
    await deps.database.close();
    await deps.pdf.close();
    deps.release();
  }
}

export async function benchLedger() {
  const only = process.env.BENCH_DB;
  const results = [];
  if (only !== 'postgres') results.push(await benchOn('PGlite', ''));
  if (only !== 'pglite') {
    const fresh = `fb_bench_ledger_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${fresh}`);
      const u = new URL(PG_URL);
      u.pathname = `/${fresh}`;
      results.push(await benchOn('PostgreSQL', u.toString()));
    } catch (e) {
      console.error(`PostgreSQL ledger bench skipped: ${(e as Error).message}`);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    }
  }
  console.log(
    `\nIncome statement, one financial year, ${ITEMS.toLocaleString('en')} account items\n`,
  );
  console.log('| database | months | p50 ms | p95 ms | items inserted in |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.months} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.seedSeconds.toFixed(1)} s |`,
    );
  for (const r of results) console.log(`\n${r.label} plan:\n${r.plan}`);
}

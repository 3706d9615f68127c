// `npm run bench -- statement`: a client's statement (GET /entities/:id/statement's service
// call, clientStatement: one query of the client's invoices with their payments and credit
// notes, then core's buildStatement) for a client with 2,000 invoices, 5,000 payments and 200
// credit notes (issue 22's goal: under 100 ms on PostgreSQL), on PGlite and on a fresh
// PostgreSQL database. BENCH_DB=pglite|postgres runs one. Figures go to docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, computeTotals, DEFAULT_DISCOUNT, todayIn, vatTax } from '@fieldbook/core';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDeps } from '../../apps/server/src/open-deps.js';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.js';
import { clientStatement } from '../../apps/server/src/areas/clients/index.js';
import { listStatementInvoices } from '../../apps/server/src/areas/clients/clients.repo.js';
import { joinCompany } from '../../apps/server/src/areas/companies/index.js';
import { companiesService } from '../../apps/server/src/compose.js';
import { clients, creditNotes, invoices, payments } from '../../apps/server/src/db/schema/index.js';

const INVOICES = 2_000;
const PAYMENTS = 5_000;
const NOTES = 200;
const RUNS = 30;
const TAX = vatTax();
const PG_URL =
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  process.env.BENCH_PG_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function benchOn(label: string, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-statement-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
    logRequests: false,
  };
  const deps = await openDeps(config, 'bench-statement');
  try {
    const db = deps.database.db;
    const auth = createAuthService(deps, joinCompany);
    const owner = await auth.createUser({
      username: `statement${Date.now()}`,
      password: 'bench-password',
      email: 's@bench.test',
    });
    const { _id: companyId } = await companiesService(deps, auth).create(
      owner.id,
      'Bench Statement',
      null,
    );
    const [client] = await db
      .insert(clients)
      .values({ companyId, name: 'Big', surname: 'Client', email: 'big@bench.test' })
      .returning({ id: clients.id });
    const clientId = client!.id;
    const today = todayIn('Africa/Johannesburg');
    const t0 = performance.now();
    // Four years of invoices: 2 or 3 payments on most, a credit note on every tenth.
    const ids: { id: string; total: number }[] = [];
    for (let i = 0; i < INVOICES; i += 500) {
      const rows = Array.from({ length: Math.min(500, INVOICES - i) }, (_, k) => {
        const n = i + k;
        const descriptions = [
          {
            description: 'Call-out',
            qty: 1,
            price: 450,
            hasTax: true,
            ledgerAccountId: null,
            itemId: null,
          },
          {
            description: 'Labour',
            qty: 1 + (n % 5),
            price: 380,
            hasTax: true,
            ledgerAccountId: null,
            itemId: null,
          },
        ];
        const t = computeTotals({ descriptions, discount: DEFAULT_DISCOUNT, tax: TAX });
        const invoiceDate = addDays(today, -Math.floor((n / INVOICES) * 4 * 365));
        return {
          companyId,
          invoiceNumber: `INV${String(n + 1).padStart(6, '0')}`,
          invoiceDate,
          dueDate: addDays(invoiceDate, 7),
          entityId: clientId,
          descriptions,
          discount: DEFAULT_DISCOUNT,
          tax: TAX,
          subtotal: t.subtotal.toFixed(2),
          discountTotal: t.discount.toFixed(2),
          net: t.net.toFixed(2),
          tax1: t.tax1.toFixed(2),
          tax2: t.tax2.toFixed(2),
          total: t.total.toFixed(2),
        };
      });
      const made = await db
        .insert(invoices)
        .values(rows)
        .returning({ id: invoices.id, total: invoices.total });
      ids.push(...made.map((m) => ({ id: m.id, total: Number(m.total) })));
    }
    const pays = Array.from({ length: PAYMENTS }, (_, p) => {
      const inv = ids[p % ids.length]!;
      return {
        companyId,
        invoiceId: inv.id,
        provider: 'manual',
        providerPaymentId: `bench-${p}`,
        amount: (inv.total / 4).toFixed(2),
        status: 'COMPLETE',
        payload: {},
        datePaid: today,
        method: 'EFT',
      };
    });
    for (let i = 0; i < pays.length; i += 1000)
      await db.insert(payments).values(pays.slice(i, i + 1000));
    await db.insert(creditNotes).values(
      Array.from({ length: NOTES }, (_, k) => {
        const inv = ids[k * 10]!;
        return {
          companyId,
          invoiceId: inv.id,
          entityId: clientId,
          number: `CN${String(k + 1).padStart(5, '0')}`,
          noteDate: today,
          reason: 'Bench',
          lines: [],
          total: '10.00',
          tax1: '1.30',
          tax2: '0.00',
          applied: '10.00',
          excess: '0.00',
        };
      }),
    );
    const seedSeconds = (performance.now() - t0) / 1000;
    await db.execute(sql`ANALYZE`);
    const check = await clientStatement(db, companyId, clientId);
    const times: number[] = [];
    const query: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      await clientStatement(db, companyId, clientId);
      if (i >= 3) times.push(performance.now() - t);
      // The query alone, to tell the database's share from core's.
      const q = performance.now();
      await listStatementInvoices(db, companyId, clientId);
      if (i >= 3) query.push(performance.now() - q);
    }
    return {
      label,
      seedSeconds,
      lines: check.lineItems.length,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      query50: quantile(query, 0.5),
    };
  } finally {
    await deps.database.close();
    await deps.pdf.close();
    deps.release();
  }
}

export async function benchStatement() {
  const only = process.env.BENCH_DB;
  const results = [];
  if (only !== 'postgres') results.push(await benchOn('PGlite', ''));
  if (only !== 'pglite') {
    const fresh = `fb_bench_statement_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${fresh}`);
      const u = new URL(PG_URL);
      u.pathname = `/${fresh}`;
      results.push(await benchOn('PostgreSQL', u.toString()));
    } catch (e) {
      console.error(`PostgreSQL statement bench skipped: ${(e as Error).message}`);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    }
  }
  console.log(
    `\nA client's statement: ${INVOICES.toLocaleString('en')} invoices, ${PAYMENTS.toLocaleString('en')} payments, ${NOTES} credit notes\n`,
  );
  console.log(
    '| database | statement lines | p50 ms | p95 ms | the query alone, p50 ms | seeded in |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.lines.toLocaleString('en')} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.query50.toFixed(1)} | ${r.seedSeconds.toFixed(1)} s |`,
    );
}

// Recurring items (docs/recurring.md): 10,000 due occurrences made by one
// `runDueRecurring` call with a fake clock, on PGlite and on PostgreSQL
// (BENCH_PG_URL; BENCH_DB=pglite or postgres runs one); measures the time and
// checks that each date was made exactly once (one run and one document each).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ZRecurringSave, addDays, type TRecurringType } from '@fieldbook/core';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.js';
import { joinCompany } from '../../apps/server/src/areas/companies/index.js';
import { runDueRecurring } from '../../apps/server/src/areas/recurring/index.js';
import { createRecurringService } from '../../apps/server/src/areas/recurring/recurring.service.js';
import { companiesService } from '../../apps/server/src/compose.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { clients } from '../../apps/server/src/db/schema/index.js';
import { openDeps } from '../../apps/server/src/open-deps.js';

const ITEMS = Number(process.env.BENCH_RECURRING_ITEMS ?? 100);
const DATES = Number(process.env.BENCH_RECURRING_DATES ?? 100);
/** Of every 10 items: 6 invoices, 3 expenses, 1 job. */
const TYPES: TRecurringType[] = [
  ...Array<TRecurringType>(6).fill('invoices'),
  ...Array<TRecurringType>(3).fill('expenses'),
  'calender',
];
const START = '2035-01-01';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface RecurringBench {
  label: string;
  occurrences: number;
  seconds: number;
  perSecond: number;
  runs: number;
  documents: number;
}

async function benchOne(label: string, databaseUrl: string | null): Promise<RecurringBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-recurring-'));
  const deps = await openDeps(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://fieldbook.test',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    }),
    'the recurring bench',
  );
  try {
    const db = deps.database.db;
    const auth = createAuthService(deps, joinCompany);
    const user = await auth.createUser({
      username: 'benchrec',
      password: 'bench-password',
      email: 'benchrec@example.test',
      name: 'Bench',
      surname: 'Recurring',
      rank: null,
    });
    const { _id: companyId } = await companiesService(deps, auth).create(
      user.id,
      'Bench Recurring Co',
      null,
    );
    const clientIds = (
      await db
        .insert(clients)
        .values(
          Array.from({ length: 10 }, (_, i) => ({ companyId, name: `Client ${i}`, surname: '' })),
        )
        .returning({ id: clients.id })
    ).map((c) => c.id);
    const svc = createRecurringService(deps);
    for (let i = 0; i < ITEMS; i++) {
      const type =
        (process.env.BENCH_RECURRING_TYPE as TRecurringType | undefined) ??
        TYPES[i % TYPES.length]!;
      await svc.save(
        companyId,
        user.id,
        type,
        ZRecurringSave.parse({
          startDate: START,
          recurringType: 'day',
          entityId: type === 'expenses' ? undefined : clientIds[i % clientIds.length],
          descriptions: [{ description: `Line ${i}`, qty: 1, price: 10 + i }],
          description: `Expense ${i}`,
          price: 5 + i,
          startTime: '08:00',
        }),
      );
    }
    const now = new Date(`${addDays(START, DATES - 1)}T12:00:00Z`);
    const t0 = performance.now();
    const r = await runDueRecurring(deps, now);
    const seconds = (performance.now() - t0) / 1000;
    const counted = await db.execute(sql`
      select count(*)::int as runs,
             count(distinct (recurring_item_id, occurrence_date))::int as keys,
             count(distinct document_id)::int as documents
        from recurring_runs`);
    const rows = ((counted as unknown as { rows?: unknown[] }).rows ?? counted) as {
      runs: number;
      keys: number;
      documents: number;
    }[];
    const c = rows[0]!;
    const occurrences = ITEMS * DATES;
    if (
      c.runs !== occurrences ||
      c.keys !== occurrences ||
      c.documents !== occurrences ||
      r.made !== occurrences
    )
      throw new Error(`not exactly once: ${JSON.stringify({ ...c, made: r.made, occurrences })}`);
    return {
      label,
      occurrences,
      seconds,
      perSecond: occurrences / seconds,
      runs: c.runs,
      documents: c.documents,
    };
  } finally {
    await deps.database.close();
    deps.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PGlite, then PostgreSQL on a fresh database (skipped when the server is not there). */
export async function benchRecurring(): Promise<RecurringBench[]> {
  const only = process.env.BENCH_DB;
  const results = only === 'postgres' ? [] : [await benchOne('PGlite', null)];
  if (only === 'pglite') return results;
  const fresh = `fb_bench_rec_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${fresh}`);
    const u = new URL(PG_URL);
    u.pathname = `/${fresh}`;
    results.push(await benchOne('PostgreSQL', u.toString()));
  } catch (e) {
    console.error(`PostgreSQL recurring bench skipped: ${(e as Error).message}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  return results;
}

export function printRecurringBench(list: RecurringBench[]) {
  for (const b of list) printOne(b);
}

function printOne(b: RecurringBench) {
  console.log(
    `Recurring on ${b.label}: ${b.occurrences} due occurrences (${ITEMS} items x ${DATES} dates; ` +
      `6 invoices : 3 expenses : 1 job) made in ${b.seconds.toFixed(1)} s ` +
      `(${b.perSecond.toFixed(0)}/s); ${b.runs} runs, ${b.documents} documents: each exactly once`,
  );
}

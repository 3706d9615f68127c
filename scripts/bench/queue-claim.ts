// The fair claim of the job queue (docs/performance.md, "Fairness between
// companies"): what claiming one job costs when company A has a backlog of due
// jobs, and which company's job comes out while company B has one due. On an
// in-memory PGlite and on PostgreSQL (BENCH_PG_URL; BENCH_DB=pglite or postgres
// runs one). A fresh database each; nothing runs the jobs.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DEFAULT_TAX } from '@fieldbook/core';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { companies, queueJobs, users } from '../../apps/server/src/db/schema/index.js';
import { claimQueueJobs } from '../../apps/server/src/platform/queue.repo.js';
import { enqueueMany } from '../../apps/server/src/platform/queue.js';

/** A's backlogs measured in turn (BENCH_CLAIM_BACKLOGS=1000,10000 for fewer). */
const BACKLOGS = (process.env.BENCH_CLAIM_BACKLOGS ?? '1000,10000,50000').split(',').map(Number);
const TRIES = Number(process.env.BENCH_CLAIM_TRIES ?? 30);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KIND = 'bench-claim';

async function company(database: Database, name: string) {
  const [u] = await database.db
    .insert(users)
    .values({ username: `${name}-${randomUUID()}`, email: `${name}@bench.test` })
    .returning({ id: users.id });
  const [c] = await database.db
    .insert(companies)
    .values({ companyName: name, userId: u!.id, tax: DEFAULT_TAX })
    .returning({ id: companies.id });
  return c!.id;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function benchOne(label: string, database: Database) {
  await migrateDatabase(database);
  const a = await company(database, 'A');
  const b = await company(database, 'B');
  const rows: string[] = [];
  let have = 0;
  for (const backlog of BACKLOGS) {
    await database.db.transaction((tx) =>
      enqueueMany(
        tx,
        Array.from({ length: backlog - have }, () => ({
          kind: KIND,
          companyId: a,
          payload: {},
          runAt: new Date(Date.now() - 3_600_000),
        })),
      ),
    );
    have = backlog;
    const times: number[] = [];
    let bFirst = 0;
    for (let i = 0; i < TRIES; i++) {
      await database.db.transaction((tx) =>
        enqueueMany(tx, [{ kind: KIND, companyId: b, payload: {} }]),
      );
      const t0 = performance.now();
      const got = await claimQueueJobs(database.db, 'bench', 2, 60_000, {
        kinds: [KIND],
        notIds: [],
      });
      times.push(performance.now() - t0);
      // Both first in their line: A's older job, then B's (by due time alone: two of A's).
      if (got.some((j) => j.companyId === b)) bFirst++;
      // Back to the queue: the backlog stays as it was.
      await database.db.execute(
        sql`update ${queueJobs} set locked_until = null, locked_by = null, attempts = 0 where company_id = ${a}`,
      );
      await database.db.execute(sql`delete from ${queueJobs} where company_id = ${b}`);
    }
    rows.push(
      `| ${label} | ${backlog.toLocaleString('en')} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} | ${bFirst} of ${TRIES} |`,
    );
  }
  await database.close();
  return rows;
}

export async function benchQueueClaim() {
  const which = process.env.BENCH_DB;
  const out: string[] = [
    '| database | A due | claim of 2, p50 ms | p99 ms | B among the 2 |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  if (which !== 'postgres')
    out.push(...(await benchOne('PGlite', await openDatabase({ kind: 'pglite' }))));
  if (which !== 'pglite') {
    const name = `fb_bench_claim_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    try {
      out.push(
        ...(await benchOne('PostgreSQL', await openDatabase({ kind: 'postgres', url: `${u}` }))),
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  console.log(out.join('\n'));
}

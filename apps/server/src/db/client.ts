import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PipelinedPool } from './pipelined-pool.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database, when that is what runs (tests dump it). */
  pglite: PGlite | null;
  /** PostgreSQL: a new connection outside the pool (the migration lock holds one). */
  connect: (() => Promise<pg.Client>) | null;
  close(): Promise<void>;
}

export type DbSource =
  | { kind: 'postgres'; url: string; max?: number; lanes?: number }
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob };

/** The contrib extensions the schema uses (pg_trgm: the search's trigram indexes). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The embedded database's session settings. PGlite's pages come from memory or
 * the OS cache: a random read costs about what a sequential one does. At the
 * default 4 the planner read all 20,000 jobs for a fault no job holds (90 ms)
 * rather than ask the trigram index (2 ms); docs/performance.md, "Search".
 */
export const PGLITE_SESSION = 'SET random_page_cost = 1.1';

/** Open the database (no migrations). */
export async function openDatabase(src: DbSource): Promise<Database> {
  if (src.kind === 'postgres') {
    // The hot reads (statements named hot_…) on pipelined lanes, the rest on the pool.
    const pool = new PipelinedPool({
      connectionString: src.url,
      max: src.max ?? 10,
      lanes: src.lanes,
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const connect = async () => {
      const client = new pg.Client({ connectionString: src.url });
      await client.connect();
      return client;
    };
    return { db, kind: 'postgres', pglite: null, connect, close: () => pool.end() };
  }
  const pglite = await PGlite.create({
    ...(src.loadDataDir ? { loadDataDir: src.loadDataDir } : { dataDir: src.dir ?? 'memory://' }),
    extensions: PGLITE_EXTENSIONS,
  });
  await pglite.exec(PGLITE_SESSION);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, connect: null, close: () => pglite.close() };
}

/** One round trip to the database (readiness): rejects when it is closed or unreachable. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`SELECT 1`);
}

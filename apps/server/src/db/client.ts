import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export type DbSource =
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob };

/** The contrib extensions the schema uses (pg_trgm: the search's trigram indexes). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Open the database (no migrations). */
export async function openDatabase(src: DbSource): Promise<Database> {
  if (src.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: src.url, max: src.max ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pglite: null, close: () => pool.end() };
  }
  const pglite = await PGlite.create({
    ...(src.loadDataDir ? { loadDataDir: src.loadDataDir } : { dataDir: src.dir ?? 'memory://' }),
    extensions: PGLITE_EXTENSIONS,
  });
  // PGlite's pages come from memory or the OS cache: a random read costs about
  // what a sequential one does. At the default 4 the planner read all 20,000
  // jobs for a fault no job holds (90 ms) rather than ask the trigram index
  // (2 ms); docs/performance.md, "Search".
  await pglite.exec('SET random_page_cost = 1.1');
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/** Apply the committed drizzle-kit migrations. */
export async function migrateDatabase(database: Database): Promise<void> {
  const cfg = { migrationsFolder: MIGRATIONS_DIR };
  // drizzle-kit cannot write CREATE EXTENSION from the schema, and migrations are
  // generated, so the extension the trigram indexes need is made here, first.
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  if (database.kind === 'postgres') await migratePg(database.db as never, cfg);
  else await migratePglite(database.db as never, cfg);
}

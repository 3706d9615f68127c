import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
export declare const MIGRATIONS_DIR: string;
export type DbSource =
  | {
      kind: 'postgres';
      url: string;
      max?: number;
    }
  | {
      kind: 'pglite';
      dir?: string;
      loadDataDir?: Blob;
    };
/** Open the database (no migrations). */
export declare function openDatabase(src: DbSource): Promise<Database>;
/** Apply the committed drizzle-kit migrations. */
export declare function migrateDatabase(database: Database): Promise<void>;

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths.js';
import type { Database } from './client.js';
import { rowsOf } from './rows.js';

/**
 * Migrations at start, once (docs/deploy.md, "Migrations"). On PostgreSQL
 * every process starting takes one advisory lock, on a connection of its own,
 * around the whole migration: the first migrates, the others wait and then
 * find nothing to do. drizzle applies all pending migrations in one
 * transaction (PostgreSQL and PGlite alike), so a failing one leaves the
 * database as it was. Before and after, the database's
 * `drizzle.__drizzle_migrations` rows are compared with this code's journal:
 * a database behind or ahead of the code is refused with the reason.
 */

/** The advisory lock's key: "fieldbook-migrate" folded into a bigint (any constant would do). */
export const MIGRATION_LOCK_KEY = 0x6662_6d69_6772n;

/** One migration of the journal: its tag (file name), folder time and the hash drizzle records. */
export interface JournalEntry {
  tag: string;
  when: number;
  hash: string;
}

/** The committed journal, read as drizzle reads it (the hash is the SQL file's sha256). */
export function readJournal(folder = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((e) => ({
    tag: e.tag,
    when: e.when,
    hash: crypto.hash('sha256', fs.readFileSync(path.join(folder, `${e.tag}.sql`)), 'hex'),
  }));
}

/** The database's schema compared with the code's journal. */
export interface SchemaState {
  /** Migrations of the journal the database has not recorded (the database is behind). */
  missing: string[];
  /** Recorded migrations the journal does not hold, or holds with another hash (ahead, or edited). */
  unknown: string[];
}

export class SchemaMismatchError extends Error {}

/** A migration's SQL failed: its transaction rolled back, so the database is as it was. */
export class MigrationError extends Error {}

/** Describes a mismatch in one line, for the log and the start-up refusal; null when in step. */
export function describeMismatch(s: SchemaState): string | null {
  if (s.unknown.length)
    return (
      `The database has ${s.unknown.length} migration(s) this release does not know (${s.unknown.join(', ')}): ` +
      'it was migrated by a newer Fieldbook. Run that release, or restore a backup made by this one.'
    );
  if (s.missing.length)
    return (
      `The database lacks migration(s) ${s.missing.join(', ')} of this release, and a later one is recorded, ` +
      'so they cannot be applied in order: restore a backup or apply them by hand.'
    );
  return null;
}

interface Recorded {
  hash: string;
  created_at: string | number;
}

/** The recorded migrations. */
const recorded = async (database: Database) =>
  rowsOf<Recorded>(
    await database.db.execute(
      sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
    ),
  );

/** Compares the recorded migrations with the journal (one small query). */
export async function schemaState(
  database: Database,
  journal: JournalEntry[] = readJournal(),
): Promise<SchemaState> {
  let rows: Recorded[];
  try {
    rows = await recorded(database);
  } catch (e) {
    // No migrations table yet: a new, empty database (everything is missing).
    if (/__drizzle_migrations|schema "drizzle"/.test(String((e as Error).message)))
      return { missing: journal.map((j) => j.tag), unknown: [] };
    throw e;
  }
  const known = new Map(journal.map((j) => [j.when, j]));
  const seen = new Set<number>();
  const unknown: string[] = [];
  for (const r of rows) {
    const when = Number(r.created_at);
    const j = known.get(when);
    if (j && j.hash === r.hash) seen.add(when);
    else unknown.push(j ? `${j.tag} with another hash` : `one recorded at ${isoOrRaw(when)}`);
  }
  return { missing: journal.filter((j) => !seen.has(j.when)).map((j) => j.tag), unknown };
}

const isoOrRaw = (ms: number) =>
  Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : String(ms);

/**
 * Apply the committed drizzle-kit migrations, under the advisory lock on
 * PostgreSQL. Throws `SchemaMismatchError` when the database is ahead of the
 * code (nothing is applied) or still misses a migration after migrating.
 */
export async function migrateDatabase(
  database: Database,
  opts: { folder?: string } = {},
): Promise<void> {
  const folder = opts.folder ?? MIGRATIONS_DIR;
  const lock = database.connect ? await database.connect() : null;
  try {
    await lock?.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    // drizzle-kit cannot write CREATE EXTENSION from the schema, and migrations are
    // generated, so the extension the trigram indexes need is made here, first
    // (under the lock: two processes creating it at once collide on PostgreSQL).
    await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    const journal = readJournal(folder);
    const before = describeMismatch({ ...(await schemaState(database, journal)), missing: [] });
    if (before) throw new SchemaMismatchError(before);
    const cfg = { migrationsFolder: folder };
    try {
      if (database.kind === 'postgres') await migratePg(database.db as never, cfg);
      else await migratePglite(database.db as never, cfg);
    } catch (e) {
      // The cause is drizzle's wrapper; PostgreSQL's own words are in its cause.
      const cause = (e as { cause?: unknown }).cause ?? e;
      const { missing } = await schemaState(database, journal).catch(() => ({ missing: [] }));
      throw new MigrationError(
        `a migration failed and was rolled back, so the database is as it was ` +
          `(still to apply: ${missing.join(', ') || 'none'}): ` +
          (cause instanceof Error ? cause.message : String(cause)),
        { cause: e },
      );
    }
    const after = describeMismatch(await schemaState(database, journal));
    if (after) throw new SchemaMismatchError(after);
  } finally {
    if (lock) {
      await lock
        .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()])
        .catch(() => {});
      await lock.end().catch(() => {});
    }
  }
}

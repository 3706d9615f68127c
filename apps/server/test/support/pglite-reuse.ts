import { PGLITE_SESSION, type Database } from '../../src/db/client.js';

/*
 * A Vitest worker runs file after file in one process (vitest.config.ts,
 * `isolate: false`), and each file's harness loaded the migrated dump anew:
 * about 0.8 s of CPU a file, against about 0.1 s to empty a database
 * (docs/performance.md, "How long CI takes"). So a harness's PGlite, once its
 * harness has closed, waits for the worker's next harness, which takes it back
 * as the dump left it:
 *
 * - its schema is compared with the one the dump loaded (tables, columns,
 *   triggers, functions, applied migrations): a file that changed it (a trigger
 *   left behind, say) hands nothing on, its database is closed and the next
 *   harness loads the dump;
 * - its session is reset (DISCARD ALL: settings, prepared statements, advisory
 *   locks, listeners), which also fails, and so hands nothing on, inside a
 *   transaction left open;
 * - every table is emptied and its identities restarted, and a checkpoint lets
 *   the write-ahead log written so far go (PGlite keeps it in memory).
 *
 * PostgreSQL needs none of this: each file copies the template database.
 */

let kept: Database | null = null;
let loadedSchema: string | null = null;

const SCHEMA_PRINT = `
select md5(coalesce(string_agg(x, ',' order by x), '')) as print from (
  select 'r:' || c.relname || ':' || c.relkind::text as x
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname in ('public', 'drizzle')
  union all
  select 'a:' || c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
  union all
  select 't:' || tgname from pg_trigger where not tgisinternal
  union all
  select 'f:' || p.proname || ':' || md5(p.prosrc)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
  union all
  select 'm:' || hash from drizzle.__drizzle_migrations
) s`;

const TABLES = `select string_agg(format('%I.%I', schemaname, tablename), ', ') as t
  from pg_tables where schemaname = 'public'`;

async function schemaPrint(database: Database): Promise<string> {
  const { rows } = await database.pglite!.query<{ print: string }>(SCHEMA_PRINT);
  return rows[0]!.print;
}

/** Records the schema of a database the dump has just loaded (once per worker). */
export async function rememberLoadedSchema(database: Database): Promise<void> {
  loadedSchema ??= await schemaPrint(database);
}

/** The database the worker's last harness left, emptied as the dump left it; or null. */
export async function takeKeptDatabase(): Promise<Database | null> {
  const database = kept;
  kept = null;
  if (!database) return null;
  const pglite = database.pglite!;
  try {
    if (pglite.closed || loadedSchema === null) throw new Error('nothing to hand on');
    if ((await schemaPrint(database)) !== loadedSchema) throw new Error('the schema changed');
    await pglite.exec('DISCARD ALL');
    const { rows } = await pglite.query<{ t: string | null }>(TABLES);
    if (rows[0]!.t) await pglite.exec(`TRUNCATE ${rows[0]!.t} RESTART IDENTITY CASCADE`);
    await pglite.exec('CHECKPOINT');
    await pglite.exec(PGLITE_SESSION);
    return database;
  } catch {
    if (!pglite.closed) await pglite.close().catch(() => undefined);
    return null;
  }
}

/**
 * A closing harness's database: kept for the worker's next harness when it is an
 * open PGlite in a Vitest worker, closed otherwise (and always outside Vitest).
 */
export async function keepDatabase(database: Database): Promise<void> {
  if (database.kind !== 'pglite' || !process.env.VITEST || database.pglite!.closed) {
    await database.close();
    return;
  }
  const before = kept;
  kept = database;
  await before?.close();
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import {
  MigrationError,
  SchemaMismatchError,
  migrateDatabase,
  readJournal,
  schemaState,
} from '../../src/db/migrate.js';
import { MIGRATIONS_DIR } from '../../src/paths.js';
import { freshDatabase } from '../support/harness.js';
import { freePort, spawnServer } from '../support/server-process.js';

/** Migrations at start, once (docs/deploy.md, "Migrations"), on PGlite and PostgreSQL. */

const rows = async (d: Database) =>
  rowsOf<{ hash: string; created_at: string }>(
    await d.db.execute(
      sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
    ),
  );

const tableExists = async (d: Database, name: string) =>
  rowsOf<{ t: string | null }>(await d.db.execute(sql`SELECT to_regclass(${name}) AS t`))[0]!.t !==
  null;

/** The committed migrations plus `extra` ones, in a folder of their own. */
function folderWith(extra: { tag: string; sql: string }[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  let when = journal.entries.at(-1)!.when;
  for (const m of extra) {
    fs.writeFileSync(path.join(dir, `${m.tag}.sql`), m.sql);
    journal.entries.push({
      idx: journal.entries.length,
      version: '7',
      when: ++when,
      tag: m.tag,
      breakpoints: true,
    });
  }
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('a migrated database', () => {
  let d: Database;
  beforeEach(async () => {
    d = await freshDatabase();
  });
  afterEach(() => d.close());

  it('is at the journal: nothing missing, nothing unknown, and migrating again changes nothing', async () => {
    expect(await schemaState(d)).toEqual({ missing: [], unknown: [] });
    const before = await rows(d);
    expect(before).toHaveLength(readJournal().length);
    await migrateDatabase(d);
    expect(await rows(d)).toEqual(before);
  });

  it('a failing migration rolls back with the ones before it: the database is as it was', async () => {
    const folder = folderWith([
      { tag: '9000_good', sql: 'CREATE TABLE probe_good (id integer);' },
      {
        tag: '9001_broken',
        sql: 'CREATE TABLE probe_broken (id integer);\n--> statement-breakpoint\nSELECT no_such_column FROM probe_broken;',
      },
    ]);
    try {
      const before = await rows(d);
      const e = await migrateDatabase(d, { folder }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(MigrationError);
      expect((e as Error).message).toContain('rolled back');
      expect((e as Error).message).toContain('still to apply: 9000_good, 9001_broken');
      expect((e as Error).message).toContain('no_such_column');
      expect(await tableExists(d, 'probe_good')).toBe(false);
      expect(await tableExists(d, 'probe_broken')).toBe(false);
      expect(await rows(d)).toEqual(before);
      // The code of this release still finds the database in step.
      expect(await schemaState(d)).toEqual({ missing: [], unknown: [] });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a database with a migration this code does not know is refused, and nothing is applied', async () => {
    await d.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-release', 4102444800000)`,
    );
    const before = await rows(d);
    const e = await migrateDatabase(d).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SchemaMismatchError);
    expect((e as Error).message).toBe(
      'The database has 1 migration(s) this release does not know (one recorded at 2100-01-01T00:00:00.000Z): ' +
        'it was migrated by a newer Fieldbook. Run that release, or restore a backup made by this one.',
    );
    expect(await rows(d)).toEqual(before);
  });

  it('a database missing an early migration (a later one recorded) is refused, naming it', async () => {
    const [first] = readJournal();
    await d.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${first!.when}`,
    );
    const e = await migrateDatabase(d).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SchemaMismatchError);
    expect((e as Error).message).toContain(`The database lacks migration(s) ${first!.tag}`);
  });
});

describe('N processes starting together (PostgreSQL)', () => {
  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    'three migrations at once, each on its own connections, on an empty database migrate once with no error',
    async () => {
      // Named like the harness's databases: the global teardown drops it once every connection is gone.
      const name = `fb_t_${inject('pgTemplate').replace('fb_template_', '')}_${randomUUID().slice(0, 8)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(url!);
      u.pathname = `/${name}`;
      const dbs = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: u.toString(), max: 2 })),
      );
      try {
        await Promise.all(dbs.map((d) => migrateDatabase(d)));
        const recorded = await rows(dbs[0]!);
        expect(recorded.map((r) => Number(r.created_at))).toEqual(readJournal().map((j) => j.when));
        for (const d of dbs) expect(await schemaState(d)).toEqual({ missing: [], unknown: [] });
      } finally {
        for (const d of dbs) await d.close();
      }
    },
    60_000,
  );
});

describe('the server at start', () => {
  it('refuses to start on a database ahead of its code, saying why, and exits', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-ahead-'));
    try {
      const d = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
      await migrateDatabase(d);
      await d.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-release', 4102444800000)`,
      );
      await d.close();
      const port = await freePort();
      const e = await spawnServer({
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
      }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).message).toContain('server exited with 1 before listening');
      expect((e as Error).message).toContain(
        'Fieldbook will not start: The database has 1 migration(s) this release does not know',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

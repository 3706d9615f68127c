import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../src/db/migrate.js';
import { freePort, serverCli, spawnServer, type ServerProcess } from '../support/server-process.js';
import { collectFigures, type Figures } from '../support/upgrade-figures.js';

/**
 * Upgrades and restores (issue 21 item 9): a backup made by the last release (0.3.2, commit
 * 86f6351; test/fixtures/release-0.3.2/README.md says how) is restored by this release's
 * `npm run restore`, this release's server starts on it, the migrations newer than the backup
 * apply, and every figure the old release showed is the same: each invoice's totals, payment
 * and lines, the invoices' summary, the income statement, the VAT summary, the dashboard's months
 * and the text of an invoice's PDF.
 *
 * Two backups of the same release, one per database (restore does not move a PGlite backup
 * into PostgreSQL or back): the embedded one always, the PostgreSQL one (pg_dump) when
 * TEST_DATABASE_URL is set, into a new empty database.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
/** Migrations of release 0.3.2 (its meta/_journal.json): this release must have newer ones. */
const FIXTURE_MIGRATIONS = 20;

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-upgrade-'));
  dirs.push(d);
  return d;
};
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill('SIGTERM');
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/**
 * The old release's backup directory as it wrote it. The embedded database's database.tar.gz is
 * kept in the repository recompressed with brotli (1.7 MB instead of 5.4 MB); the tar inside is
 * the old release's, byte for byte (its sha256 is checked). The pg_dump file is kept as it is.
 */
function unpackFixture(fixture: string): string {
  const dir = tmp();
  for (const f of fs.readdirSync(fixture)) {
    if (f === 'database.tar.br') {
      const tar = zlib.brotliDecompressSync(fs.readFileSync(path.join(fixture, f)));
      const sha = fs.readFileSync(path.join(fixture, 'database.tar.sha256'), 'utf8').split(' ')[0];
      expect(createHash('sha256').update(tar).digest('hex')).toBe(sha);
      fs.writeFileSync(path.join(dir, 'database.tar.gz'), zlib.gzipSync(tar, { level: 1 }));
    } else if (!/\.(md|sha256)$|^expected\.json$/.test(f)) {
      fs.copyFileSync(path.join(fixture, f), path.join(dir, f));
    }
  }
  return dir;
}

/** Restores `fixture` with this release, starts it and compares what it shows with expected.json. */
async function upgradeAndCompare(fixture: string, env: Record<string, string>) {
  const expected = JSON.parse(
    fs.readFileSync(path.join(fixture, 'expected.json'), 'utf8'),
  ) as Figures;
  expect(readJournal().length).toBeGreaterThan(FIXTURE_MIGRATIONS);

  const restored = await serverCli('restore', 'src/cli/restore.ts', [unpackFixture(fixture)], env);
  expect(restored.code, restored.out).toBe(0);
  expect(restored.out).toContain('the stored secrets open with the key');

  server = await spawnServer({ ...env, PORT: String(await freePort()) });
  try {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status, `${await ready.text()}\n${server.output()}`).toBe(200);

    const figures = await collectFigures(server.url, expected.period);
    expect(figures.invoices.length).toBe(expected.invoices.length);
    // Each invoice on its own first, so a failure names the invoice.
    const byId = new Map(figures.invoices.map((i) => [i._id, i]));
    for (const old of expected.invoices) expect(byId.get(old._id), String(old._id)).toEqual(old);
    expect(figures.summary).toEqual(expected.summary);
    expect(figures.incomeStatement).toEqual(expected.incomeStatement);
    // The VAT figures the old release showed, each the same; newer fields (field 18, the credit
    // notes' count) may be added, and the explaining note's words may change.
    const { note: _note, ...oldVat } = expected.vat as Record<string, unknown>;
    expect(figures.vat).toMatchObject(oldVat);
    expect(figures.dashboard).toEqual(expected.dashboard);
    // The PDF's text, word for word (nothing in it depends on the day it is printed). Spacing
    // aside: how the text extractor splits a ligature ("certi fi cate") follows Chromium's fonts.
    const squashed = (p: { invoiceNumber: string; text: string }) => ({
      ...p,
      text: p.text.replace(/\s+/g, ''),
    });
    expect(squashed(figures.pdf)).toEqual(squashed(expected.pdf));
  } finally {
    await server.kill('SIGTERM');
    server = undefined;
  }
}

describe('a backup of release 0.3.2', () => {
  it('of the embedded database: restored, migrated, ready, the same figures', async () => {
    await upgradeAndCompare(path.join(FIXTURES, 'release-0.3.2'), {
      DATA_DIR: tmp(),
      NODE_ENV: 'test',
    });
  }, 480_000);

  const PG = process.env.TEST_DATABASE_URL;
  it.skipIf(!PG)(
    'of PostgreSQL: restored, migrated, ready, the same figures',
    async () => {
      const name = `fb_upgrade_${process.pid}`;
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        await upgradeAndCompare(path.join(FIXTURES, 'release-0.3.2-postgres'), {
          DATA_DIR: tmp(),
          DATABASE_URL: Object.assign(new URL(PG!), { pathname: `/${name}` }).toString(),
          NODE_ENV: 'test',
        });
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    300_000,
  );
});

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { PGLITE_EXTENSIONS } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../platform/data-lock.js';
import { openDeps } from '../open-deps.js';
import { SecretKeyError } from '../platform/secret-check.js';
import { KEY_FILE, MANIFEST, runTool, stamp, type BackupManifest } from './backup-files.js';

const USAGE = 'Usage: npm run restore -- BACKUP_DIR [--force]';

// npm run restore -- DIR [--force]: the database and its key back; then the server starts on them.
async function main() {
  const config = loadConfig();
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new Error(USAGE);
  const dir = path.resolve(config.workDir, positionals[0]!);
  const manifestFile = path.join(dir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${dir} holds no ${MANIFEST}: not a backup`);
  const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (m.app !== 'fieldbook' || m.format !== 1)
    throw new Error(`${manifestFile} is not a Fieldbook backup`);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (m.database !== target)
    throw new Error(
      `This backup is of ${m.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'}; ` +
        `restore it with ${m.database === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}`,
    );
  const force = values.force!;
  const file = path.join(dir, m.databaseFile);

  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle')`,
    );
    await client.end();
    if (Number(rows[0]!.n) > 0 && !force)
      throw new Error('The database is not empty; add --force to replace what it holds');
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--dbname=${config.databaseUrl}`,
      file,
    ]);
  } else {
    const release = lockDataDir(config.dataDir, 'npm run restore');
    try {
      const dbDir = path.join(config.dataDir, 'db');
      if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length) {
        if (!force)
          throw new Error(
            `${dbDir} holds a database; add --force to replace it (it is kept aside)`,
          );
        fs.renameSync(dbDir, `${dbDir}.before-restore-${stamp()}`);
      }
      const db = await PGlite.create({
        dataDir: dbDir,
        loadDataDir: new Blob([fs.readFileSync(file)]),
        extensions: PGLITE_EXTENSIONS,
      });
      await db.close();
    } finally {
      release();
    }
  }

  if (m.key && 'file' in m.key) {
    const key = fs.readFileSync(path.join(dir, m.key.file), 'utf8').trim();
    const keyFile = path.join(config.dataDir, KEY_FILE);
    if (config.secretKey)
      console.log('SECRET_KEY is set and is used instead of the secret.key of this backup.');
    if (fs.existsSync(keyFile) && fs.readFileSync(keyFile, 'utf8').trim() !== key) {
      if (!force)
        throw new Error(
          `${keyFile} holds another key; add --force to replace it (it is kept aside)`,
        );
      fs.renameSync(keyFile, `${keyFile}.before-restore-${stamp()}`);
    }
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(keyFile, key, { mode: 0o600 });
  } else if (m.key && 'env' in m.key) {
    console.log('This backup was made with SECRET_KEY: set it to the same key before starting.');
  }

  // Open it as the server will: migrations, and the stored secrets against the key.
  const deps = await openDeps(config, 'npm run restore');
  await deps.pdf.close();
  await deps.database.close();
  deps.mailer.close();
  deps.release();
  console.log(
    `Restored ${m.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'} from ${dir} (made ${m.createdAt}); the stored secrets open with the key.`,
  );
}

main().catch((e: unknown) => {
  const known =
    e instanceof DataDirLockedError || e instanceof SecretKeyError || e instanceof Error;
  console.error(known ? (e as Error).message : e);
  process.exit(1);
});

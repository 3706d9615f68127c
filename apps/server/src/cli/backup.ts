import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VERSION } from '@fieldbook/core';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../platform/data-lock.js';
import {
  KEY_FILE,
  MANIFEST,
  PGLITE_FILE,
  POSTGRES_FILE,
  runTool,
  stamp,
  type BackupManifest,
} from './backup-files.js';

// npm run backup [-- --out DIR]: the database and the secret key into one new directory.
async function main() {
  const config = loadConfig();
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const out = path.resolve(
    config.workDir,
    values.out ?? path.join('backups', `fieldbook-${stamp()}`),
  );
  if (fs.existsSync(out) && fs.readdirSync(out).length)
    throw new Error(`${out} is not empty; name a new directory with --out`);
  fs.mkdirSync(out, { recursive: true, mode: 0o700 });

  let databaseFile: string;
  if (config.databaseUrl) {
    // pg_dump takes a consistent snapshot while the servers keep running.
    databaseFile = POSTGRES_FILE;
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(out, databaseFile)}`,
      `--dbname=${config.databaseUrl}`,
    ]);
  } else {
    // The embedded database has one user at a time: the server must be stopped.
    const release = lockDataDir(config.dataDir, 'npm run backup');
    try {
      const db = await openDatabase({ kind: 'pglite', dir: path.join(config.dataDir, 'db') });
      const dump = await db.pglite!.dumpDataDir('gzip');
      await db.close();
      databaseFile = PGLITE_FILE;
      fs.writeFileSync(path.join(out, databaseFile), Buffer.from(await dump.arrayBuffer()), {
        mode: 0o600,
      });
    } finally {
      release();
    }
  }

  let key: BackupManifest['key'] = null;
  const keyFile = path.join(config.dataDir, KEY_FILE);
  if (config.secretKey) key = { env: 'SECRET_KEY' };
  else if (fs.existsSync(keyFile)) {
    fs.copyFileSync(keyFile, path.join(out, KEY_FILE));
    fs.chmodSync(path.join(out, KEY_FILE), 0o600);
    key = { file: KEY_FILE };
  }
  const manifest: BackupManifest = {
    format: 1,
    app: 'fieldbook',
    version: VERSION,
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'pglite',
    databaseFile,
    key,
  };
  fs.writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Backup written to ${out}`);
  if (key && 'env' in key)
    console.log(
      'The secret key is in SECRET_KEY and not in this backup: keep it with the backup, apart from it.',
    );
  else if (key) console.log('It holds secret.key: keep the backup as safe as the key itself.');
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirLockedError || e instanceof Error ? e.message : e);
  process.exit(1);
});

import { spawn } from 'node:child_process';

/** What a backup directory holds (docs/operations.md). */
export interface BackupManifest {
  format: 1;
  app: 'fieldbook';
  version: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The database file in the directory. */
  databaseFile: string;
  /**
   * The key that opens the stored secrets: `secret.key` in the directory, or
   * the note that it lives in SECRET_KEY (kept elsewhere, not in the backup),
   * or null when none existed yet.
   */
  key: { file: string } | { env: 'SECRET_KEY' } | null;
}

export const MANIFEST = 'manifest.json';
export const KEY_FILE = 'secret.key';
export const PGLITE_FILE = 'database.tar.gz';
export const POSTGRES_FILE = 'database.pgdump';

/** Runs a PostgreSQL client tool (pg_dump, pg_restore); rejects with its output on failure. */
export function runTool(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) =>
      reject(new Error(`${cmd} could not run (${e.message}); install the PostgreSQL client tools`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

export const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the exclusive lock on a data directory. Two processes on one PGlite
 * directory lose writes silently, so whoever comes second must refuse.
 * A lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'fieldbook.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(
        fd,
        JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }),
      );
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner: { pid?: number; holder?: string } = {};
      try {
        owner = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof owner;
      } catch {
        /* half-written lock: treat as stale */
      }
      if (owner.pid && owner.pid !== process.pid && alive(owner.pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by ${owner.holder ?? 'another process'} (pid ${owner.pid}). ` +
            'Stop the Fieldbook server first, or set DATABASE_URL to work on PostgreSQL.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/platform/data-lock.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** A process that is alive for the whole file: the "other server" holding the lock. */
let holder: ChildProcess;
const dirs: string[] = [];

beforeAll(async () => {
  holder = spawn('sleep', ['30'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    holder.once('spawn', resolve);
    holder.once('error', reject);
  });
});
afterAll(() => {
  if (holder.exitCode === null) holder.kill('SIGKILL');
});
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-lock-'));
  dirs.push(d);
  return d;
}

const lockFile = (dir: string) => path.join(dir, 'fieldbook.lock');
const readLock = (dir: string) =>
  JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as { pid: number; holder: string };
function writeLock(dir: string, pid: number, by = 'the Fieldbook server') {
  fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, holder: by, since: new Date() }));
}

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const r = spawnSync('true');
  expect(r.status).toBe(0);
  expect(r.pid).toBeGreaterThan(0);
  return r.pid;
}

describe('lockDataDir', () => {
  it('takes the lock, records who holds it, and releases it', () => {
    const dir = tempDir();
    const release = lockDataDir(dir, 'test holder');
    expect(readLock(dir)).toMatchObject({ pid: process.pid, holder: 'test holder' });
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    release(); // twice is harmless
    // Free again.
    lockDataDir(dir, 'again')();
  });

  it('refuses while another live process holds the lock, with a clear message', () => {
    const dir = tempDir();
    const release = lockDataDir(dir, 'first');
    // Pretend another process took the first lock.
    writeLock(dir, holder.pid!);
    let err: unknown;
    try {
      lockDataDir(dir, 'second');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirLockedError);
    const msg = (err as Error).message;
    expect(msg).toContain(dir);
    expect(msg).toContain('in use');
    expect(msg).toContain('the Fieldbook server');
    expect(msg).toContain(`pid ${holder.pid}`);
    expect(msg).toMatch(/stop the fieldbook server/i);
    // The holder's lock is left alone.
    expect(readLock(dir).pid).toBe(holder.pid);
    release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    const pid = deadPid();
    writeLock(dir, pid, 'a crashed server');
    const release = lockDataDir(dir, 'survivor');
    expect(readLock(dir)).toMatchObject({ pid: process.pid, holder: 'survivor' });
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('takes over a half-written lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), '{"pid": 12');
    const release = lockDataDir(dir, 'survivor');
    expect(readLock(dir).pid).toBe(process.pid);
    release();
  });
});

describe('npm run user:create', () => {
  const run = (dir: string) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    return spawnSync(
      'npx',
      [
        'tsx',
        'src/cli/user-create.ts',
        '--username',
        'lockuser',
        '--password',
        'longenough',
        '--email',
        'a@b.co',
      ],
      // Generous: on two cores beside the rest of the suite, npm and tsx alone take tens of seconds.
      { cwd: SERVER_DIR, env, encoding: 'utf8', timeout: 90_000 },
    );
  };

  it('refuses to open a data directory in use, saying so', () => {
    const dir = tempDir();
    writeLock(dir, holder.pid!);
    const r = run(dir);
    expect(r.error).toBeUndefined();
    // 1 is the refusal; 2 would be a usage error, which is not what this checks.
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain('in use');
    expect(r.stderr).toContain(`pid ${holder.pid}`);
    expect(r.stdout).not.toContain('Created');
    // It did not touch the database, and left the holder's lock in place.
    expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);
    expect(readLock(dir).pid).toBe(holder.pid);
  }, 100_000);

  it('works once the holder is gone, and releases the lock', () => {
    const dir = tempDir();
    writeLock(dir, deadPid());
    const r = run(dir);
    expect(r.stderr).not.toContain('in use');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Created active user "lockuser"');
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  }, 200_000);
});

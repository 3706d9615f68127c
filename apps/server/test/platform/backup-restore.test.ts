import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { companies, users } from '../../src/db/schema/index.js';
import { openDeps } from '../../src/open-deps.js';
import { SecretKeyError } from '../../src/platform/secret-check.js';

/** npm run backup / npm run restore (Security 10), and the start refused when secrets do not open. */

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-backup-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A CLI of the server as npm would run it; answers its exit code and output. */
function cli(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(SERVER_DIR, script), ...args],
    {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise<{ code: number | null; out: string }>((r) =>
    child.once('exit', (code) => r({ code, out })),
  );
}

/** A company whose SMTP password and PayFast passphrase are sealed with the data's key. */
async function seed(env: Record<string, string>) {
  const deps = await openDeps(loadConfig(env), 'test');
  try {
    const [u] = await deps.database.db
      .insert(users)
      .values({ username: `b${Date.now()}`, email: 'b@example.test', active: true })
      .returning();
    const [c] = await deps.database.db
      .insert(companies)
      .values({
        companyName: 'Backed Up',
        userId: u!.id,
        tax: {} as never,
        smtp: {
          host: 'smtp.example.test',
          port: 587,
          secure: false,
          user: 'u',
          passwordSealed: deps.sealer.seal('smtp secret'),
        },
        payfast: {
          merchantId: '1',
          merchantKey: 'k',
          passphraseSealed: deps.sealer.seal('pf secret'),
          sandbox: true,
        },
      })
      .returning();
    return c!.id;
  } finally {
    await deps.database.close();
    deps.release();
  }
}

/** Opens the restored data as the server would and reads the secrets back. */
async function readBack(env: Record<string, string>, id: string) {
  const deps = await openDeps(loadConfig(env), 'test');
  try {
    const [c] = await deps.database.db.select().from(companies).where(eq(companies.id, id));
    return {
      smtp: deps.sealer.open(c!.smtp!.passwordSealed!),
      payfast: deps.sealer.open(c!.payfast!.passphraseSealed!),
    };
  } finally {
    await deps.database.close();
    deps.release();
  }
}

describe('the embedded database', () => {
  it('round-trips with its key, and refuses to start without it or with another', async () => {
    const source = { DATA_DIR: tmp() };
    const id = await seed(source);
    const backup = path.join(tmp(), 'b1');
    const made = await cli('src/cli/backup.ts', ['--out', backup], source);
    expect(made.code, made.out).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      database: 'pglite',
      databaseFile: 'database.tar.gz',
      key: { file: 'secret.key' },
    });
    expect(fs.readFileSync(path.join(backup, 'secret.key'), 'utf8')).toBe(
      fs.readFileSync(path.join(source.DATA_DIR, 'secret.key'), 'utf8'),
    );

    const target = { DATA_DIR: tmp() };
    const restored = await cli('src/cli/restore.ts', [backup], target);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain('the stored secrets open with the key');
    expect(await readBack(target, id)).toEqual({ smtp: 'smtp secret', payfast: 'pf secret' });

    // A second restore over it needs --force.
    const again = await cli('src/cli/restore.ts', [backup], target);
    expect(again.code).toBe(1);
    expect(again.out).toContain('--force');

    // The key lost: refused, and no new key is made in its place.
    fs.rmSync(path.join(target.DATA_DIR, 'secret.key'));
    await expect(openDeps(loadConfig(target), 'test')).rejects.toThrow(SecretKeyError);
    await expect(openDeps(loadConfig(target), 'test')).rejects.toThrow(/secret\.key is missing/);
    expect(fs.existsSync(path.join(target.DATA_DIR, 'secret.key'))).toBe(false);
    // Another key: refused too, with the same advice.
    const other = { ...target, SECRET_KEY: randomBytes(32).toString('hex') };
    await expect(openDeps(loadConfig(other), 'test')).rejects.toThrow(
      /do not open with this secret key/,
    );
    // The server itself says so and exits.
    const server = await cli('src/main.ts', [], { ...other, PORT: '0' });
    expect(server.code).toBe(1);
    expect(server.out).toContain('do not open with this secret key');
  }, 180_000);
});

const PG = process.env.TEST_DATABASE_URL;
describe.skipIf(!PG)('PostgreSQL', () => {
  it('round-trips through pg_dump and pg_restore, the key named when it is SECRET_KEY', async () => {
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    const names = [`fb_bk_src_${process.pid}`, `fb_bk_dst_${process.pid}`];
    for (const n of names) await admin.query(`CREATE DATABASE ${n}`);
    const url = (n: string) => Object.assign(new URL(PG!), { pathname: `/${n}` }).toString();
    try {
      const key = randomBytes(32).toString('hex');
      const source = { DATA_DIR: tmp(), DATABASE_URL: url(names[0]!), SECRET_KEY: key };
      const id = await seed(source);
      const backup = path.join(tmp(), 'b2');
      const made = await cli('src/cli/backup.ts', ['--out', backup], source);
      expect(made.code, made.out).toBe(0);
      const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ database: 'postgres', key: { env: 'SECRET_KEY' } });
      expect(fs.existsSync(path.join(backup, 'secret.key'))).toBe(false);

      const target = { DATA_DIR: tmp(), DATABASE_URL: url(names[1]!), SECRET_KEY: key };
      const restored = await cli('src/cli/restore.ts', [backup], target);
      expect(restored.code, restored.out).toBe(0);
      expect(await readBack(target, id)).toEqual({ smtp: 'smtp secret', payfast: 'pf secret' });
      const wrong = { ...target, SECRET_KEY: randomBytes(32).toString('hex') };
      await expect(openDeps(loadConfig(wrong), 'test')).rejects.toThrow(SecretKeyError);
    } finally {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      await admin.end();
    }
  }, 180_000);
});

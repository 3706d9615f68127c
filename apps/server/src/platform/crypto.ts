import { createCipheriv, createDecipheriv, hash as digest, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP password storage cheat sheet: argon2id, 19 MiB, 2 iterations, 1 lane.
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON);

/** A fixed hash to verify against when the user does not exist, so timing does not tell. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  try {
    return await verify(stored ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

export const sha256 = (s: string) => digest('sha256', s, 'base64url');

/** A fresh random token (256 bits) and the hash that is stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/** Seals secrets (SMTP and PayFast passwords) with AES-256-GCM. */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32)
    throw new Error('SECRET_KEY must be 32 bytes (64 hex characters or base64)');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        c.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
    },
  };
}

/** SECRET_KEY when set, otherwise a key generated once into the data directory. */
export function loadSecretKey(configured: string | null, dataDir: string): Buffer {
  if (configured) {
    const k = /^[0-9a-f]{64}$/i.test(configured)
      ? Buffer.from(configured, 'hex')
      : Buffer.from(configured, 'base64');
    return k;
  }
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}

import path from 'node:path';

/** Typed configuration; the only reader of process.env (DECISIONS §11). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  chromiumPath: string;
  secretKey: string | null;
  production: boolean;
  appleKeysUrl: string;
  appleClientId: string;
  webDist: string;
  /**
   * PayFast's base URL for the pay form and the notification check; null uses
   * www.payfast.co.za, or sandbox.payfast.co.za for a company in sandbox mode.
   * Tests point it at a stand-in.
   */
  payfastUrl: string | null;
  /** Whether the server logs each request (off in tests). */
  logRequests: boolean;
  /**
   * The job queue (e-mail sending): how long a claimed job is held before
   * another process may take it (renewed while it runs), how often an idle
   * worker looks for due jobs, and how many jobs a process runs at once.
   */
  queue: { leaseMs: number; pollMs: number; concurrency: number };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} is not a positive whole number: ${raw}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port: ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Fieldbook <no-reply@fieldbook.local>',
    chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    secretKey: env.SECRET_KEY || null,
    production: env.NODE_ENV === 'production',
    appleKeysUrl: env.APPLE_KEYS_URL ?? 'https://appleid.apple.com/auth/keys',
    appleClientId: env.APPLE_CLIENT_ID ?? 'za.co.fieldbook',
    payfastUrl: env.PAYFAST_URL ? env.PAYFAST_URL.replace(/\/$/, '') : null,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    logRequests: env.NODE_ENV !== 'test' && env.LOG_REQUESTS !== '0',
    queue: {
      leaseMs: positiveInt(env, 'QUEUE_LEASE_MS', 60_000),
      pollMs: positiveInt(env, 'QUEUE_POLL_MS', 500),
      concurrency: positiveInt(env, 'QUEUE_CONCURRENCY', 4),
    },
  };
}

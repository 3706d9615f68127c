import net from 'node:net';
import path from 'node:path';
import { WEB_DIST } from './paths.js';
import { PIPELINE_LANES } from './db/pipelined-pool.js';

/** Typed configuration; the only reader of process.env (DECISIONS §11). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL: pipelined connections for the hot reads (`DATABASE_LANES`, 0 to 8; 0 turns them off). */
  databaseLanes: number;
  /**
   * Redis (redis:// or rediss://, an optional database number as the path)
   * for the events between processes instead of PostgreSQL NOTIFY; null keeps
   * NOTIFY (docs/deploy.md, "Events across processes"). Needs DATABASE_URL.
   */
  redisUrl: string | null;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  chromiumPath: string;
  secretKey: string | null;
  production: boolean;
  appleKeysUrl: string;
  appleClientId: string;
  /**
   * Sign in with Apple in the browser: the Services ID Apple knows the web
   * app by (null: the sign-in page shows no Apple button), and Apple's
   * authorisation page (tests point it at a stand-in).
   */
  appleWebClientId: string | null;
  appleAuthUrl: string;
  webDist: string;
  /**
   * PayFast's base URL for the pay form and the notification check; null uses
   * www.payfast.co.za, or sandbox.payfast.co.za for a company in sandbox mode.
   * Tests point it at a stand-in.
   */
  payfastUrl: string | null;
  /** Whether the server logs each request (off in tests). */
  logRequests: boolean;
  /** Where the command was started (npm's INIT_CWD): relative paths given to the CLIs start here. */
  workDir: string;
  /**
   * The job queue (e-mail sending): how long a claimed job is held before
   * another process may take it (renewed while it runs), how often an idle
   * worker looks for due jobs, and how many jobs a process runs at once.
   */
  queue: { leaseMs: number; pollMs: number; concurrency: number };
  /**
   * Companies' own SMTP servers: whether they may be on loopback, link-local
   * or private addresses (off: DECISIONS §14), and how long to wait for one.
   */
  companySmtp: { allowPrivate: boolean; timeoutMs: number };
  /**
   * Webhook deliveries (docs/webhooks.md): whether endpoints may be on
   * loopback, link-local or private addresses, and plain http
   * (WEBHOOKS_ALLOW_PRIVATE, off: DECISIONS §14), how long one attempt may
   * take (WEBHOOKS_TIMEOUT_MS, 15 s), and the waits before the second, third,
   * ... attempt (WEBHOOKS_BACKOFF_MS, a comma-separated list of milliseconds;
   * one attempt more than the list is long).
   */
  webhooks: { allowPrivate: boolean; timeoutMs: number; backoffMs: number[] };
  /**
   * E-mails a company may send in an hour, sent now or queued in bulk, counted
   * in the database (DECISIONS §14): far beyond a small business's sending,
   * and it keeps a stolen session from turning the platform into a spam relay.
   */
  sendsPerHour: number;
  /** Calls an API token may make in a minute, on each process (docs/api.md). */
  apiTokenCallsPerMinute: number;
  /**
   * Which proxies in front of the server are trusted to name the client's
   * address in X-Forwarded-For (Fastify's trustProxy): false (unset), true,
   * a hop count, or a list of proxy addresses or ranges. The sign-in limits
   * count per client address, so behind a proxy this must be set.
   */
  trustProxy: boolean | number | string[];
  /**
   * An OSRM server for road distances and times (its table service), e.g.
   * http://127.0.0.1:5000; null estimates them (DECISIONS §9).
   */
  osrmUrl: string | null;
  /**
   * Bytes of stored files a company may hold (job images and signatures,
   * expense photos, client documents, logos, template images; DECISIONS §15):
   * an upload beyond it is refused with a 413.
   */
  storageQuotaBytes: number;
  /**
   * The bearer token `GET /metrics` asks for (Prometheus; docs/deploy.md,
   * "Metrics and logs"); null: no metrics are kept and /metrics answers 404.
   */
  metricsToken: string | null;
  /**
   * What this process runs (FIELDBOOK_ROLE, docs/deploy.md "Roles"): `web`
   * (HTTP and sockets), `worker` (the queue and the schedulers, with an HTTP
   * listener for /healthz and /readyz only) or `both` (the default).
   */
  role: Role;
  /** How long a stop (SIGTERM, SIGINT) may take before the process exits anyway (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
}

export const ROLES = ['web', 'worker', 'both'] as const;
export type Role = (typeof ROLES)[number];

function role(env: NodeJS.ProcessEnv): Role {
  const raw = (env.FIELDBOOK_ROLE ?? '').trim().toLowerCase();
  if (raw === '') return 'both';
  if (!(ROLES as readonly string[]).includes(raw))
    throw new Error(`FIELDBOOK_ROLE is not one of ${ROLES.join(', ')}: ${env.FIELDBOOK_ROLE}`);
  // The embedded database takes one process (a data directory lock): no one to split with.
  if (raw !== 'both' && !env.DATABASE_URL)
    throw new Error(
      `FIELDBOOK_ROLE=${raw} needs DATABASE_URL (PostgreSQL): the embedded database serves one process, which must run both roles`,
    );
  return raw as Role;
}

/** METRICS_TOKEN: unset, or at least 16 characters with no spaces (a guessable token is refused). */
function metricsToken(raw: string | undefined): string | null {
  const v = raw?.trim() ?? '';
  if (v === '') return null;
  if (!/^\S{16,}$/.test(v))
    throw new Error('METRICS_TOKEN must be at least 16 characters with no spaces');
  return v;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxy(raw: string | undefined): boolean | number | string[] {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim());
  for (const a of list) {
    const [addr, bits, more] = a.split('/');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && more === undefined);
    if (!okBits || !(PROXY_NAMES.includes(a) || net.isIP(addr ?? '')))
      throw new Error(`TRUST_PROXY is not true, a hop count or a list of addresses: ${raw}`);
  }
  return list;
}

function redisUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`REDIS_URL is not a redis:// or rediss:// address: ${raw}`);
  }
  const db = u.pathname.replace(/^\//, '');
  if (!['redis:', 'rediss:'].includes(u.protocol) || !u.hostname || !/^\d*$/.test(db))
    throw new Error(
      `REDIS_URL is not a redis:// or rediss:// address with an optional database number: ${u.protocol}//${u.host}${u.pathname}`,
    );
  if (!env.DATABASE_URL)
    throw new Error(
      'REDIS_URL carries events between processes sharing one PostgreSQL: set DATABASE_URL too.',
    );
  return raw;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h: ten attempts over about three days. */
export const WEBHOOK_BACKOFF_MS = [
  5_000,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  20 * HOUR,
];

function backoffList(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return WEBHOOK_BACKOFF_MS;
  const list = raw.split(',').map((p) => Number(p.trim()));
  if (list.length > 20 || list.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`WEBHOOKS_BACKOFF_MS is not a list of up to 20 positive whole numbers: ${raw}`);
  return list;
}

/** PayFast's base address: an http(s) URL, checked here so a bad one stops the start, not every answer. */
function payfastUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let u: URL | null = null;
  try {
    u = new URL(raw);
  } catch {
    // refused below
  }
  if (!u || !['http:', 'https:'].includes(u.protocol) || !u.hostname)
    throw new Error(`PAYFAST_URL is not an http:// or https:// address: ${raw}`);
  return raw.replace(/\/$/, '');
}

/** `DATABASE_LANES`: 0 to 8, default 2 (docs/architecture.md, "Hot reads on PostgreSQL"). */
function databaseLanes(env: NodeJS.ProcessEnv): number {
  const raw = env.DATABASE_LANES;
  if (raw === undefined || raw === '') return PIPELINE_LANES;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 8)
    throw new Error(`DATABASE_LANES is not a whole number from 0 to 8: ${raw}`);
  return n;
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
    databaseLanes: databaseLanes(env),
    redisUrl: redisUrl(env),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    osrmUrl: env.OSRM_URL?.trim().replace(/\/$/, '') || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Fieldbook <no-reply@fieldbook.local>',
    chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    secretKey: env.SECRET_KEY || null,
    production: env.NODE_ENV === 'production',
    appleKeysUrl: env.APPLE_KEYS_URL ?? 'https://appleid.apple.com/auth/keys',
    appleClientId: env.APPLE_CLIENT_ID ?? 'za.co.fieldbook',
    appleWebClientId: env.APPLE_WEB_CLIENT_ID?.trim() || null,
    appleAuthUrl: env.APPLE_AUTH_URL?.trim() || 'https://appleid.apple.com/auth/authorize',
    payfastUrl: payfastUrl(env.PAYFAST_URL),
    webDist: WEB_DIST,
    logRequests: env.NODE_ENV !== 'test' && env.LOG_REQUESTS !== '0',
    workDir: env.INIT_CWD || process.cwd(),
    queue: {
      leaseMs: positiveInt(env, 'QUEUE_LEASE_MS', 60_000),
      pollMs: positiveInt(env, 'QUEUE_POLL_MS', 500),
      concurrency: positiveInt(env, 'QUEUE_CONCURRENCY', 4),
    },
    sendsPerHour: positiveInt(env, 'SEND_LIMIT_PER_HOUR', 120),
    apiTokenCallsPerMinute: positiveInt(env, 'API_TOKEN_CALLS_PER_MINUTE', 600),
    storageQuotaBytes: positiveInt(env, 'STORAGE_QUOTA_MB', 1024) * 1024 * 1024,
    trustProxy: trustProxy(env.TRUST_PROXY),
    role: role(env),
    shutdownTimeoutMs: positiveInt(env, 'SHUTDOWN_TIMEOUT_MS', 25_000),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    companySmtp: {
      allowPrivate: ['1', 'true'].includes(env.COMPANY_SMTP_ALLOW_PRIVATE ?? ''),
      timeoutMs: positiveInt(env, 'COMPANY_SMTP_TIMEOUT_MS', 10_000),
    },
    webhooks: {
      allowPrivate: ['1', 'true'].includes(env.WEBHOOKS_ALLOW_PRIVATE ?? ''),
      timeoutMs: positiveInt(env, 'WEBHOOKS_TIMEOUT_MS', 15_000),
      backoffMs: backoffList(env.WEBHOOKS_BACKOFF_MS),
    },
  };
}

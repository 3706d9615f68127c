import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { access } from './access.js';
import type { AppDeps } from './deps.js';
import { readQueueAndSends } from './metrics.repo.js';

/**
 * Prometheus metrics (docs/deploy.md, "Metrics and logs"). Kept only when
 * METRICS_TOKEN is set: without it nothing is measured and `GET /metrics`
 * answers 404. Each app has its own registry (tests run many in one process).
 * Requests are labelled by route pattern (`/api/companies/:cid/invoices`),
 * never the URL, so ids cannot grow the label set; no metric has a company label.
 */

/** A company at this share of the hourly sending limit counts as near it. */
export const NEAR_SEND_LIMIT = 0.8;
/** How long a scrape's database read may take before it counts as failed. */
const DB_READ_TIMEOUT_MS = 2_000;

export interface Metrics {
  /** Whether metrics are kept (METRICS_TOKEN set). */
  readonly enabled: boolean;
  /** The sockets this process serves (socket.io's engine count). */
  watchSockets(count: () => number): void;
  /** The events bridge: messages waiting to go to the other processes. */
  watchBridge(bridge: { pending(): number }): void;
  /** A bridge message arrived `ms` after another process sent it. */
  bridgeLag(ms: number): void;
}

const OFF: Metrics = {
  enabled: false,
  watchSockets: () => {},
  watchBridge: () => {},
  bridgeLag: () => {},
};

interface Kept extends Metrics {
  registry: client.Registry;
  request: (req: FastifyRequest, status: number, seconds: number) => void;
  /** Reads the database's gauges (at most one read at a time). */
  refresh: () => Promise<void>;
}

export function createMetrics(deps: Pick<AppDeps, 'config' | 'database' | 'pdf'>): Metrics {
  if (!deps.config.metricsToken) return OFF;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const gauge = (
    name: string,
    help: string,
    labelNames: string[] = [],
    collect?: (this: client.Gauge) => void,
  ) => new client.Gauge({ name, help, labelNames, registers, ...(collect && { collect }) });

  const duration = new client.Histogram({
    name: 'fieldbook_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and method',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const answers = new client.Counter({
    name: 'fieldbook_http_requests_total',
    help: 'Requests answered, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const queue = gauge('fieldbook_queue_jobs', 'Queued jobs by state (due, running, scheduled)', [
    'state',
  ]);
  const oldest = gauge('fieldbook_queue_oldest_due_seconds', 'Age of the oldest due job waiting');
  const companies = gauge(
    'fieldbook_send_limit_companies',
    'Companies that sent this hour: any, near the limit (80 %), at the limit',
    ['level'],
  );
  const sends = gauge('fieldbook_sends_this_hour', 'Mails counted this clock hour, all companies');
  const topSends = gauge('fieldbook_sends_this_hour_max_company', 'The most one company sent');
  gauge('fieldbook_send_limit_per_hour', 'The hourly sending limit (SEND_LIMIT_PER_HOUR)').set(
    deps.config.sendsPerHour,
  );
  const dbUp = gauge('fieldbook_metrics_database_up', 'Whether the last scrape read the database');
  const pdfPages = gauge('fieldbook_pdf_pages', 'PDF renderer pages: busy, idle, waiting', [
    'state',
  ]);
  const pdfLaunches = gauge('fieldbook_pdf_browser_launches', 'Chromium launches since start');
  let sockets: (() => number) | null = null;
  gauge('fieldbook_sockets', 'Socket.io connections to this process', [], function () {
    this.set(sockets?.() ?? 0);
  });
  let bridge: { pending(): number } | null = null;
  gauge(
    'fieldbook_events_outbox_pending',
    'Events waiting for the other processes',
    [],
    function () {
      this.set(bridge?.pending() ?? 0);
    },
  );
  const lag = new client.Histogram({
    name: 'fieldbook_events_bridge_lag_seconds',
    help: 'From another process sending an event to its arrival here',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers,
  });

  let reading: Promise<void> | null = null;
  async function read() {
    const limit = deps.config.sendsPerHour;
    try {
      const q = await withTimeout(
        readQueueAndSends(deps.database.db, limit, Math.ceil(limit * NEAR_SEND_LIMIT)),
        DB_READ_TIMEOUT_MS,
      );
      queue.set({ state: 'due' }, q.due);
      queue.set({ state: 'running' }, q.running);
      queue.set({ state: 'scheduled' }, q.scheduled);
      oldest.set(q.oldestDueSeconds);
      companies.set({ level: 'any' }, q.companiesSending);
      companies.set({ level: 'near' }, q.companiesNear);
      companies.set({ level: 'full' }, q.companiesFull);
      sends.set(q.sendsThisHour);
      topSends.set(q.maxCompanySends);
      dbUp.set(1);
    } catch {
      dbUp.set(0);
    }
    const pdf = deps.pdf.stats();
    pdfPages.set({ state: 'busy' }, pdf.busy);
    pdfPages.set({ state: 'idle' }, pdf.idle);
    pdfPages.set({ state: 'waiting' }, pdf.waiting);
    pdfLaunches.set(pdf.launches);
  }

  const kept: Kept = {
    enabled: true,
    registry,
    watchSockets: (count) => (sockets = count),
    watchBridge: (b) => (bridge = b),
    bridgeLag: (ms) => lag.observe(Math.max(0, ms) / 1000),
    request(req, status, seconds) {
      // Unmatched URLs (404s of the not-found handler) share one label.
      const route = req.routeOptions.url ?? '(unmatched)';
      duration.observe({ method: req.method, route }, seconds);
      answers.inc({ method: req.method, route, status: String(status) });
    },
    // Scrapes arriving together share one read.
    refresh: () => (reading ??= read().finally(() => (reading = null))),
  };
  return kept;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The token in `Authorization: Bearer`, compared in constant time (hashes of equal length). */
function tokenMatches(req: FastifyRequest, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return !!m && timingSafeEqual(digest(m[1]!), digest(token));
}

/** When metrics are kept, the hook that times every request (install before the routes). */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  if (!metrics.enabled) return;
  const kept = metrics as Kept;
  app.addHook('onResponse', (req, reply, done) => {
    kept.request(req, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** `GET /metrics`, a token route (no session): 404 without METRICS_TOKEN, 401 without its token. */
export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | null) {
  const kept = metrics.enabled ? (metrics as Kept) : null;
  app.get(
    '/metrics',
    { config: { access: access.token }, schema: { hide: true } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!kept || !token) return reply.status(404).send({ error: 'Not found' });
      if (!tokenMatches(req, token))
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer')
          .send({ error: 'Please sign in' });
      await kept.refresh();
      return reply.type(kept.registry.contentType).send(await kept.registry.metrics());
    },
  );
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

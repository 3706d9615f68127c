import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import { buildApp } from './app.js';
import { backfillAccountItems } from './areas/accounting/index.js';
import { attachChatRealtime } from './areas/chat/index.js';
import { startDelivery } from './areas/delivery/delivery-workers.js';
import { jobAutomationHandlers, startJobReminders } from './areas/jobs/automations.js';
import { attachNotificationsRealtime } from './areas/notifications/index.js';
import { startRecurringSchedule } from './areas/recurring/index.js';
import { attachTasksRealtime } from './areas/tasks/index.js';
import { webhookHandlers } from './areas/webhooks/index.js';
import type { Config } from './config.js';
import type { openDeps } from './open-deps.js';
import { openEventsBridge } from './platform/open-events-bridge.js';
import { buildHealthApp } from './platform/health-server.js';
import { createReadiness } from './platform/health.js';
import { setRemoteWake, wakeLocalWorkers } from './platform/queue.js';
import { attachRealtime } from './platform/realtime.js';

/**
 * What a server process runs, by role (docs/deploy.md, "Roles"), and how it
 * stops ("Stopping"). Start: app (full, or health only for a worker) ->
 * events bridge -> listen -> queue worker and schedulers (worker, both) ->
 * ready. Stop: HTTP and sockets closed (requests in flight finish) while the
 * schedulers and the queue worker stop (sends in flight finish; leases of
 * any still running go back to the queue) -> bridge -> PDF -> database.
 */
type Deps = Awaited<ReturnType<typeof openDeps>>;

/** One JSON line per step of the start and the stop (collected by the process's log shipper). */
export function logStep(msg: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), msg, ...fields }));
}

export interface Running {
  /** Stops everything in order (bounded by the caller) and frees the database. */
  stop(): Promise<void>;
}

export async function startServer(config: Config, deps: Deps): Promise<Running> {
  const web = config.role !== 'worker';
  const work = config.role !== 'web';
  const readiness = createReadiness(deps);
  let app: FastifyInstance;
  let io: SocketServer | null = null;
  if (web) {
    app = await buildApp(deps, { readiness });
    io = attachRealtime(app.server, deps);
    attachChatRealtime(io, deps);
    attachTasksRealtime(io, deps);
    attachNotificationsRealtime(io, deps);
  } else app = buildHealthApp(readiness, config.logRequests);
  // Once stopping, every answer closes its connection (a request in flight at
  // SIGTERM too), so no keep-alive connection holds the listener open.
  let stopping = false;
  app.addHook('onSend', async (_req, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });
  // Pushes reach browsers connected to any process sharing the database, and an
  // enqueue on one process wakes the queue workers of the others (a NOTIFY each).
  // NOTIFY, or Redis when REDIS_URL is set (docs/deploy.md, "Events across processes").
  const bridge = await openEventsBridge(config, deps.events, {
    onWake: wakeLocalWorkers,
    ...(web && { onLag: app.metrics.bridgeLag }),
  });
  readiness.watchEvents(bridge);
  if (bridge) setRemoteWake(bridge.wake);
  // GET /metrics (a web process, when METRICS_TOKEN is set): sockets and the bridge's outbox.
  if (io) {
    const sockets = io;
    app.metrics.watchSockets(() => sockets.engine.clientsCount);
    if (bridge) app.metrics.watchBridge(bridge);
  }
  await app.listen({ port: config.port, host: config.host });
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(
    `Fieldbook is running on http://${host}:${config.port}` +
      (config.role === 'both'
        ? ''
        : ` (role ${config.role}${web ? '' : ': /healthz and /readyz only'})`),
  );
  const background = work ? await startBackground(deps, app.log) : null;
  // Ready once the queue worker runs (GET /readyz; docs/deploy.md, "Health"); a
  // web process runs none, so its readiness waits for none.
  readiness.watchWorkers(background ? [background.worker] : []);
  // Logs "Ready", or "Not ready: " and the parts with their reasons.
  void readiness.check();

  return {
    async stop() {
      stopping = true;
      await Promise.all([
        step('http', async () => {
          // Disconnects the sockets (clients reconnect, through the proxy, to
          // another process) and closes the listener; requests in flight finish.
          await io?.close();
          await app.close();
        }),
        background && step('workers', background.stop),
      ]);
      await step('events bridge', async () => {
        setRemoteWake(null);
        await bridge?.close();
      });
      await step('pdf', () => deps.pdf.close());
      await step('database', () => deps.database.close());
      deps.mailer.close();
      deps.release();
    },
  };
}

async function step(name: string, run: () => Promise<void>): Promise<void> {
  const t0 = performance.now();
  await run();
  logStep('stop', { step: name, ms: Math.round(performance.now() - t0) });
}

/** The worker role: the queue (sends, automations and webhooks), reminders, statements, recurring items. */
async function startBackground(deps: Deps, logger: FastifyBaseLogger) {
  // On the embedded database, leases still held belong to a dead server (the lock proves it).
  // One worker runs the sends and the workflow automations (one QUEUE_CONCURRENCY pool).
  const delivery = await startDelivery(deps, {
    releaseLeases: true,
    // Job log lines are JSON, with the id of the request that queued the job.
    logger,
    handlers: { ...jobAutomationHandlers(deps), ...webhookHandlers(deps) },
    // Half the stop's bound for sends in flight; what still runs then is handed back.
    stopTimeoutMs: Math.floor(deps.config.shutdownTimeoutMs / 2),
  });
  const reminders = startJobReminders(deps);
  // Account items of documents saved before the ledger existed; after listen, so it never delays it.
  backfillAccountItems(deps).then(
    (n) => {
      if (n.invoices || n.expenses)
        console.log(`Ledger backfill: ${n.invoices} invoices, ${n.expenses} expenses.`);
    },
    (e: unknown) => console.error('Ledger backfill failed', e),
  );
  // Recurring invoices, expenses and jobs: each due date made once (docs/recurring.md).
  const recurring = startRecurringSchedule(deps);
  return {
    worker: delivery.worker,
    async stop() {
      // A recurring run ends after its transaction under way; the rest stays due.
      await Promise.all([reminders.stop(), recurring.stop()]);
      // Statements stop queuing; sends in flight finish and are recorded.
      await delivery.stop();
    },
  };
}

/**
 * SIGTERM and SIGINT stop the process: in order, within `timeoutMs`
 * (SHUTDOWN_TIMEOUT_MS), then exit 0; past the bound it exits 1 anyway with
 * a log line (a lease still held runs out and another process takes the job).
 */
export function stopOnSignals(running: Running, timeoutMs: number): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return logStep('stop', { signal, step: 'already stopping' });
    stopping = true;
    const t0 = performance.now();
    logStep('stop', { signal, step: 'begin', timeoutMs });
    setTimeout(() => {
      logStep('stop', { step: 'timed out: exiting anyway', timeoutMs });
      process.exit(1);
    }, timeoutMs).unref();
    running.stop().then(
      () => {
        logStep('stop', { step: 'done', ms: Math.round(performance.now() - t0) });
        process.exit(0);
      },
      (e: unknown) => {
        logStep('stop', { step: 'failed', error: e instanceof Error ? e.message : String(e) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pingDatabase } from '../db/client.js';
import { describeMismatch, readJournal, schemaState, type JournalEntry } from '../db/migrate.js';
import { access } from './access.js';
import type { AppDeps } from './deps.js';

/**
 * Liveness and readiness (docs/deploy.md, "Health"). `/healthz` answers while
 * the process runs; `/readyz` only when this process can serve: the database
 * answers, its schema is this code's latest migration, the PDF renderer can
 * print, and the queue workers run. Both are public, never rate-limited, and
 * name the failing parts only: the reasons go to the log, never to the caller.
 */

/** The parts `/readyz` checks, in the order it names them. */
export const READY_PARTS = ['database', 'migrations', 'pdf', 'workers', 'events'] as const;
export type ReadyPart = (typeof READY_PARTS)[number];

/** How long the database may take to answer a readiness probe before it counts as unreachable. */
export const READY_DB_TIMEOUT_MS = 2_000;

export interface ReadyReport {
  failing: ReadyPart[];
  /** Why each part fails (for the log). */
  reasons: Partial<Record<ReadyPart, string>>;
}

export interface Readiness {
  /** The background loops this process runs; until handed in, `workers` is not ready. */
  watchWorkers(loops: { running(): boolean }[]): void;
  /** The bridge to the other processes; `events` fails while it says it cannot hear them. */
  watchEvents(bridge: { unavailable?(): string | null } | null): void;
  check(): Promise<ReadyReport>;
}

export function createReadiness(
  deps: Pick<AppDeps, 'database' | 'pdf'>,
  opts: { journal?: JournalEntry[]; log?: (line: string) => void } = {},
): Readiness {
  let workers: { running(): boolean }[] | null = null;
  let bridge: { unavailable?(): string | null } | null = null;
  let journal = opts.journal;
  let inFlight: Promise<ReadyReport> | null = null;
  let lastLogged: string | null = null;
  const log =
    opts.log ?? ((line: string) => (line === 'Ready' ? console.log(line) : console.error(line)));

  async function run(): Promise<ReadyReport> {
    const reasons: ReadyReport['reasons'] = {};
    try {
      await withTimeout(pingDatabase(deps.database), READY_DB_TIMEOUT_MS);
      journal ??= readJournal();
      const mismatch = describeMismatch(await schemaState(deps.database, journal));
      if (mismatch) reasons.migrations = mismatch;
    } catch (e) {
      reasons.database = e instanceof Error ? e.message : String(e);
    }
    const pdf = deps.pdf.unavailable();
    if (pdf) reasons.pdf = pdf;
    if (!workers) reasons.workers = 'not started';
    else if (!workers.every((w) => w.running())) reasons.workers = 'stopped';
    const away = bridge?.unavailable?.();
    if (away) reasons.events = away;
    const failing = READY_PARTS.filter((p) => reasons[p]);
    // One line when the answer changes, not one per probe.
    const line = failing.map((p) => `${p} (${reasons[p]})`).join('; ');
    if (line !== lastLogged) {
      log(line ? `Not ready: ${line}` : 'Ready');
      lastLogged = line;
    }
    return { failing, reasons };
  }

  return {
    watchWorkers(loops) {
      workers = loops;
    },
    watchEvents(b) {
      bridge = b;
    },
    // Probes arriving together share one check.
    check() {
      inFlight ??= run().finally(() => (inFlight = null));
      return inFlight;
    },
  };
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

const ok = z.object({ status: z.literal('ok') });
const notReady = z.object({
  status: z.literal('unavailable'),
  failing: z.array(z.enum(READY_PARTS)),
});

/** `GET /healthz` and `GET /readyz`: outside /api, so a proxy or orchestrator probes them plainly. */
export function healthRoutes(app: FastifyInstance, readiness: Readiness): void {
  const config = { access: access.public };
  app.get('/healthz', { config, schema: { hide: true, response: { 200: ok } } }, () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { config, schema: { hide: true, response: { 200: ok, 503: notReady } } },
    async (_req, reply) => {
      const { failing } = await readiness.check();
      reply.header('Cache-Control', 'no-store');
      if (failing.length)
        return reply.status(503).send({ status: 'unavailable' as const, failing });
      return { status: 'ok' as const };
    },
  );
}

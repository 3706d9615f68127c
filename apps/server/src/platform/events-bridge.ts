import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AccessEvent, AppEvents, CompanyEvent } from './events.js';
import { createOutbox } from './events-outbox.js';

const CHANNEL = 'fieldbook_events';

/** What a bridge is told to do with what arrives (both buses take the same). */
export interface BridgeOptions {
  retryMs?: number;
  /** Each message from another process: how long after its sending it arrived (metrics). */
  onLag?: (ms: number) => void;
  /** Another process enqueued jobs: wake this process's queue workers. */
  onWake?: () => void;
}

/** A bridge between processes: NOTIFY (here) or Redis (`events-bridge-redis.ts`). */
export interface EventsBridge {
  /** The name its connections carry (pg_stat_activity, Redis CLIENT LIST). */
  name: string;
  /** Messages waiting in its outbox (metrics). */
  pending(): number;
  /** Wakes the other processes' queue workers (not kept: they poll too). */
  wake(): void;
  /** Why it cannot hear the other processes now, or null; readiness names it `events`. */
  unavailable?(): string | null;
  close(): Promise<void>;
}
/** PostgreSQL refuses NOTIFY payloads over 8000 bytes: 100 ids stay well under. */
const IDS_PER_NOTICE = 100;

/**
 * Several server processes on one PostgreSQL database (DECISIONS §11): every
 * event emitted here is also sent with NOTIFY, and every event another process
 * sent is delivered to this process's browsers. Revocations and rights
 * changes travel the same way, so every process drops its cached sessions and
 * memberships at once. One dedicated connection listens; it reconnects when it
 * drops, and then tells this process that it may have missed notices. What
 * this process sends goes through a small pool of its own, one message after
 * the other, and is kept and tried again until it goes (`events-outbox.ts`),
 * so a revocation emitted while a connection is down still reaches the others.
 * Every connection carries the application name `name` (pg_stat_activity).
 * The same channel carries the queue's wakes (`wake()`, `opts.onWake`): a job
 * enqueued on one process is claimed at once by another's workers
 * (docs/deploy.md, "Roles"); those are not kept, since the workers also poll.
 */
export async function bridgeEventsOverPostgres(
  events: AppEvents,
  url: string,
  log: (msg: string) => void = console.error,
  opts: BridgeOptions = {},
): Promise<EventsBridge> {
  const origin = randomUUID();
  const name = `fieldbook-events-${origin.slice(0, 8)}`;
  let client: pg.Client | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: name });
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const msg = JSON.parse(n.payload) as {
          origin: string;
          t?: number;
          e?: CompanyEvent;
          a?: AccessEvent;
          w?: 1;
        };
        if (msg.origin === origin) return;
        if (msg.w) return opts.onWake?.();
        // The sender's clock: across hosts, their clocks' offset is part of the figure.
        if (typeof msg.t === 'number') opts.onLag?.(Date.now() - msg.t);
        if (msg.e) events.deliver(msg.e);
        if (msg.a) events.deliverAccess(msg.a);
      } catch {
        log('events bridge: a notice that is not an event was ignored');
      }
    });
    let lost = false;
    const drop = (why: string) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      void c.end().catch(() => {});
      if (!closed) {
        log(`events bridge: ${why}; reconnecting`);
        void reconnect();
      }
    };
    c.on('error', (err) => drop(err.message));
    c.on('end', () => drop('the connection ended'));
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  }

  /** Tries again with back-off (1 s doubling to 30 s) until connected or closed. */
  async function reconnect(): Promise<void> {
    for (let wait = 1000; !closed; wait = Math.min(wait * 2, 30_000)) {
      await new Promise((r) => setTimeout(r, wait));
      if (closed) return;
      try {
        await connect();
        // Revocations sent while away were missed: forget every cached session and membership.
        events.deliverAccess({ kind: 'all' });
        // The database is back: what waits to be sent goes now.
        void outbox.flush();
        return;
      } catch (e) {
        log(`events bridge: reconnecting failed (${(e as Error).message})`);
      }
    }
  }

  // A pool (not the listening connection) sends: a dead connection is replaced at the next try.
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    keepAlive: true,
    application_name: name,
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', (err) => log(`events bridge: a sending connection was lost (${err.message})`));
  const outbox = createOutbox({
    send: async (m) => {
      await pool.query('SELECT pg_notify($1, $2)', [
        CHANNEL,
        JSON.stringify({ origin, t: Date.now(), ...m }),
      ]);
    },
    log,
    ...(opts.retryMs && { retryMs: opts.retryMs }),
  });
  // Wakes are not kept (a lost one costs a poll interval) and coalesce: one
  // notice in flight and at most one more after it, however many enqueues.
  let waking: Promise<void> | null = null;
  let wakeAgain = false;
  function wake(): void {
    if (closed) return;
    if (waking) {
      wakeAgain = true;
      return;
    }
    waking = pool
      .query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin, w: 1 })])
      .then(
        () => {},
        (e: Error) => log(`events bridge: a wake notice was not sent (${e.message})`),
      )
      .finally(() => {
        waking = null;
        if (wakeAgain) {
          wakeAgain = false;
          wake();
        }
      });
  }
  await connect();
  events.setPublisher((m) => {
    if ('a' in m) return outbox.push(m);
    const e = m.e;
    for (let i = 0; i < Math.max(1, e.ids.length); i += IDS_PER_NOTICE)
      outbox.push({ e: { ...e, ids: e.ids.slice(i, i + IDS_PER_NOTICE) } });
  });
  return {
    name,
    pending: () => outbox.size(),
    wake,
    async close() {
      closed = true;
      await waking;
      events.setPublisher(null);
      await outbox.close();
      await pool.end().catch(() => {});
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

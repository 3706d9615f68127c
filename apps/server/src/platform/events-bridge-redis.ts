import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AccessEvent, AppEvents, CompanyEvent } from './events.js';
import { createOutbox } from './events-outbox.js';
import type { BridgeOptions, EventsBridge } from './events-bridge.js';

/** Redis could not be reached at start: the process refuses to start and says where it looked. */
export class RedisUnreachableError extends Error {}

/** How long the first connection may take before the process gives up starting. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The channel of one Redis database number. Redis pub/sub ignores the
 * database number (a message reaches every subscriber of the channel on the
 * server), so the number goes into the channel's name: deployments (or test
 * files) on different numbers of one Redis never hear each other.
 */
export function redisChannel(url: string): string {
  const db = Number(new URL(url).pathname.slice(1) || 0);
  return `fieldbook_events:${db}`;
}

/** The URL without its password, for messages. */
export function redisWhere(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * The same bridge as `bridgeEventsOverPostgres` (docs/deploy.md, "Events
 * across processes"), over Redis pub/sub instead of NOTIFY: every event
 * emitted here is published, every event another process published is
 * delivered here. Pub/sub keeps nothing for a subscriber that is away, as
 * NOTIFY does not, so the guarantees are the same ones: one subscribing
 * connection, reconnected by ioredis, which then tells this process that it
 * may have missed revocations (`kind: 'all'`); and what this process sends
 * goes through the same outbox (`events-outbox.ts`), tried again until it
 * goes, on a connection that fails a command at once instead of queueing it.
 * Both connections carry the client name `name` (CLIENT LIST). The queue's
 * wakes (`wake()`, `opts.onWake`) and the lag of each message (`opts.onLag`)
 * go as on NOTIFY.
 */
export async function bridgeEventsOverRedis(
  events: AppEvents,
  url: string,
  log: (msg: string) => void = console.error,
  opts: BridgeOptions = {},
): Promise<EventsBridge> {
  const origin = randomUUID();
  const name = `fieldbook-events-${origin.slice(0, 8)}`;
  const channel = redisChannel(url);
  let closed = false;
  // Down since the last drop of the subscribing connection (null: listening).
  let down: string | null = 'not connected';
  const options = {
    connectionName: name,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Back-off as the PostgreSQL bridge: from 1 s doubling to 30 s.
    retryStrategy: (times: number) => Math.min(1000 * 2 ** (times - 1), 30_000),
  };
  const sub = new Redis(url, options);
  // A command on a lost connection fails at once: the outbox tries it again.
  const pub = new Redis(url, { ...options, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  for (const [c, role] of [
    [sub, 'listening'],
    [pub, 'sending'],
  ] as const)
    c.on('error', (err: Error) => {
      if (!closed) log(`events bridge: the ${role} Redis connection failed (${err.message})`);
    });

  sub.on('message', (ch: string, payload: string) => {
    if (ch !== channel) return;
    try {
      const msg = JSON.parse(payload) as {
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
      log('events bridge: a message that is not an event was ignored');
    }
  });
  sub.on('close', () => {
    if (closed || down) return;
    down = 'the listening connection was lost';
    log(`events bridge: ${down}; reconnecting`);
  });
  // ioredis subscribes again on reconnect; 'ready' comes after it has.
  sub.on('ready', () => {
    if (closed || !down) return;
    const wasListening = down !== 'not connected';
    down = null;
    if (!wasListening) return;
    // Revocations sent while away were missed: forget every cached session and membership.
    events.deliverAccess({ kind: 'all' });
    void outbox.flush();
  });
  pub.on('ready', () => void outbox.flush());

  const outbox = createOutbox({
    send: async (m) => {
      await pub.publish(channel, JSON.stringify({ origin, t: Date.now(), ...m }));
    },
    log,
    ...(opts.retryMs && { retryMs: opts.retryMs }),
  });

  try {
    await Promise.all([sub.connect(), pub.connect()]);
    await sub.subscribe(channel);
  } catch (e) {
    closed = true;
    sub.disconnect();
    pub.disconnect();
    throw new RedisUnreachableError(
      `Fieldbook will not start: Redis (REDIS_URL) at ${redisWhere(url)} cannot be reached (${(e as Error).message}).`,
      { cause: e },
    );
  }
  down = null;
  // Redis has no 8000-byte limit on a message: an event goes whole.
  events.setPublisher((m) => outbox.push(m));
  // Wakes of the queue workers are not kept (the workers poll too): one publish each, at most.
  let waking: Promise<void> | null = null;
  let wakeAgain = false;
  function wake(): void {
    if (closed) return;
    if (waking) {
      wakeAgain = true;
      return;
    }
    waking = pub
      .publish(channel, JSON.stringify({ origin, w: 1 }))
      .then(
        () => {},
        (e: Error) => log(`events bridge: a wake was not sent (${e.message})`),
      )
      .finally(() => {
        waking = null;
        if (wakeAgain) {
          wakeAgain = false;
          wake();
        }
      });
  }
  return {
    name,
    pending: () => outbox.size(),
    wake,
    unavailable: () => down,
    async close() {
      closed = true;
      await waking;
      events.setPublisher(null);
      await outbox.close();
      await Promise.all([pub.quit().catch(() => {}), sub.quit().catch(() => {})]);
    },
  };
}

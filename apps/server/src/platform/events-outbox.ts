import type { BusMessage } from './events.js';

/** Messages held while the database cannot be reached; more and pushes give way (see below). */
export const OUTBOX_MAX = 5000;

export interface OutboxOptions {
  /** Sends one message to the other processes; rejects when it could not. */
  send(m: BusMessage): Promise<void>;
  log(msg: string): void;
  /** The first wait before trying again (doubling up to `maxRetryMs`). */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface Outbox {
  /** Queue a message; it is sent in order, and tried again until it goes. */
  push(m: BusMessage): void;
  /** Try what is waiting now (the connection came back). */
  flush(): Promise<void>;
  /** How many messages wait. */
  size(): number;
  /** Stop trying again; what waits is tried once more, and then dropped. */
  close(): Promise<void>;
}

/**
 * What this process emits for the others, sent one after the other and kept
 * until sent: a revocation emitted while the database connection is down is
 * tried again with back-off until it goes, never dropped. When more than
 * `OUTBOX_MAX` wait (the database is away for long), the pushes for browsers
 * are dropped first (a browser reloads on reconnect), and if revocations alone
 * still fill it they become one "anything may have changed" (`kind: 'all'`),
 * which makes every other process forget everything it cached.
 */
export function createOutbox(opts: OutboxOptions): Outbox {
  const first = opts.retryMs ?? 250;
  const max = opts.maxRetryMs ?? 30_000;
  let pending: BusMessage[] = [];
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let wait = first;
  let closed = false;

  function retryLater() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, wait);
    wait = Math.min(wait * 2, max);
  }

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const m = pending[0]!;
      try {
        await opts.send(m);
      } catch (e) {
        opts.log(`events bridge: could not send (${(e as Error).message}); trying again`);
        return retryLater();
      }
      // Unless an overflow replaced the queue meanwhile, the message sent is its head.
      if (pending[0] === m) pending.shift();
      wait = first;
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    running ??= drain().finally(() => (running = null));
    return running;
  }

  return {
    push(m) {
      if (pending.length >= OUTBOX_MAX) {
        pending = pending.filter((p) => 'a' in p);
        if (pending.length >= OUTBOX_MAX) pending = [{ a: { kind: 'all' } }];
        opts.log('events bridge: too much waits to be sent; browser pushes were dropped');
      }
      pending.push(m);
      if (!closed && !timer) void flush();
    },
    flush,
    size: () => pending.length,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      for (const m of pending) await opts.send(m).catch(() => {});
      pending = [];
    },
  };
}

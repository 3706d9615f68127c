import { EventEmitter } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Never answer (a dead endpoint). */
  hang?: boolean;
  /** Answer after this long (a slow endpoint: attempts stay in flight). */
  delayMs?: number;
}

/**
 * A webhook receiver on 127.0.0.1 for tests: records every request and
 * answers with `respond` (200 by default). `until` resolves as soon as the
 * requests received satisfy a condition (no sleeping).
 */
export async function startReceiver(
  respond: (r: Received, n: number) => Answer = () => ({ status: 200 }),
) {
  const received: Received[] = [];
  const events = new EventEmitter();
  let answer = respond;
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      const a = answer(r, received.length);
      events.emit('request');
      if (a.hang) {
        open.add(res);
        return;
      }
      const send = () => {
        res.writeHead(a.status, a.headers ?? { 'content-type': 'text/plain' });
        res.end(a.body ?? 'ok');
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    answerWith(a: (r: Received, n: number) => Answer) {
      answer = a;
    },
    /** Resolves when `ok(received)` holds; rejects after `ms`. */
    until(ok: (list: Received[]) => boolean, ms = 15_000): Promise<Received[]> {
      return new Promise((resolve, reject) => {
        if (ok(received)) return resolve(received);
        const t = setTimeout(() => {
          events.off('request', check);
          reject(
            new Error(`receiver: condition not met after ${ms} ms (${received.length} received)`),
          );
        }, ms);
        function check() {
          if (!ok(received)) return;
          clearTimeout(t);
          events.off('request', check);
          resolve(received);
        }
        events.on('request', check);
      });
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Verifies a request as an integrator would, with the standardwebhooks library; answers its body. */
export function verified(
  secret: string,
  r: Received,
): { type: string; timestamp: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as never;
}

/** Polls a read until it answers something truthy (a database state the worker writes). */
export async function until<T>(read: () => Promise<T>, ms = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`until: nothing after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The request id (docs/deploy.md, "Metrics and logs"): every log line of a
 * request carries it (Fastify's `reqId`), the answer echoes it in
 * `X-Request-Id`, and a queue job the request enqueues stores it, so the
 * worker's log lines for that job carry it too, on whichever process runs it.
 */

/** What code deep in a request (or a queue job) can know about the request that caused it. */
export interface RequestScope {
  reqId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** A proxy's id is kept only when it is a short safe token; anything else is replaced. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the proxy's `X-Request-Id` when safe, else a fresh uuid. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** The id of the request (or of the request behind the queue job) running now, if any. */
export const currentRequestId = (): string | null => scope.getStore()?.reqId ?? null;

/** Runs `fn` as part of the request `reqId` (a queue job the request caused). */
export function runInRequest<T>(reqId: string | null, fn: () => T): T {
  return reqId ? scope.run({ reqId }, fn) : fn();
}

/**
 * Echo the id in the answer, and make it the scope of the handler: set in
 * preHandler (after the body was read, whose stream events run outside any
 * scope), so the handler and everything it awaits sees it.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    scope.run({ reqId: request.id }, done);
  });
}

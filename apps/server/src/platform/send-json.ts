import type { FastifyReply } from 'fastify';

/**
 * Send a long list that a presenter has already shaped, as plain JSON. The
 * route keeps its response schema for the OpenAPI document, but checking
 * thousands of rows against it again would cost several times the stringify
 * (measured on the clients and invoices lists: docs/performance.md).
 */
export function sendJsonList(reply: FastifyReply, rows: readonly unknown[]) {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows) as never);
}

/** Send JSON text the database has already built (a list presenter written in SQL). */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}

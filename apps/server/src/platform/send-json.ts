import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Whether the request takes brotli (`br` listed, and not with q=0). */
export function acceptsBrotli(req: FastifyRequest): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'br') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Send JSON text kept with its brotli form (a cached answer): the stored bytes
 * when the request takes brotli (so nothing is compressed again), else the
 * text, which @fastify/compress handles as any answer.
 */
export async function sendJsonCached(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: { json: string; brotli: () => Promise<Buffer> },
) {
  reply.header('Vary', 'Accept-Encoding');
  if (!acceptsBrotli(req)) return sendJsonText(reply, answer.json);
  return reply
    .type('application/json; charset=utf-8')
    .header('Content-Encoding', 'br')
    .send(await answer.brotli());
}

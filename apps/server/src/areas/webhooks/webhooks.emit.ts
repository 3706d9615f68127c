import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { enqueueMany } from '../../platform/queue.js';
import * as repo from './webhooks.repo.js';

/** The queue's kind for one delivery (webhooks.queue.ts). */
export const WEBHOOK_DELIVERY = 'webhook-delivery';
/**
 * The queue row may run this often; the handler's schedule (config
 * `webhooks.backoffMs`, at most 20 waits) decides when it gives up.
 */
export const WEBHOOK_MAX_ATTEMPTS = 21;

/** The newest deliveries an endpoint's log keeps; older finished ones go as new ones are written. */
export const WEBHOOK_LOG_KEPT = 1000;

/** An event id: `msg_` and 128 random bits (the webhook-id header; no dots, which the signature joins with). */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** The body every endpoint receives: small, documented in docs/webhooks.md. */
export const eventBody = (type: string, data: Record<string, unknown>, at = new Date()) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

/**
 * Writes delivery rows and keeps each endpoint's log to its newest
 * WEBHOOK_LOG_KEPT: every insert prunes, whatever the endpoint answers, so
 * a dead endpoint's log is bounded too (docs/webhooks.md).
 */
export async function writeDeliveries(
  tx: Tx,
  rows: Parameters<typeof repo.insertDeliveries>[1],
): Promise<{ id: string; endpointId: string }[]> {
  const written = await repo.insertDeliveries(tx, rows);
  const byEndpoint = new Map(rows.map((r) => [r.endpointId, r.companyId]));
  for (const [endpointId, companyId] of byEndpoint)
    await repo.pruneDeliveries(tx, companyId, endpointId, WEBHOOK_LOG_KEPT);
  return written;
}

/**
 * Queues `rows` (deliveries made in the caller's transaction) on the durable
 * queue, one job each, so they exist exactly when the caller commits.
 */
export async function queueDeliveries(tx: Tx, companyId: string, ids: string[]): Promise<void> {
  await enqueueMany(
    tx,
    ids.map((deliveryId) => ({
      kind: WEBHOOK_DELIVERY,
      companyId,
      payload: { deliveryId },
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    })),
  );
}

/**
 * The webhooks area's intention for the other areas: an event happened in the
 * caller's transaction. Writes one delivery and one queue row for each enabled
 * endpoint of the company that asked for `type` (none: nothing is written), so
 * a change that rolls back sends nothing. `data` carries ids and key fields only.
 */
export async function emitWebhook(
  tx: Tx,
  companyId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const endpoints = (await repo.listEndpoints(tx, companyId)).filter(
    (e) => e.enabled && e.events.includes(type),
  );
  if (endpoints.length === 0) return;
  const messageId = newMessageId();
  const body = eventBody(type, data);
  const rows = await writeDeliveries(
    tx,
    endpoints.map((e) => ({ companyId, endpointId: e.id, messageId, eventType: type, body })),
  );
  await queueDeliveries(
    tx,
    companyId,
    rows.map((r) => r.id),
  );
}

import type { TWebhookDelivery, TWebhookEndpoint } from '@fieldbook/core';
import type { DeliveryRow, EndpointRow } from './webhooks.repo.js';

/** An endpoint as the API shows it: never its secret. */
export const presentEndpoint = (e: EndpointRow): TWebhookEndpoint => ({
  _id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  disabledReason: e.enabled ? null : e.disabledReason,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentDelivery = (d: DeliveryRow): TWebhookDelivery => ({
  _id: d.id,
  messageId: d.messageId,
  eventType: d.eventType,
  payload: d.body,
  attempt: d.attempt,
  status: d.status,
  responseStatus: d.responseStatus,
  responseBody: d.responseBody,
  error: d.error,
  createdAt: d.createdAt.toISOString(),
  lastAttemptAt: iso(d.lastAttemptAt),
  nextAttemptAt: iso(d.nextAttemptAt),
  deliveredAt: iso(d.deliveredAt),
});

import { z } from 'zod';
import type { Area } from '../access.js';

/**
 * Signed webhooks (docs/webhooks.md, DECISIONS §17): the events a company's
 * endpoints may ask for, and the calls that manage them.
 */
export const WEBHOOK_EVENTS = [
  'client.created',
  'client.updated',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.part_paid',
  'credit_note.issued',
  'job.created',
  'job.status_changed',
  'job.done',
  'recurring.run',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event "Send test event" sends; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * The areas whose read right an event's payload needs (docs/webhooks.md):
 * subscribing an endpoint to it, and seeing or sending again its deliveries,
 * take the read right of every one. Quotes are in the invoices area; a
 * recurring run may be an invoice, an expense or a job, so it needs all three.
 */
export const WEBHOOK_EVENT_AREAS: Record<WebhookEvent, readonly Area[]> = {
  'client.created': ['clients'],
  'client.updated': ['clients'],
  'quote.sent': ['invoices'],
  'quote.accepted': ['invoices'],
  'quote.declined': ['invoices'],
  'invoice.created': ['invoices'],
  'invoice.sent': ['invoices'],
  'invoice.paid': ['invoices'],
  'invoice.part_paid': ['invoices'],
  'credit_note.issued': ['invoices'],
  'job.created': ['appointments'],
  'job.status_changed': ['appointments'],
  'job.done': ['appointments'],
  'recurring.run': ['invoices', 'expenses', 'appointments'],
};

/** What each event is, as the settings screen names it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'client.created': 'A client is added',
  'client.updated': 'A client is changed',
  'quote.sent': 'A quote is e-mailed',
  'quote.accepted': 'A client accepts a quote',
  'quote.declined': 'A client declines a quote',
  'invoice.created': 'An invoice is made',
  'invoice.sent': 'An invoice is e-mailed',
  'invoice.paid': 'An invoice is paid in full',
  'invoice.part_paid': 'A payment leaves an invoice part paid',
  'credit_note.issued': 'A credit note is issued',
  'job.created': 'A job is made',
  'job.status_changed': "A job's status changes",
  'job.done': 'A job enters Job Done',
  'recurring.run': 'A recurring item makes its document or job',
};

/** Endpoints a company may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** The longest endpoint URL. */
export const WEBHOOK_URL_MAX = 2000;
/** Deliveries one page of the log shows. */
export const WEBHOOK_DELIVERIES_PAGE = 50;

const ZEvents = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, 'must name at least one event')
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => [...new Set(list)]);

/** `POST /companies/:cid/webhooks`: a new endpoint. */
export const ZWebhookEndpointCreate = z.object({
  url: z.string().trim().min(1, 'is required').max(WEBHOOK_URL_MAX),
  description: z.string().trim().max(200).default(''),
  events: ZEvents,
});
export type TWebhookEndpointCreate = z.infer<typeof ZWebhookEndpointCreate>;

/** `POST /companies/:cid/webhooks/:id`: changes; `enabled: true` turns a disabled endpoint on again. */
export const ZWebhookEndpointUpdate = z.object({
  url: z.string().trim().min(1, 'is required').max(WEBHOOK_URL_MAX).optional(),
  description: z.string().trim().max(200).optional(),
  events: ZEvents.optional(),
  enabled: z.boolean().optional(),
});
export type TWebhookEndpointUpdate = z.infer<typeof ZWebhookEndpointUpdate>;

export const ZWebhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it was turned off (an answer of 410, or by hand), when off. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpoints = z.object({
  endpoints: z.array(ZWebhookEndpoint),
  /** Whether the server may reach private and loopback addresses (and plain http). */
  allowPrivate: z.boolean(),
});
export type TWebhookEndpoints = z.infer<typeof ZWebhookEndpoints>;

/** The endpoint with its signing secret: answered once, at create and at rotate. */
export const ZWebhookEndpointWithSecret = z.object({
  endpoint: ZWebhookEndpoint,
  secret: z.string(),
});
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'gave-up'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const ZWebhookDelivery = z.object({
  _id: z.string(),
  /** The event's id (`msg_...`), the `webhook-id` header; the same on every attempt. */
  messageId: z.string(),
  eventType: z.string(),
  /** The JSON body sent. */
  payload: z.string(),
  /** Attempts made so far. */
  attempt: z.number().int(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  responseStatus: z.number().int().nullable(),
  /** The first 1 KB of the last answer's body. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** `GET .../deliveries?before=`: newest first, a page at a time (`before`: the last page's `next`). */
export const ZWebhookDeliveriesQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
});
export const ZWebhookDeliveries = z.object({
  deliveries: z.array(ZWebhookDelivery),
  /** Pass as `before` for the next (older) page; null on the last. */
  next: z.number().int().nullable(),
});
export type TWebhookDeliveries = z.infer<typeof ZWebhookDeliveries>;

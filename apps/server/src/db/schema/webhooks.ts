import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * A company's webhook endpoint (docs/webhooks.md): where its events are
 * POSTed, signed with the endpoint's secret (Standard Webhooks, `whsec_...`),
 * which is stored sealed with the server's key and shown once.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives (core's WEBHOOK_EVENTS). */
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it is off: an answer of 410 Gone, or turned off by hand. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/**
 * One event for one endpoint and its attempts (a "send again" is a new row
 * with the same message id). `body` is the exact JSON sent, so every attempt
 * signs and sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The log's order, newest first (created_at may tie). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** `msg_...`: the webhook-id header, the same on every attempt. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    attempt: integer('attempt').notNull().default(0),
    /** pending | delivered | failed (to be tried again) | gave-up */
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'gave-up'] })
      .notNull()
      .default('pending'),
    responseStatus: integer('response_status'),
    /** The first 1 KB of the last answer. */
    responseBody: text('response_body'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.companyId, t.endpointId, t.seq)],
);

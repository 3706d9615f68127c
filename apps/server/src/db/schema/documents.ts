import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TTemplateField } from '@fieldbook/core';
import { users } from './accounts.js';
import { companies } from './companies.js';
import { invoices } from './invoices.js';

/**
 * Document templates: invoice, statement and custom HTML with logic-free
 * placeholders (DECISIONS §7). `companyId` null marks a template shipped with
 * the product; `anyCompany` makes a template usable by every company (only a
 * super user may set it). The HTML is stored already sanitised.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['invoice', 'statement', 'custom'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    html: text('html').notNull(),
    emailBody: text('email_body').notNull().default(''),
    anyCompany: boolean('any_company').notNull().default(false),
    isInvoice: boolean('is_invoice').notNull().default(false),
    isStatement: boolean('is_statement').notNull().default(false),
    /** Extra fields the invoice editor shows for an invoice using this template. */
    fields: jsonb('fields').$type<TTemplateField[]>().notNull().default([]),
    /** Stable key of a shipped template (`tax-invoice`, `quote`, `statement`). */
    builtIn: text('built_in'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('templates_company_idx').on(t.companyId, t.type),
    uniqueIndex('templates_built_in_uq')
      .on(t.builtIn)
      .where(sql`${t.builtIn} is not null`),
  ],
);

/** Images placed in templates, public at `/api/images/template/{id}`. */
export const templateImages = pgTable('template_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  templateId: uuid('template_id')
    .notNull()
    .references(() => templates.id, { onDelete: 'cascade' }),
  fileId: uuid('file_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The durable job queue (e-mail sends, monthly statements). A worker claims
 * due rows with `FOR UPDATE SKIP LOCKED` and holds them for a lease; a job
 * whose lease ran out (its process died) is claimed again. `dedupeKey` makes
 * an enqueue idempotent (one statement per client and month).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** 'queued' | 'done' | 'failed' */
    state: text('state', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    // The fair claim's bounded reads (platform/jobs.repo.ts, claimJobs): each
    // company's due rows in order, and its running ones counted.
    index('jobs_company_due_idx')
      .on(t.companyId, t.runAt, t.id)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_running_idx')
      .on(t.companyId)
      .where(sql`${t.state} = 'queued' and ${t.lockedUntil} is not null`),
    uniqueIndex('jobs_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * PayFast payment notifications, one row per company, provider and PayFast
 * payment id: the unique index is what makes a repeated notification mark an
 * invoice paid only once. Sandbox payments are their own provider
 * (`payfast-sandbox`): sandbox and live ids are separate sequences.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    provider: text('provider').notNull().default('payfast'),
    providerPaymentId: text('provider_payment_id').notNull(),
    reference: text('reference').notNull().default(''),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    status: text('status').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_company_provider_id_uq').on(t.companyId, t.provider, t.providerPaymentId),
  ],
);

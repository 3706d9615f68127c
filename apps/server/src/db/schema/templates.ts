import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TTemplateField } from '@fieldbook/core';
import { users } from './auth.js';
import { companies } from './companies.js';

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

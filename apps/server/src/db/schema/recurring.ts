import type { TDiscount, TLine, TTax } from '@fieldbook/core';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { clients } from './clients.js';
import { suppliers } from './suppliers.js';
import { companies } from './companies.js';

/**
 * Recurring invoices, expenses and jobs ("calender" items, the spec's
 * spelling): a rule (DECISIONS §8 and §13, computed by core's `recurrence`)
 * and the document to make on each of its dates. The columns every type
 * shares are columns; what only one type has lives in `document` (validated
 * by core's `ZRecurringSave` before it is stored).
 */
export const recurringItems = pgTable(
  'recurring_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['invoices', 'expenses', 'calender'] }).notNull(),
    active: boolean('active').notNull().default(true),
    // The rule (field names of DECISIONS §13).
    startDate: date('start_date', { mode: 'string' }).notNull(),
    recurringType: text('recurring_type', { enum: ['day', 'week', 'month', 'year'] }).notNull(),
    separationCount: integer('separation_count').notNull().default(0),
    dayOfWeek: integer('day_of_week'),
    dayOfMonth: integer('day_of_month'),
    monthOfYear: integer('month_of_year'),
    weekOfMonth: integer('week_of_month'),
    maxOccurrences: integer('max_occurrences'),
    endDate: date('end_date', { mode: 'string' }),
    /**
     * The next date not yet made, in the company's time zone; null when the
     * rule has no more dates. The scheduler picks items with
     * `active and next_run_date <= today`.
     */
    nextRunDate: date('next_run_date', { mode: 'string' }),
    lastRunDate: date('last_run_date', { mode: 'string' }),
    /** The client of an invoice or job; a client deleted later raises an incident at the run. */
    entityId: uuid('entity_id').references(() => clients.id),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    /** Invoices: send the new invoice (and a statement) through the mail queue. */
    sendOnCreation: boolean('send_on_creation').notNull().default(false),
    includeStatement: boolean('include_statement').notNull().default(false),
    /** Move the new document's date back by `backdateAmount` days. */
    backdate: boolean('backdate').notNull().default(false),
    backdateAmount: integer('backdate_amount').notNull().default(0),
    category: text('category').notNull().default(''),
    /** Invoice lines (for a job, its line items); empty for an expense. */
    descriptions: jsonb('descriptions').$type<TLine[]>().notNull().default([]),
    discount: jsonb('discount').$type<TDiscount | null>(),
    tax: jsonb('tax').$type<TTax | null>(),
    /** The rest of the document, by type (see `ZRecurringSave`). */
    document: jsonb('document').$type<Record<string, unknown>>().notNull().default({}),
    /** The document's total as core computes it, for lists, the pie and exports. */
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recurring_items_company_type_idx').on(t.companyId, t.type),
    index('recurring_items_due_idx').on(t.nextRunDate),
  ],
);

/**
 * One row per item and occurrence date made: the unique key that makes each
 * date exactly once, written in the transaction that makes the document.
 */
export const recurringRuns = pgTable(
  'recurring_runs',
  {
    recurringItemId: uuid('recurring_item_id')
      .notNull()
      .references(() => recurringItems.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The invoice, expense or job made; null when the run raised an incident instead. */
    documentId: uuid('document_id'),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recurringItemId, t.occurrenceDate] })],
);

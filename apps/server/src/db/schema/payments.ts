import {
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { invoices } from './invoices.js';

/**
 * The payments of invoices (DECISIONS §16, docs/payments.md): any number per
 * invoice, recorded by hand (provider `manual`, its own id as provider id) or
 * by PayFast notifications, one row per company, provider and PayFast payment
 * id: the unique index is what makes a repeated notification count once.
 * Sandbox payments are their own provider (`payfast-sandbox`): sandbox and
 * live ids are separate sequences. A notification that matched no invoice
 * has no `invoiceId` until its incident is fixed. The invoice's paid flag,
 * amount, date and method are derived from these rows.
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
    /** The day the money arrived (company zone); a notification's is the day it came. */
    datePaid: date('date_paid', { mode: 'string' }),
    /** One of core's PAYMENT_METHODS as a rule ('PayFast' for online payments); free text. */
    method: text('method').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Who recorded a payment by hand (null for online payments and older rows). */
    recordedBy: uuid('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_company_provider_id_uq').on(t.companyId, t.provider, t.providerPaymentId),
    index('payments_company_invoice_idx').on(t.companyId, t.invoiceId),
  ],
);

import { jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { invoices } from './invoices.js';

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

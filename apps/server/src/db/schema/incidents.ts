import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { companies } from './companies.js';

/**
 * A record that must be tied to a client the system could not identify as
 * exactly one client (DECISIONS §6). `recordKind` + `recordId` name the record.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    description: text('description').notNull(),
    /** The client name as it was read (the value that matched none or several). */
    value: text('value').notNull(),
    status: text('status', { enum: ['open', 'fixed'] })
      .notNull()
      .default('open'),
    recordKind: text('record_kind', { enum: ['invoice', 'recurring', 'payment'] }).notNull(),
    recordId: uuid('record_id'),
    fixedClientId: uuid('fixed_client_id').references(() => clients.id),
    fixedAt: timestamp('fixed_at', { withTimezone: true }),
  },
  (t) => [index('incidents_company_status_idx').on(t.companyId, t.status, t.date)],
);

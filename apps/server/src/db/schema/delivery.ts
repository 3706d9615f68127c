import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * E-mails a company sent (or queued) per clock hour: the sending limit is
 * counted here, so it holds across server processes (DECISIONS §14).
 */
export const sendCounts = pgTable(
  'send_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hour] })],
);

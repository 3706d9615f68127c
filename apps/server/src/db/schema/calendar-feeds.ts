import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies } from './companies.js';

/**
 * A member's private calendar feed of their jobs in one company (docs/scheduling.md).
 * The URL's token is found by its SHA-256 hash; it is also kept sealed with the
 * server's secret key, so the owner can be shown the same URL again.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_uq').on(t.tokenHash),
    uniqueIndex('calendar_feeds_company_user_uq').on(t.companyId, t.userId),
  ],
);

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies } from './companies.js';

/** A task coupon one member gives another (spec "Task coupon", issue 14). */
export const taskCoupons = pgTable(
  'task_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    giverId: uuid('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayTime: timestamp('display_time', { withTimezone: true }).notNull(),
    opened: timestamp('opened', { withTimezone: true }),
    requested: timestamp('requested', { withTimezone: true }),
    used: timestamp('used', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('task_coupons_holder_idx').on(t.companyId, t.holderId),
    index('task_coupons_giver_idx').on(t.companyId, t.giverId),
  ],
);

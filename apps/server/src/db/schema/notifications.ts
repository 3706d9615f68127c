import {
  bigint,
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies, companyMembers } from './companies.js';
import { invoices } from './invoices.js';
import { appointments } from './jobs.js';

/**
 * A notification in a member's notification room (operations spec §1): what
 * a job's status told its assignee, shown on the dashboard. Tied to the
 * membership and to its job: removing the member or deleting the job removes
 * it. `dedupeKey` makes one per cause (`job-status:<jobId>:<entry>`). At most
 * the newest 200 are kept per member (docs/notifications.md).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order of arrival: newest first and the 200 kept go by it, not by
     * `createdAt`, which two notifications can share on a coarse clock.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    jobId: uuid('job_id').references(() => appointments.id, { onDelete: 'cascade' }),
    /** The quote (or invoice) it opens: a client's answer in the portal (docs/portal.md). */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      columns: [t.companyId, t.userId],
      foreignColumns: [companyMembers.companyId, companyMembers.userId],
      name: 'notifications_member_fk',
    }).onDelete('cascade'),
    uniqueIndex('notifications_dedupe_uq').on(t.companyId, t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.companyId, t.userId, t.seq),
  ],
);

/** Whether a user also wants the e-mail of a kind of notification; no row is yes (as before). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

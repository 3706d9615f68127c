import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** The leftover body-measurement people, owned by the user who made them. */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    rank: text('rank', { enum: ['client', 'makeup', 'admin'] }).notNull(),
    // Measurements are not money: floating point is fine here.
    weight: doublePrecision('weight'),
    height: doublePrecision('height'),
    circum: doublePrecision('circum'),
    profilePicture: uuid('profile_picture'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('people_owner_idx').on(t.ownerId)],
);

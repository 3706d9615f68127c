import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies } from './companies.js';
import { appointments } from './jobs.js';

/** A company's cars, for the travel log book (docs/vehicles.md). */
export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    registration: text('registration').notNull(),
    /** The registration upper case without white space: unique per company. */
    registrationKey: text('registration_key').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    openingOdometer: integer('opening_odometer').notNull(),
    year: integer('year'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cars_company_registration_uq').on(t.companyId, t.registrationKey)],
);

/** One trip of the log book: who drove which car where, and why. */
export const logBookTrips = pgTable(
  'log_book_trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    // A driver who leaves the platform takes their trips out of the book with them.
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    from: text('from').notNull(),
    to: text('to').notNull(),
    openingOdometer: integer('opening_odometer').notNull(),
    closingOdometer: integer('closing_odometer').notNull(),
    /** Closing less opening, written by the server only. */
    kilometres: integer('kilometres').notNull(),
    business: boolean('business').notNull(),
    reason: text('reason').notNull().default(''),
    jobId: uuid('job_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('log_book_trips_company_date_idx').on(t.companyId, t.date),
    index('log_book_trips_car_date_idx').on(t.carId, t.date),
  ],
);

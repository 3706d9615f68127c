import type {
  TComponent,
  TComponentValue,
  TDiscount,
  TLatLng,
  TLine,
  TLogEntry,
  TStatus,
} from '@fieldbook/core';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { clients } from './clients.js';
import { companies } from './companies.js';
import { exactIndex, trigramIndex } from './search.js';

/** Appointment types: one workflow (statuses with their diagram) and form (components) each. */
export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    color: text('color').notNull().default('primary'),
    statuses: jsonb('statuses').$type<TStatus[]>().notNull(),
    components: jsonb('components').$type<TComponent[]>().notNull(),
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appointment_types_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** Jobs (appointments). `status` is a status name of the type, null when none. */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    appointmentNumber: text('appointment_number').notNull(),
    appointmentTypeId: uuid('appointment_type_id')
      .notNull()
      .references(() => appointmentTypes.id),
    status: text('status'),
    /**
     * The last status of the type the job was in: while it sits in Unscheduled
     * or Scheduled, that status's permissions still apply (a move there must
     * not reveal what the status hides).
     */
    lastStatus: text('last_status'),
    /** Images and signatures uploaded for the job (bounded: they are stored in the database). */
    imageUploads: integer('image_uploads').notNull().default(0),
    hasSchedule: boolean('has_schedule').notNull().default(false),
    /**
     * Whether the job is active (DECISIONS §9: its status is not final or
     * hidden); kept on every save and type save, so activeJobs is one index scan.
     */
    active: boolean('active').notNull().default(true),
    /** How many times the job has entered a status: the key of exactly-once automations. */
    statusEntries: integer('status_entries').notNull().default(0),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    isAllDayEvent: boolean('is_all_day_event').notNull().default(true),
    sendClientReminder: boolean('send_client_reminder').notNull().default(false),
    priority: text('priority').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedUsers: jsonb('assigned_users').$type<string[]>().notNull().default([]),
    entityId: uuid('entity_id').references(() => clients.id, { onDelete: 'set null' }),
    faultDescription: text('fault_description').notNull().default(''),
    resolution: text('resolution').notNull().default(''),
    lineItems: jsonb('line_items').$type<TLine[]>().notNull().default([]),
    discount: jsonb('discount').$type<TDiscount>().notNull(),
    to: text('to').notNull().default(''),
    toEmail: text('to_email').notNull().default(''),
    address: text('address').notNull().default(''),
    /** The job's own verified position; null means its client's. */
    googlePosition: jsonb('google_position').$type<TLatLng>(),
    values: jsonb('values').$type<Record<string, TComponentValue>>().notNull().default({}),
    log: jsonb('log').$type<TLogEntry[]>().notNull().default([]),
    invoiceId: uuid('invoice_id'),
    order: integer('order').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    depart: timestamp('depart', { withTimezone: true }),
    distance: numeric('distance', { precision: 12, scale: 1, mode: 'number' }),
    duration: integer('duration'),
    displayOrder: integer('display_order'),
    progress: integer('progress'),
    dependencies: jsonb('dependencies').$type<string[]>().notNull().default([]),
    /** The job's part of its public document links: 244 random bits, never the id. */
    publicKey: text('public_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    reminderSentFor: timestamp('reminder_sent_for', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointments_company_number_uq').on(t.companyId, t.appointmentNumber),
    uniqueIndex('appointments_public_key_uq').on(t.publicKey),
    index('appointments_company_start_idx').on(t.companyId, t.startDate),
    index('appointments_company_active_idx')
      .on(t.companyId, t.appointmentTypeId)
      .where(sql`${t.active}`),
    index('appointments_company_entity_idx').on(t.companyId, t.entityId),
    trigramIndex('appointments_number_trgm_idx', t.appointmentNumber),
    trigramIndex('appointments_fault_trgm_idx', t.faultDescription),
    exactIndex('appointments_company_number_lower_idx', t.companyId, t.appointmentNumber),
  ],
);

/** Comments on a job (the comments panel). */
export const jobComments = pgTable(
  'job_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_comments_job_idx').on(t.appointmentId, t.createdAt)],
);

/**
 * One row per change that can alter the board's cards: written by the database's
 * own triggers (migration 0022) on appointments, on a client's name or position
 * and on appointment types, whichever process or area writes them, in the
 * writer's transaction. The cards cache (areas/jobs/cards-cache.ts) is keyed
 * by the company's rows here (count, sum and last id): a change committed
 * anywhere is seen by the next read on every process. Rows older than an hour
 * are pruned by the job reminders' tick; no foreign key, so a company's
 * deletion (which deletes its jobs) can write its last rows.
 */
export const cardChanges = pgTable(
  'card_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('card_changes_company_idx').on(t.companyId, t.id),
    index('card_changes_at_idx').on(t.at),
  ],
);

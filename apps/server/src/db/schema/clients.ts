import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TClientField, TLatLng } from '@fieldbook/core';
import { users } from './auth.js';
import { companies } from './companies.js';
import { files } from './files.js';
import { fullName, trigramIndex } from './search.js';

const companyRef = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** Client types ("entity templates"): each type's own list of extra fields. */
export const clientTypes = pgTable(
  'client_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    name: text('name').notNull(),
    descriptions: jsonb('descriptions').$type<TClientField[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_types_company_idx').on(t.companyId)],
);

/**
 * Clients ("entities"). Deleting a client only hides it (`deletedAt`): its
 * invoices and statement stay intact.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    entityTemplateId: uuid('entity_template_id').references(() => clientTypes.id, {
      onDelete: 'set null',
    }),
    statementTemplateId: uuid('statement_template_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    contactNumber: text('contact_number').notNull().default(''),
    address: text('address').notNull().default(''),
    googlePosition: jsonb('google_position').$type<TLatLng>(),
    googleZoom: integer('google_zoom'),
    autoSendStatement: boolean('auto_send_statement').notNull().default(false),
    /** Values of the client type's extra fields, by field `description`. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    /** Sum of the balances of the client's invoices; kept in the saving transaction. */
    outstanding: numeric('outstanding', { precision: 14, scale: 2 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('clients_company_name_idx').on(t.companyId, t.name, t.surname),
    index('clients_company_type_idx').on(t.companyId, t.entityTemplateId),
    trigramIndex('clients_search_trgm_idx', fullName(t.name, t.surname)),
  ],
);

/** Files attached to a client (`POST /entities/{id}/document`). */
export const clientDocuments = pgTable(
  'client_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_documents_company_client_idx').on(t.companyId, t.clientId)],
);

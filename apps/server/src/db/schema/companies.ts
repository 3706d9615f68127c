import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE, type GroupRights, type TLatLng, type TTax } from '@fieldbook/core';
import { users } from './auth.js';

export interface StoredSmtp {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  /** AES-GCM sealed with the server's secret key; never sent to a browser. */
  passwordSealed: string | null;
}

export interface StoredPayfast {
  merchantId: string;
  merchantKey: string;
  /** AES-GCM sealed with the server's secret key; never sent to a browser. */
  passphraseSealed: string | null;
  /** Use PayFast's sandbox (test cards, no real money). */
  sandbox: boolean;
}

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyName: text('company_name').notNull(),
  /** The owner: may do everything in the company. */
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  logo: uuid('logo'),
  tax: jsonb('tax').$type<TTax>().notNull(),
  emailAddress: text('email_address').notNull().default(''),
  smtp: jsonb('smtp').$type<StoredSmtp>(),
  numbering: text('numbering').notNull().default('INV00001'),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  /** Shown on documents: postal/street address (several lines) and phone. */
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  /** How long a client portal link works, in days (docs/portal.md). */
  portalLinkDays: integer('portal_link_days').notNull().default(90),
  /** Invoice and quote mails carry the client's portal link (docs/portal.md); off by default. */
  portalInEmails: boolean('portal_in_emails').notNull().default(false),
  /** Members must have a second factor to reach the company (docs/auth.md). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** What a quote accepted in the portal does: 'notify' staff, or also 'invoice' it. */
  quoteAcceptAction: text('quote_accept_action', { enum: ['notify', 'invoice', 'job'] })
    .notNull()
    .default('notify'),
  /** The job type of the job an accepted quote makes ('job'); the first type when gone. */
  quoteAcceptJobTypeId: uuid('quote_accept_job_type_id'),
  /** Terms a client accepts with a quote in the portal; empty for none. */
  quoteTerms: text('quote_terms').notNull().default(''),
  payfast: jsonb('payfast').$type<StoredPayfast>(),
  /** Hide the PAID/UNPAID ribbon on the public invoice view. */
  hideInvoiceLabel: boolean('hide_invoice_label').notNull().default(false),
  /** The company's chosen templates; null falls back to the shipped ones. */
  invoiceTemplateId: uuid('invoice_template_id'),
  quoteTemplateId: uuid('quote_template_id'),
  statementTemplateId: uuid('statement_template_id'),
  /** Where the company's routes start and end (the route planner's base); null until set. */
  basePosition: jsonb('base_position').$type<TLatLng>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companyGroups = pgTable(
  'company_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rights: jsonb('rights').$type<GroupRights>().notNull(),
  },
  (t) => [index('company_groups_company_idx').on(t.companyId)],
);

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => companyGroups.id, { onDelete: 'set null' }),
    disabled: boolean('disabled').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('company_members_user_idx').on(t.userId),
  ],
);

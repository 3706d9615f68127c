import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * Ledger accounts of a company (spec: Ledger account). `income` is derived
 * from `type` and stored for the statement's grouping. Each company has one
 * default account of each kind (income and cost), made on first use; items
 * with no account of their own land there, and a deleted account's items
 * move there.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['revenue', 'otherIncome', 'directCost', 'indirectCost'] })
      .notNull()
      .default('revenue'),
    income: boolean('income').notNull(),
    name: text('name').notNull(),
    /** The account's code in the bookkeeper's chart of accounts. */
    account: text('account').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_accounts_company_idx').on(t.companyId),
    uniqueIndex('ledger_accounts_one_default_uq')
      .on(t.companyId, t.income)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Account items (spec: Account item): one per invoice line and one per
 * expense, kept in step with every save, delete, import and recurring run in
 * the same transaction. `amount` is the line's share of the document's net
 * (after discount, without tax), so a period's items add up to its invoices'
 * net to the cent.
 */
export const accountItems = pgTable(
  'account_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    income: boolean('income').notNull(),
    /** An invoice line, an expense, or a credit note's part of an invoice line (negative). */
    sourceKind: text('source_kind', { enum: ['invoice', 'expense', 'credit'] }).notNull(),
    sourceId: uuid('source_id').notNull(),
    /** The line's index in the invoice's `descriptions` (the credited invoice's for a credit note); 0 for an expense. */
    lineIndex: integer('line_index').notNull().default(0),
    /** The invoice date or expense date: the period the item counts in. */
    date: date('date', { mode: 'string' }).notNull(),
    number: text('number').notNull().default(''),
    description: text('description').notNull().default(''),
    qty: numeric('qty', { precision: 14, scale: 4 }).notNull().default('1'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('account_items_source_uq').on(t.sourceKind, t.sourceId, t.lineIndex),
    index('account_items_statement_idx').on(t.companyId, t.date, t.ledgerAccountId),
    index('account_items_account_idx').on(t.ledgerAccountId),
  ],
);

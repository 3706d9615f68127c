import {
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { suppliers } from './suppliers.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** The saved price list; `overrides` holds a price per client id. */
export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull().default(''),
    description: text('description').notNull(),
    category: text('category').notNull().default(''),
    price: money('price').notNull(),
    notes: text('notes').notNull().default(''),
    ledgerAccountId: uuid('ledger_account_id'),
    overrides: jsonb('overrides').$type<Record<string, number>>().notNull().default({}),
    hasTax: boolean('has_tax').notNull().default(true),
    hasSecondTax: boolean('has_second_tax').notNull().default(true),
    cost: money('cost'),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    expenseAccountId: uuid('expense_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('items_company_description_idx').on(t.companyId, t.description)],
);

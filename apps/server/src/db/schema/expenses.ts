import {
  boolean,
  date,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { suppliers } from './suppliers.js';
import { companies } from './companies.js';
import { files } from './files.js';

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expenseNumber: text('expense_number').notNull(),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    to: text('to').notNull().default(''),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    paid: boolean('paid').notNull().default(false),
    methodPaid: text('method_paid').notNull().default(''),
    hasWarranty: boolean('has_warranty').notNull().default(false),
    warrantyValidDate: date('warranty_valid_date', { mode: 'string' }),
    ledgerAccountId: uuid('ledger_account_id'),
    isRecurring: boolean('is_recurring').notNull().default(false),
    recurringType: text('recurring_type').notNull().default(''),
    photo: uuid('photo').references(() => files.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expenses_company_date_idx').on(t.companyId, t.expenseDate),
    index('expenses_company_supplier_idx').on(t.companyId, t.supplierId),
    // One number per expense in a company, as for invoices and quotes.
    uniqueIndex('expenses_company_expense_number_uq').on(t.companyId, t.expenseNumber),
  ],
);

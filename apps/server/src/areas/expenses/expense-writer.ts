import type { Tx } from '../../db/client.js';
import { syncExpenseItems } from '../accounting/index.js';
import { allocateNumber } from '../invoices/index.js';
import * as repo from './expenses.repo.js';

/** What the writer needs of the company: its id and numbering preset. */
export interface ExpenseCompany {
  id: string;
  numbering: string;
}

export type ExpenseInput = Omit<repo.ExpenseValues, 'photo'> & { photo?: string | null };

/** The ledger's account item of an expense, rewritten in the caller's transaction. */
export function syncExpenseItem(
  tx: Tx,
  companyId: string,
  id: string,
  expenseNumber: string,
  values: Pick<ExpenseInput, 'expenseDate' | 'description' | 'price' | 'ledgerAccountId'>,
): Promise<void> {
  return syncExpenseItems(tx, companyId, {
    id,
    expenseDate: values.expenseDate,
    expenseNumber,
    description: values.description ?? '',
    price: values.price,
    ledgerAccountId: values.ledgerAccountId ?? null,
  });
}

/**
 * Inserts a new expense in the caller's transaction with the next free
 * expense number (the invoice counter rule), and its account item. The values
 * are already checked (the save route's `toExpenseValues`, or a recurring
 * item's stored ones; an account deleted since counts as the default one).
 */
export async function writeExpense(
  tx: Tx,
  company: ExpenseCompany,
  input: ExpenseInput,
  createdBy: string | null,
): Promise<string> {
  const expenseNumber = await allocateNumber(tx, company, 'expense', input.expenseDate);
  const id = await repo.insertExpense(tx, company.id, {
    ...input,
    photo: input.photo ?? null,
    expenseNumber,
    createdBy,
  });
  await syncExpenseItem(tx, company.id, id, expenseNumber, input);
  return id;
}

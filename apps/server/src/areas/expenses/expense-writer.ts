import type { Tx } from '../../db/client.js';
import { allocateNumber } from '../invoices/index.js';
import * as repo from './expenses.repo.js';

/** What the writer needs of the company: its id and numbering preset. */
export interface ExpenseCompany {
  id: string;
  numbering: string;
}

export type ExpenseInput = Omit<repo.ExpenseValues, 'photo'> & { photo?: string | null };

/**
 * Inserts a new expense in the caller's transaction with the next free
 * expense number (the invoice counter rule). The values are already checked
 * (the save route's `toExpenseValues`, or a recurring item's stored ones).
 */
export async function writeExpense(
  tx: Tx,
  company: ExpenseCompany,
  input: ExpenseInput,
  createdBy: string | null,
): Promise<string> {
  return repo.insertExpense(tx, company.id, {
    ...input,
    photo: input.photo ?? null,
    expenseNumber: await allocateNumber(tx, company, 'expense', input.expenseDate),
    createdBy,
  });
}

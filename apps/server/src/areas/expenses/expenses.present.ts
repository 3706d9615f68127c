import { toAmount, type TExpense, type TExpenseSummary } from '@fieldbook/core';
import { imagePath } from '../auth/index.js';
import type { ExpenseRow, summarizeExpenses } from './expenses.repo.js';

export function presentExpense(e: ExpenseRow): TExpense {
  return {
    _id: e.id,
    expenseNumber: e.expenseNumber,
    expenseDate: e.expenseDate,
    dueDate: e.dueDate,
    to: e.to,
    supplierId: e.supplierId,
    price: toAmount(e.price),
    description: e.description,
    paid: e.paid,
    methodPaid: e.methodPaid,
    hasWarranty: e.hasWarranty,
    warrantyValidDate: e.warrantyValidDate,
    ledgerAccountId: e.ledgerAccountId,
    isRecurring: e.isRecurring,
    recurringType: e.recurringType,
    photo: imagePath(e.photo),
  };
}

export function presentSummary(s: Awaited<ReturnType<typeof summarizeExpenses>>): TExpenseSummary {
  return {
    paid: toAmount(s.paid),
    outstanding: toAmount(s.outstanding),
    counts: { all: s.all, paid: s.paidCount, unpaid: s.all - s.paidCount },
  };
}

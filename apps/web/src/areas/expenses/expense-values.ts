import {
  ZExpenseSave,
  amountText,
  parseAmount,
  type TExpense,
  type TExpenseSave,
} from '@fieldbook/core';
import { contractErrors } from '../../ui/contract-errors';

/** What the expense form edits; the amount stays text so '12,50' can be typed. */
export interface ExpenseValues {
  expenseDate: string | null;
  dueDate: string | null;
  supplierId: string | null;
  to: string;
  description: string;
  price: string;
  paid: boolean;
  methodPaid: string | null;
  hasWarranty: boolean;
  warrantyValidDate: string | null;
  /** The cost account; null books it to the company's default cost account. */
  ledgerAccountId: string | null;
  /** The recurring switch (a new expense only): saving makes a recurring item. */
  isRecurring: boolean;
  recurringType: string;
}

export function newExpenseValues(today: string): ExpenseValues {
  return {
    expenseDate: today,
    dueDate: null,
    supplierId: null,
    to: '',
    description: '',
    price: '',
    paid: false,
    methodPaid: null,
    hasWarranty: false,
    warrantyValidDate: null,
    ledgerAccountId: null,
    isRecurring: false,
    recurringType: 'month',
  };
}

export function expenseToValues(e: TExpense): ExpenseValues {
  return {
    expenseDate: e.expenseDate,
    dueDate: e.dueDate,
    supplierId: e.supplierId,
    to: e.to,
    description: e.description,
    // Shown with a dot; a comma typed later is read the same way.
    price: amountText(e.price),
    paid: e.paid,
    methodPaid: e.methodPaid || null,
    hasWarranty: e.hasWarranty,
    warrantyValidDate: e.warrantyValidDate,
    ledgerAccountId: e.ledgerAccountId,
    isRecurring: e.isRecurring,
    recurringType: e.recurringType || 'month',
  };
}

export const AMOUNT_MESSAGE = 'must be an amount';

/** The form's labels: they start the browser's messages and name the server's fields. */
const FIELD_LABELS: Record<string, string> = {
  expenseDate: 'Expense Date',
  dueDate: 'Due Date',
  supplierId: 'Supplier',
  to: 'To',
  description: 'Description',
  price: 'Purchase Amount',
  methodPaid: 'Payment Method',
  warrantyValidDate: 'Warranty date',
  ledgerAccountId: 'Cost account',
  photo: 'Photo',
};

/**
 * The browser's checks: the save contract of core (ZExpenseSave), as the
 * server checks it, plus the two rules the server applies after it (an
 * amount, a warranty date when there is a warranty).
 */
export function expenseValidation(v: ExpenseValues): Record<string, string> {
  const errors = contractErrors(ZExpenseSave, valuesToSave(v, undefined, false), FIELD_LABELS);
  const n = parseAmount(v.price);
  if (n === null) errors.price = AMOUNT_MESSAGE;
  else if (n < 0) errors.price = 'must not be negative';
  if (v.hasWarranty && !v.warrantyValidDate)
    errors.warrantyValidDate ??= 'Warranty date is required';
  return errors;
}

/**
 * The `data` JSON of the save. Fields the form does not edit (a saved
 * expense's recurrence) are posted back as loaded, so a save keeps them.
 */
export function valuesToSave(
  v: ExpenseValues,
  saved: TExpense | undefined,
  removePhoto: boolean,
): TExpenseSave {
  return {
    ...(saved && { _id: saved._id }),
    expenseDate: v.expenseDate ?? '',
    dueDate: v.dueDate || null,
    supplierId: v.supplierId || null,
    to: v.to.trim(),
    description: v.description.trim(),
    price: parseAmount(v.price) ?? v.price,
    paid: v.paid,
    methodPaid: v.paid ? (v.methodPaid ?? '') : '',
    hasWarranty: v.hasWarranty,
    warrantyValidDate: v.hasWarranty ? v.warrantyValidDate : null,
    ledgerAccountId: v.ledgerAccountId || null,
    // A saved expense keeps its recurrence; a new one takes the switch (spec §4).
    isRecurring: saved ? saved.isRecurring : v.isRecurring,
    recurringType: saved ? saved.recurringType : v.isRecurring ? v.recurringType : '',
    removePhoto,
  };
}

/** The server names fields as the API does ('price is too large'); the form shows its labels. */
export function withFieldLabel(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const [field] = err.message.split(' ', 1);
  const label = field && FIELD_LABELS[field];
  return label ? new Error(`${label}${err.message.slice(field.length)}`) : err;
}

import { parseAmount, type TExpense, type TExpenseSave } from '@fieldbook/core';

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
    price: e.price.toFixed(2),
    paid: e.paid,
    methodPaid: e.methodPaid || null,
    hasWarranty: e.hasWarranty,
    warrantyValidDate: e.warrantyValidDate,
  };
}

export const AMOUNT_MESSAGE = 'must be an amount';

export const expenseValidation = {
  expenseDate: (v: string | null) => (v ? null : 'Expense Date is required'),
  description: (v: string) => (v.trim() ? null : 'Description is required'),
  price: (v: string) => {
    const n = parseAmount(v);
    if (n === null) return AMOUNT_MESSAGE;
    return n < 0 ? 'must not be negative' : null;
  },
  warrantyValidDate: (v: string | null, values: ExpenseValues) =>
    values.hasWarranty && !v ? 'Warranty date is required' : null,
};

/**
 * The `data` JSON of the save. Fields the form does not edit (ledger account,
 * recurrence) are posted back as loaded, so a save keeps them.
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
    ledgerAccountId: saved?.ledgerAccountId ?? null,
    isRecurring: saved?.isRecurring ?? false,
    recurringType: saved?.recurringType ?? '',
    removePhoto,
  };
}

const FIELD_LABELS: Record<string, string> = {
  expenseDate: 'Expense Date',
  dueDate: 'Due Date',
  supplierId: 'Supplier',
  to: 'To',
  description: 'Description',
  price: 'Purchase Amount',
  methodPaid: 'Payment Method',
  warrantyValidDate: 'Warranty date',
  photo: 'Photo',
};

/** The server names fields as the API does ('price is too large'); the form shows its labels. */
export function withFieldLabel(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const [field] = err.message.split(' ', 1);
  const label = field && FIELD_LABELS[field];
  return label ? new Error(`${label}${err.message.slice(field.length)}`) : err;
}

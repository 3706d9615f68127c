import {
  MAX_AMOUNT,
  PeriodError,
  amountText,
  parseAmount,
  parsePeriodQuery,
  toAmount,
  toYmd,
  type Period,
  type ZExpenseSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import { isUuid } from '../../platform/access.js';
import { HttpError, badField } from '../../platform/errors.js';
import type { ExpenseValues } from './expenses.repo.js';

/** The period filter's query, as a 400 naming the field when it is bad. */
export function readPeriod(
  q: { from?: string; to?: string; type?: string },
  timeZone: string,
): Period {
  try {
    return parsePeriodQuery(q, timeZone);
  } catch (e) {
    if (!(e instanceof PeriodError)) throw e;
    // The core message starts with the field's name; `fields` holds the rest.
    const rest = e.message.startsWith(`${e.field} `)
      ? e.message.slice(e.field.length + 1)
      : e.message;
    throw new HttpError(400, e.message, { [e.field]: rest });
  }
}

/** Purchase Amount: a number, or text with a comma as the decimal separator (spec §5). */
export function readPrice(p: number | string): number {
  const n = typeof p === 'number' ? p : parseAmount(p);
  if (n === null || !Number.isFinite(n)) throw badField('price', 'must be an amount');
  if (n < 0) throw badField('price', 'must not be negative');
  const amount = toAmount(n);
  if (amount > MAX_AMOUNT) throw badField('price', 'is too large');
  return amount;
}

function readDate(field: string, value: string, timeZone: string): string {
  const ymd = toYmd(value, timeZone);
  if (!ymd) throw badField(field, 'must be a date (YYYY-MM-DD)');
  return ymd;
}

const optDate = (field: string, value: string | null | undefined, timeZone: string) =>
  value ? readDate(field, value, timeZone) : null;

export type ExpenseSaveBody = z.output<typeof ZExpenseSave>;

/**
 * The columns an expense save writes, from a parsed body (the supplier is
 * checked by the caller, which passes its display name for the `to` default).
 */
export function toExpenseValues(
  b: ExpenseSaveBody,
  timeZone: string,
  supplierName: string | null,
): Omit<ExpenseValues, 'photo'> {
  if (b.ledgerAccountId && !isUuid(b.ledgerAccountId))
    throw badField('ledgerAccountId', 'is not a ledger account');
  const hasWarranty = b.hasWarranty === true;
  const warrantyValidDate = hasWarranty
    ? optDate('warrantyValidDate', b.warrantyValidDate, timeZone)
    : null;
  if (hasWarranty && !warrantyValidDate) throw badField('warrantyValidDate', 'is required');
  return {
    expenseDate: readDate('expenseDate', b.expenseDate, timeZone),
    dueDate: optDate('dueDate', b.dueDate, timeZone),
    to: b.to || supplierName || '',
    supplierId: b.supplierId,
    price: amountText(readPrice(b.price)),
    description: b.description,
    // The spec compares paid to the text 'true'; the boolean is accepted too.
    paid: b.paid === true || b.paid === 'true',
    methodPaid: b.methodPaid ?? '',
    hasWarranty,
    warrantyValidDate,
    ledgerAccountId: b.ledgerAccountId,
    isRecurring: b.isRecurring === true,
    recurringType: b.recurringType ?? '',
  };
}

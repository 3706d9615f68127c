import {
  amountDue,
  depositAmount,
  depositProblem,
  invoiceBalance,
  type TDeposit,
} from '@fieldbook/core';
import { badField } from '../../platform/errors.js';

/**
 * A quote's deposit (docs/payments.md, "Deposits"). Only a quote asks for
 * one: a save of an invoice keeps what its quote asked (shown as history;
 * the deposit paid is a payment like any other) and ignores a new rule.
 */
export function depositToStore(
  given: TDeposit | null | undefined,
  stored: TDeposit | null | undefined,
  isQuote: boolean,
  total: number,
): TDeposit | null {
  if (!isQuote) return stored ?? null;
  const rule = given === undefined ? (stored ?? null) : given;
  if (!rule) return null;
  const problem = depositProblem(rule, total);
  if (problem) throw badField('deposit.value', problem);
  return { type: rule.type, value: rule.value };
}

/**
 * The deposit's amount, and what is still owed on it: on a quote, the deposit
 * less what is paid (never more than the balance); nothing on an invoice,
 * whose balance is what is owed.
 */
export function depositFigures(d: {
  deposit: TDeposit | null;
  isQuote: boolean;
  total: string | number;
  amountPaid: string | number;
  amountCredited: string | number;
}): { depositAmount: number; depositDue: number } {
  const amount = depositAmount(d.deposit, d.total);
  const due =
    d.isQuote && amount > 0
      ? amountDue(invoiceBalance(d.total, d.amountPaid, d.amountCredited), {
          amount,
          paid: d.amountPaid,
        })
      : 0;
  return { depositAmount: amount, depositDue: due };
}

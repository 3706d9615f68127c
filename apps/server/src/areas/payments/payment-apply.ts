import { todayIn, toYmd } from '@fieldbook/core';
import { badField } from '../../platform/errors.js';

/** The `methodPaid` of an invoice paid through PayFast (one of core's PAYMENT_METHODS). */
export const PAYFAST_METHOD = 'PayFast';

/**
 * Paid state of an invoice saved by hand (DECISIONS §3): paid means a payment
 * date (today when none is given) and an amount (the total when none is
 * given), unpaid means neither.
 */
export function paidState(
  input: { datePaid?: string | null; amountPaid?: number },
  paid: boolean,
  total: number,
  timeZone: string,
) {
  if (!paid) return { datePaid: null, amountPaid: 0 };
  const given = input.datePaid ? toYmd(input.datePaid, timeZone) : todayIn(timeZone);
  if (!given) throw badField('datePaid', 'must be a date (YYYY-MM-DD)');
  return {
    datePaid: given,
    amountPaid: input.amountPaid ? input.amountPaid : total,
  };
}

import { dec, formatMoney, todayIn, toYmd, type AmountLike } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { badField } from '../../platform/errors.js';
import * as repo from './payments.repo.js';

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

/**
 * A payment made online (PayFast) cannot be taken off by an edit: a browser
 * that loaded the invoice before the payment arrived would otherwise post it
 * back unpaid and lose the payment.
 */
export async function keepOnlinePayments(
  tx: Tx,
  companyId: string,
  id: string,
  paid: boolean,
  amountPaid: AmountLike,
) {
  const online = await repo.onlinePaymentsTotal(tx, companyId, id);
  if (dec(online).lte(0)) return;
  if (!paid || dec(amountPaid).lt(dec(online)))
    throw badField(
      'paid',
      `has ${formatMoney(online)} paid online through PayFast, which stays: reload the invoice to see it`,
    );
}

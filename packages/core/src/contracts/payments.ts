import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments.js';
import { ZAmount, ZDateInput, optText } from './common.js';

/**
 * Payments of an invoice (DECISIONS §16, docs/payments.md):
 * `GET /companies/:cid/invoices/:id/payments`, `POST` the same path to record
 * one by hand, `POST .../payments/:paymentId/delete` to remove one.
 */

/** A payment recorded by hand. The amount must fit the balance; the date is today when absent. */
export const ZPaymentSave = z.object({
  amount: ZAmount,
  datePaid: ZDateInput.optional(),
  /** One of PAYMENT_METHODS as a rule; free text up to 40 characters. */
  method: optText(40),
  reference: optText(100),
  note: optText(500),
});

export const ZPaymentRow = z.object({
  _id: z.string(),
  amount: z.number(),
  /** YYYY-MM-DD, in the company's zone. */
  datePaid: z.string(),
  method: z.string(),
  reference: z.string(),
  note: z.string(),
  /** Paid online (PayFast): it cannot be removed. */
  online: z.boolean(),
  /** Who recorded it by hand (their name), when known. */
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});

/** An invoice's payments and where they leave it. */
export const ZInvoicePayments = z.object({
  payments: z.array(ZPaymentRow),
  total: z.number(),
  amountPaid: z.number(),
  balance: z.number(),
  status: z.enum(PAYMENT_STATUSES),
});

export type TPaymentSave = z.input<typeof ZPaymentSave>;
export type TPaymentRow = z.infer<typeof ZPaymentRow>;
export type TInvoicePayments = z.infer<typeof ZInvoicePayments>;

import { z } from 'zod';
import { ZAmount, ZDateInput } from './common.js';

/**
 * Credit notes (VAT Act s21(3)(a), DECISIONS §16, docs/payments.md):
 * `POST /companies/:cid/invoices/:id/credit-notes` issues one,
 * `GET` the same path lists the invoice's, `GET /companies/:cid/credit-notes/:noteId` reads one.
 * An issued note is never edited or deleted.
 */

/** A note credits some of the invoice's lines (by their place, from 0) or an amount, with a reason. */
export const ZCreditNoteSave = z
  .object({
    lines: z
      .array(z.number().int().min(0).max(499))
      .min(1, 'pick at least one line')
      .max(500)
      .optional(),
    amount: ZAmount.optional(),
    reason: z.string().trim().min(1, 'is required').max(500),
    /** The note's date; today (company zone) when absent. */
    date: ZDateInput.optional(),
  })
  .refine((v) => (v.lines === undefined) !== (v.amount === undefined), {
    message: 'give either lines or an amount',
    path: ['amount'],
  });

export const ZCreditNoteLine = z.object({
  /** The line's place on the invoice (from 0); absent on notes issued before it was kept. */
  line: z.number().optional(),
  description: z.string(),
  qty: z.number().nullable(),
  price: z.number(),
});

export const ZCreditNote = z.object({
  _id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  entityId: z.string().nullable(),
  /** YYYY-MM-DD */
  date: z.string(),
  reason: z.string(),
  /** The lines credited; empty for a credit of an amount. */
  lines: z.array(ZCreditNoteLine),
  /** The value reduced, as the client pays it (taxes in). */
  total: z.number(),
  /** The taxes in it (VAT is tax 1). */
  tax1: z.number(),
  tax2: z.number(),
  /** What it took off the invoice's balance. */
  applied: z.number(),
  /** What was above the balance: to refund, or to keep for the client's later invoices. */
  excess: z.number(),
  createdAt: z.string(),
});

export type TCreditNoteSave = z.input<typeof ZCreditNoteSave>;
export type TCreditNote = z.infer<typeof ZCreditNote>;

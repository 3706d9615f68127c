import { z } from 'zod';
import { ZAmount, ZDateInput, ZYmd, optText } from './common.js';

/**
 * Credit notes (VAT Act s21(3)(a), DECISIONS §16, docs/payments.md):
 * `POST /companies/:cid/invoices/:id/credit-notes` issues one,
 * `GET` the same path lists the invoice's, `GET /companies/:cid/credit-notes` lists the
 * company's, `GET /companies/:cid/credit-notes/:noteId` reads one, and its `email` and
 * `refunds` calls send it and pay its excess back. An issued note is never edited or deleted.
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

/**
 * `POST /companies/:cid/credit-notes/:id/refunds`: money paid back to the
 * client out of the note's excess; the refunds together never pass it.
 */
export const ZCreditNoteRefundSave = z.object({
  amount: ZAmount,
  /** The day the money went back; today (company zone) when absent. */
  date: ZDateInput.optional(),
  method: optText(40),
  reference: optText(100),
});

export const ZCreditNoteRefund = z.object({
  _id: z.string(),
  amount: z.number(),
  /** YYYY-MM-DD */
  date: z.string(),
  method: z.string(),
  reference: z.string(),
  /** Kept for the client instead: the later invoice it paid (null for money paid back). */
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string(),
  createdAt: z.string(),
});

/**
 * `POST /companies/:cid/credit-notes/:id/apply`: what the note owes the client
 * kept for a later invoice of theirs, as a payment of it; all that can be
 * (what is owed, at most the invoice's balance) when `amount` is absent.
 */
export const ZCreditNoteApply = z.object({
  invoiceId: z.string().min(1, 'is required'),
  amount: ZAmount.optional(),
  /** The day it is kept; today (company zone) when absent. */
  date: ZDateInput.optional(),
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
  /** The client's name as the invoice addresses it. */
  clientName: z.string(),
  /** Money paid back out of the excess, oldest first; `refunded` their sum. */
  refunds: z.array(ZCreditNoteRefund),
  refunded: z.number(),
  createdAt: z.string(),
});

/**
 * `GET /companies/:cid/credit-notes?from&to`: every note of the company, newest
 * first, by the note's date (either end optional), at most CREDIT_NOTES_LISTED.
 */
export const CREDIT_NOTES_LISTED = 500;
export const ZCreditNoteListQuery = z
  .object({ from: ZYmd.optional(), to: ZYmd.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'must not be after to',
    path: ['from'],
  });
export const ZCreditNoteList = z.object({
  notes: z.array(ZCreditNote),
  /** More notes match than were listed: narrow the dates. */
  more: z.boolean(),
});

export type TCreditNoteSave = z.input<typeof ZCreditNoteSave>;
export type TCreditNote = z.infer<typeof ZCreditNote>;
export type TCreditNoteRefundSave = z.input<typeof ZCreditNoteRefundSave>;
export type TCreditNoteRefund = z.infer<typeof ZCreditNoteRefund>;
export type TCreditNoteApply = z.input<typeof ZCreditNoteApply>;

/** `GET /companies/:cid/credit-notes/:id/open-invoices`: where the note's credit may be kept. */
export const ZOpenInvoice = z.object({
  _id: z.string(),
  invoiceNumber: z.string(),
  /** YYYY-MM-DD */
  invoiceDate: z.string(),
  balance: z.number(),
});
export type TOpenInvoice = z.infer<typeof ZOpenInvoice>;
export type TCreditNoteList = z.infer<typeof ZCreditNoteList>;

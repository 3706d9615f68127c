import { z } from 'zod';
import { ZDateInput, optId, optText, text } from './common.js';

/**
 * The `data` field of the multipart `POST /expenses`. Purchase Amount accepts
 * a comma as the decimal separator (spec §5), so `price` may be text.
 */
export const ZExpenseSave = z.object({
  _id: z.string().optional(),
  expenseDate: ZDateInput,
  dueDate: ZDateInput.nullable().optional(),
  to: optText(200),
  supplierId: optId,
  price: z.union([z.number(), z.string().max(40)]),
  description: text(1000),
  /** The spec compares paid to the text 'true'; both forms are accepted. */
  paid: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  methodPaid: optText(40),
  hasWarranty: z.boolean().optional(),
  warrantyValidDate: ZDateInput.nullable().optional(),
  ledgerAccountId: optId,
  isRecurring: z.boolean().optional(),
  recurringType: optText(20),
  removePhoto: z.boolean().optional(),
});
export type TExpenseSave = z.input<typeof ZExpenseSave>;

export const ZExpense = z.object({
  _id: z.string(),
  expenseNumber: z.string(),
  expenseDate: z.string(),
  dueDate: z.string().nullable(),
  to: z.string(),
  supplierId: z.string().nullable(),
  price: z.number(),
  description: z.string(),
  paid: z.boolean(),
  methodPaid: z.string(),
  hasWarranty: z.boolean(),
  warrantyValidDate: z.string().nullable(),
  ledgerAccountId: z.string().nullable(),
  isRecurring: z.boolean(),
  recurringType: z.string(),
  /** Image file name under /api/images, or null. */
  photo: z.string().nullable(),
});
export type TExpense = z.infer<typeof ZExpense>;

export const ZExpenseSummary = z.object({
  paid: z.number(),
  outstanding: z.number(),
  counts: z.object({ all: z.number(), paid: z.number(), unpaid: z.number() }),
});
export type TExpenseSummary = z.infer<typeof ZExpenseSummary>;

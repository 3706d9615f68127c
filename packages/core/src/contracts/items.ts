import { z } from 'zod';
import { ZAmount, optId, optText } from './common.js';

/** Spec §5: saving a saved item needs a description and a price. */
export const ITEM_REQUIRED_MESSAGE = 'Please enter all required fields';

const required = (max: number) =>
  z.string({ error: ITEM_REQUIRED_MESSAGE }).trim().min(1, ITEM_REQUIRED_MESSAGE).max(max);
/** Spec §5: item price and unit cost have a minimum of 1. */
const itemAmount = ZAmount.refine((n) => n >= 1, 'must be at least 1');

/** `POST /companies/{id}/item/{itemId}`: the browser picks the id of a new item. */
export const ZItemSave = z.object({
  code: optText(40),
  description: required(300),
  category: optText(60),
  price: z.number({ error: ITEM_REQUIRED_MESSAGE }).pipe(itemAmount),
  notes: optText(2000),
  ledgerAccountId: optId,
  /** A price per client id. */
  overrides: z.record(z.string().max(64), itemAmount).optional(),
  hasTax: z.boolean().optional(),
  hasSecondTax: z.boolean().optional(),
  cost: itemAmount.nullable().optional(),
  supplierId: optId,
  expenseAccountId: optId,
});
export type TItemSave = z.input<typeof ZItemSave>;

export const ZItem = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  category: z.string(),
  price: z.number(),
  notes: z.string(),
  ledgerAccountId: z.string().nullable(),
  overrides: z.record(z.string(), z.number()),
  hasTax: z.boolean(),
  hasSecondTax: z.boolean(),
  cost: z.number().nullable(),
  supplierId: z.string().nullable(),
  expenseAccountId: z.string().nullable(),
});
export type TItem = z.infer<typeof ZItem>;

import { z } from 'zod';
import { ZId, optText, text } from './common.js';

/**
 * Ledger accounts, account items and the income statement (spec:
 * Accounting; DECISIONS §5 for periods). Revenue and other income are
 * income; direct and indirect costs are not.
 */
export const LEDGER_TYPES = ['revenue', 'otherIncome', 'directCost', 'indirectCost'] as const;
export type TLedgerType = (typeof LEDGER_TYPES)[number];
export const LEDGER_TYPE_LABELS: Record<TLedgerType, string> = {
  revenue: 'Revenue',
  otherIncome: 'Other income',
  directCost: 'Direct cost',
  indirectCost: 'Indirect cost',
};
/** The income flag is derived from the type (spec §5). */
export const isIncomeType = (t: TLedgerType): boolean => t === 'revenue' || t === 'otherIncome';

/** The accounts every company starts with, made on first use; one default of each kind. */
export const DEFAULT_LEDGER_ACCOUNTS = {
  income: { type: 'revenue', name: 'Sales', account: '1000' },
  cost: { type: 'indirectCost', name: 'General expenses', account: '5000' },
} as const satisfies Record<string, { type: TLedgerType; name: string; account: string }>;

/** `POST /accounts`: create (no `_id`) or update. The type defaults to revenue (spec §5). */
export const ZLedgerAccountSave = z.object({
  _id: z.string().max(64).optional(),
  type: z.enum(LEDGER_TYPES).optional(),
  name: text(100),
  account: optText(20),
});
export type TLedgerAccountSave = z.input<typeof ZLedgerAccountSave>;

export const ZLedgerAccount = z.object({
  _id: z.string(),
  type: z.enum(LEDGER_TYPES),
  income: z.boolean(),
  name: z.string(),
  account: z.string(),
  /** The account items without their own account go to; it cannot be deleted. */
  isDefault: z.boolean(),
});
export type TLedgerAccount = z.infer<typeof ZLedgerAccount>;

/** An account item (spec): an invoice line or an expense, with its share of the net; or a credit note's part of a line. */
export const ZAccountItem = z.object({
  _id: z.string(),
  ledgerAccountId: z.string(),
  income: z.boolean(),
  /** `credit`: a credit note's part of an invoice line, a negative amount. */
  sourceKind: z.enum(['invoice', 'expense', 'credit']),
  /** The invoice, expense or credit note the item comes from. */
  sourceId: z.string(),
  /** The invoice to open: the item's own, or the one its credit note corrects; null for an expense. */
  invoiceId: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  expenseDate: z.string().nullable(),
  description: z.string(),
  qty: z.number(),
  price: z.number(),
  /** What the item counts for in the statement: net of discount, without tax. */
  amount: z.number(),
});
export type TAccountItem = z.infer<typeof ZAccountItem>;

/** One cell of the income statement (spec: By period key, entries of ledgerAccountId, income, total). */
export const ZIncomeStatementEntry = z.object({
  ledgerAccountId: z.string(),
  income: z.boolean(),
  total: z.number(),
});
/** `GET /incomeStatement?from&to&type`: entries by period key (YYYY-MM), each month of the period present. */
export const ZIncomeStatement = z.record(z.string(), z.array(ZIncomeStatementEntry));
export type TIncomeStatement = z.infer<typeof ZIncomeStatement>;

/** `POST /changeItemAccount`: the item (or its id) and the account it moves to. */
export const ZChangeItemAccount = z.object({
  item: z.union([ZId, z.object({ _id: ZId }).transform((i) => i._id)]),
  ledgerAccountId: ZId,
});
export type TChangeItemAccount = z.input<typeof ZChangeItemAccount>;

/**
 * `GET /accounts/vat?from&to&type` (beyond the spec): the figures of a South
 * African VAT201 return the data allows. Output VAT is tax 1 of the period's
 * invoices (not quotes); expenses carry no VAT field, so input VAT is 0 (see
 * `note`). Fields: 1 standard-rated supplies incl. VAT, 2 zero-rated supplies,
 * 4 and 13 output tax, 15 and 19 input tax, 20 VAT payable (13 − 19).
 */
export const ZVatSummary = z.object({
  from: z.string(),
  to: z.string(),
  invoices: z.number(),
  /** The credit notes dated in the period. */
  creditNotes: z.number(),
  outputVat: z.number(),
  inputVat: z.number(),
  difference: z.number(),
  fields: z.object({
    field1: z.number(),
    field2: z.number(),
    field4: z.number(),
    field13: z.number(),
    field15: z.number(),
    /** Other input tax: the VAT in the credit notes issued (VAT Act s21(2)). */
    field18: z.number(),
    field19: z.number(),
    field20: z.number(),
  }),
  note: z.string(),
});
export type TVatSummary = z.infer<typeof ZVatSummary>;

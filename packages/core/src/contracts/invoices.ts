import { z } from 'zod';
import { MAX_AMOUNT, ZAmount, ZDateInput, ZSaved, optId, optText } from './common.js';
import { ZTax } from './companies.js';
import { ZRecipientsText } from './delivery.js';
import { ZQuoteResponse } from './portal.js';

/** Spec §5 messages for a line item. */
export const LINE_DESCRIPTION_MESSAGE = 'Please enter a description';
export const LINE_PRICE_QTY_MESSAGE = 'Both Price and Qty must be entered';

const nonNegative = 'must not be negative';

export const ZLine = z.object({
  description: z
    .string({ error: LINE_DESCRIPTION_MESSAGE })
    .trim()
    .min(1, LINE_DESCRIPTION_MESSAGE)
    .max(1000),
  code: optText(40),
  /** Quantity; absent or null means 1. Fractions are allowed. */
  qty: z
    .number({ error: LINE_PRICE_QTY_MESSAGE })
    .finite()
    .min(0, nonNegative)
    .max(1e6, 'must be at most 1,000,000')
    .nullable()
    .optional()
    .transform((q) => q ?? 1),
  price: z
    .number({ error: LINE_PRICE_QTY_MESSAGE })
    .pipe(ZAmount)
    .pipe(z.number().min(0, nonNegative)),
  notes: optText(2000),
  ledgerAccountId: optId,
  hasTax: z.boolean().optional(),
  hasSecondTax: z.boolean().optional(),
  /** Add this line to the saved price list when the document is saved. */
  save: z.boolean().optional(),
  /** Make this line's price the client's own price for the saved item. */
  saveClientPrice: z.boolean().optional(),
  category: optText(60),
  /** The saved item the line was picked from, if any. */
  itemId: optId,
});
export type TLine = z.output<typeof ZLine>;
export type TLineInput = z.input<typeof ZLine>;

export const DISCOUNT_TYPES = ['Percentage', 'percent', 'Amount'] as const;
export const ZDiscount = z.object({
  hasDiscount: z.boolean(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().finite().min(0, nonNegative).max(MAX_AMOUNT),
});
export type TDiscount = z.infer<typeof ZDiscount>;

/**
 * A quote's deposit (docs/payments.md, "Deposits"): a percentage of its total
 * or an amount, paid by hand or through PayFast on the quote's page; the
 * payment stays with the document when it becomes an invoice.
 */
export const ZDeposit = z.object({
  type: z.enum(['Percentage', 'Amount'], { error: 'must be Percentage or Amount' }),
  value: z.number().finite().gt(0, 'must be more than 0').max(MAX_AMOUNT),
});
export type TDeposit = z.infer<typeof ZDeposit>;

/** Spec §9: off, Percentage, 10. */
export const DEFAULT_DISCOUNT: TDiscount = {
  hasDiscount: false,
  discountType: 'Percentage',
  discountValue: 10,
};

export const PAYMENT_METHODS = ['Cash', 'EFT', 'Card', 'PayFast', 'Other'] as const;

/** `POST /invoices`: create (no `_id`) or update; computed fields are ignored. */
export const ZInvoiceSave = z.object({
  _id: z.string().optional(),
  isQuote: z.boolean().optional(),
  invoiceTemplateId: optId,
  invoiceDate: ZDateInput,
  dueDate: ZDateInput,
  entityId: z.string({ error: 'Please select a client' }).min(1, 'Please select a client').max(64),
  to: optText(200),
  toEmail: ZRecipientsText.optional(),
  descriptions: z.array(ZLine).max(500),
  discount: ZDiscount.optional(),
  /** A quote's deposit; null removes it, absent keeps it. */
  deposit: ZDeposit.nullable().optional(),
  /** The document's copy of the tax settings; a new document takes the company's. */
  tax: ZTax.optional(),
  paid: z.boolean().optional(),
  amountPaid: ZAmount.pipe(z.number().min(0, nonNegative)).optional(),
  datePaid: ZDateInput.nullable().optional(),
  methodPaid: optText(40),
  notes: optText(5000),
  isRecurring: z.boolean().optional(),
  recurringType: optText(20),
  appointmentId: optId,
  /** Values of the invoice template's extra fields. */
  custom: z
    .record(z.string().max(60), z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]))
    .optional(),
});
export type TInvoiceSave = z.input<typeof ZInvoiceSave>;

export const ZTotals = z.object({
  subtotal: z.number(),
  discount: z.number(),
  net: z.number(),
  tax1: z.number(),
  tax2: z.number(),
  total: z.number(),
});

export const ZEmailRecord = z.object({ to: z.string(), date: z.string() });
export type TEmailRecord = z.infer<typeof ZEmailRecord>;

const clientName = z.object({ name: z.string(), surname: z.string() }).nullable();

export const ZInvoice = z.object({
  _id: z.string(),
  invoiceNumber: z.string().nullable(),
  quoteNumber: z.string().nullable(),
  isQuote: z.boolean(),
  invoiceTemplateId: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  entityId: z.string().nullable(),
  to: z.string(),
  toEmail: z.string(),
  descriptions: z.array(ZLine),
  discount: ZDiscount,
  tax: ZTax,
  paid: z.boolean(),
  amountPaid: z.number(),
  /** What credit notes took off the balance (docs/payments.md). */
  amountCredited: z.number(),
  /** The deposit the quote asks for (kept when it becomes an invoice), and its amount. */
  deposit: ZDeposit.nullable(),
  depositAmount: z.number(),
  /** What is still owed on the deposit of a quote (what PayFast takes on its page); 0 otherwise. */
  depositDue: z.number(),
  /** The client's last answer to the quote in the portal (docs/portal.md); accepted locks it. */
  clientResponse: ZQuoteResponse.nullable(),
  /** Every answer the client gave in the portal, oldest first (the quote's log; the last 50). */
  clientResponses: z.array(ZQuoteResponse),
  datePaid: z.string().nullable(),
  methodPaid: z.string(),
  notes: z.string(),
  isRecurring: z.boolean(),
  recurringType: z.string(),
  appointmentId: z.string().nullable(),
  custom: z.record(z.string(), z.unknown()),
  client: clientName,
  sent: z.string().nullable(),
  emails: z.array(ZEmailRecord),
  queuedForSending: z.boolean(),
  queuedForSendingError: z.string().nullable(),
  totals: ZTotals,
  balance: z.number(),
  /** Lines that joined the price list with this save (their descriptions). */
  savedItems: z.array(z.string()).optional(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/**
 * A line as stored and answered (the output of {@link ZLine}, without its
 * transforms: a response schema with transforms cannot be serialised).
 */
export const ZLineStored = z.object({
  description: z.string(),
  code: z.string().optional(),
  qty: z.number(),
  price: z.number(),
  notes: z.string().optional(),
  ledgerAccountId: z.string().nullable(),
  hasTax: z.boolean().optional(),
  hasSecondTax: z.boolean().optional(),
  save: z.boolean().optional(),
  saveClientPrice: z.boolean().optional(),
  category: z.string().optional(),
  itemId: z.string().nullable(),
});

/** `GET /invoices/{id}`: {@link ZInvoice} as a response schema (same type). */
export const ZInvoiceResponse = ZInvoice.extend({ descriptions: z.array(ZLineStored) });

/** `POST /invoices`: the id, and the descriptions of lines that joined the price list. */
export const ZInvoiceSaved = ZSaved.extend({ savedItems: z.array(z.string()) });
export type TInvoiceSaved = z.infer<typeof ZInvoiceSaved>;

/** A row of the invoices list: no lines, just what the list shows. */
export const ZInvoiceRow = ZInvoice.pick({
  _id: true,
  invoiceNumber: true,
  quoteNumber: true,
  isQuote: true,
  invoiceDate: true,
  dueDate: true,
  entityId: true,
  to: true,
  toEmail: true,
  client: true,
  paid: true,
  amountPaid: true,
  datePaid: true,
  methodPaid: true,
  sent: true,
  queuedForSending: true,
  queuedForSendingError: true,
  balance: true,
}).extend({
  total: z.number(),
  emailCount: z.number(),
  /** When the invoice was marked resolved to the accounting package (docs/exports.md). */
  resolvedAt: z.string().nullable(),
});
export type TInvoiceRow = z.infer<typeof ZInvoiceRow>;

/** `GET /invoices/summary`: the list's boxes and pie for a period. */
export const ZInvoiceSummary = z.object({
  paid: z.number(),
  outstanding: z.number(),
  quotes: z.number(),
  counts: z.object({ all: z.number(), paid: z.number(), unpaid: z.number(), quotes: z.number() }),
  methods: z.array(z.object({ method: z.string(), total: z.number() })),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** Query of date-filtered lists (DECISIONS §5). */
export const ZPeriodQuery = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  type: z.string().optional(),
});

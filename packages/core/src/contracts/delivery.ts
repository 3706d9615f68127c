import { z } from 'zod';
import { ZEmail } from './common.js';

/**
 * Recipients typed into the send modal: addresses separated by comma or
 * semicolon (spec §5). Returns the trimmed, non-empty parts.
 */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Whether every part of `text` is a well-formed address (and there is at least one). */
export function recipientsValid(text: string): boolean {
  const parts = splitRecipients(text);
  return parts.length > 0 && parts.every((p) => ZEmail.safeParse(p).success);
}

/** At most this many recipients per message (DECISIONS §14). */
export const MAX_RECIPIENTS = 10;
const tooMany = `has more than ${MAX_RECIPIENTS} recipients`;

/**
 * A stored recipients text (an invoice's `toEmail`): empty, or at most
 * MAX_RECIPIENTS well-formed addresses separated by comma or semicolon.
 */
export const ZRecipientsText = z
  .string()
  .trim()
  .max(1000)
  .superRefine((v, ctx) => {
    const parts = splitRecipients(v);
    const bad = parts.find((p) => !ZEmail.safeParse(p).success);
    if (bad)
      ctx.addIssue({ code: 'custom', message: `has ${bad}, which is not an e-mail address` });
    else if (parts.length > MAX_RECIPIENTS) ctx.addIssue({ code: 'custom', message: tooMany });
  });

/** `POST /invoices/{id}/email` and `/entities/{id}/email`. */
export const ZSendEmail = z.object({
  to: z.array(ZEmail).min(1, 'needs at least one recipient').max(MAX_RECIPIENTS, tooMany),
  subject: z.string().trim().min(1, 'is required').max(200),
  message: z.string().max(20_000).optional().default(''),
  /** Send only to the company's own address (the test e-mail). */
  test: z.boolean().optional(),
});
export type TSendEmail = z.input<typeof ZSendEmail>;

/** `POST /invoices/bulkemail` */
export const ZBulkEmail = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1, 'needs at least one invoice').max(5000),
});
export const BULK_ENQUEUED = 'Enqueued';

/** What the send modal pre-fills: recipients, subject and message from the template. */
export const ZEmailDraft = z.object({
  to: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
  /** The company has its own address (a test e-mail is possible). */
  companyEmail: z.string(),
  /** The company sends through its own SMTP server. */
  ownSmtp: z.boolean(),
  publicUrl: z.string(),
});
export type TEmailDraft = z.infer<typeof ZEmailDraft>;

/** Spec §8 wording. */
export const MSG = {
  sent: 'Sent.',
  noCompanyEmail: 'Please add your own company email address under settings',
  ownAddressHint:
    'To send this invoice from your own email address, please fill in the details under company settings',
  bulkQueued:
    'Your invoices was queued to be sent, please refresh your invoices after a few minutes.',
  bulkFailed:
    'There has been an error with queueing, please try again later or contact support if this happens again.',
  confirmSend: 'Are you sure you want to send this invoice?',
  confirmTest: 'Are you sure you want to send this test?',
  confirmBulk: 'Are you sure you want to send the selected invoices?',
} as const;

/** Public invoice (`GET /customer/{companyId}/{entityId}/{key}`). */
export const ZPayfastForm = z.object({
  url: z.string(),
  /** Hidden fields in PayFast's order, the signature last. */
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
export const ZCustomerInvoice = z.object({
  html: z.string(),
  detail: z.object({
    paid: z.boolean(),
    hideInvoiceLabel: z.boolean(),
    payfast: z.boolean(),
    /** PayFast's process URL and the form (present when `payfast`). */
    url: z.string().optional(),
    keys: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
    sec: z.string().optional(),
    invoiceNumber: z.string(),
    /** A quote: the page calls it "Quote" and shows its total, not a balance due. */
    isQuote: z.boolean().optional(),
    companyName: z.string(),
    total: z.number(),
    balance: z.number(),
    /** What the pay button pays: the balance, or the deposit owed on a quote. */
    amountDue: z.number().optional(),
    /** A quote's deposit: its amount and what is still owed on it. */
    deposit: z.object({ amount: z.number(), due: z.number() }).optional(),
  }),
});
export type TCustomerInvoice = z.infer<typeof ZCustomerInvoice>;

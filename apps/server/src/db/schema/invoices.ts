import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TDeposit,
  TQuoteResponse,
  TDiscount,
  TEmailRecord,
  TLine,
  TTax,
} from '@fieldbook/core';
import { users } from './auth.js';
import { clients } from './clients.js';
import { companies } from './companies.js';
import { exactIndex, trigramIndex } from './search.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * Invoices and quotes (a quote is an invoice with `isQuote`). The totals are
 * computed by core's `computeTotals` on every save and stored for lists and sums.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceNumber: text('invoice_number'),
    quoteNumber: text('quote_number'),
    isQuote: boolean('is_quote').notNull().default(false),
    invoiceTemplateId: uuid('invoice_template_id'),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Null only for an imported invoice whose client is still an open incident. */
    entityId: uuid('entity_id').references(() => clients.id),
    to: text('to').notNull().default(''),
    toEmail: text('to_email').notNull().default(''),
    descriptions: jsonb('descriptions').$type<TLine[]>().notNull(),
    discount: jsonb('discount').$type<TDiscount>().notNull(),
    /** A quote's deposit (docs/payments.md, "Deposits"); null when it asks none. */
    deposit: jsonb('deposit').$type<TDeposit>(),
    /** The client's last answer to a quote in the portal (docs/portal.md); accepted locks it. */
    clientResponse: jsonb('client_response').$type<TQuoteResponse>(),
    /** Every answer, oldest first, at most QUOTE_ANSWERS_KEPT: the quote's log (docs/portal.md). */
    clientResponses: jsonb('client_responses').$type<TQuoteResponse[]>().notNull().default([]),
    tax: jsonb('tax').$type<TTax>().notNull(),
    subtotal: money('subtotal').notNull(),
    discountTotal: money('discount_total').notNull(),
    net: money('net').notNull(),
    tax1: money('tax1').notNull(),
    tax2: money('tax2').notNull(),
    total: money('total').notNull(),
    paid: boolean('paid').notNull().default(false),
    amountPaid: money('amount_paid').notNull().default('0'),
    datePaid: date('date_paid', { mode: 'string' }),
    methodPaid: text('method_paid').notNull().default(''),
    /** What its credit notes took off the balance (derived, docs/payments.md). */
    amountCredited: money('amount_credited').notNull().default('0'),
    /** How many credit notes it has: such an invoice is never deleted, nor its total changed. */
    creditNotes: integer('credit_notes').notNull().default(0),
    notes: text('notes').notNull().default(''),
    isRecurring: boolean('is_recurring').notNull().default(false),
    recurringType: text('recurring_type').notNull().default(''),
    appointmentId: uuid('appointment_id'),
    /** Values of the invoice template's extra fields. */
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    sent: timestamp('sent', { withTimezone: true }),
    emails: jsonb('emails').$type<TEmailRecord[]>().notNull().default([]),
    queuedForSending: boolean('queued_for_sending').notNull().default(false),
    queuedForSendingError: text('queued_for_sending_error'),
    /**
     * A send of the invoice under way (a gathered send or a send by hand), from
     * its claim until it is recorded or given back (docs/documents.md, "One mail
     * per send"). A claim older than SEND_CLAIM_MINUTES is a crashed one.
     */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    /** When the invoice was marked resolved to the accounting package (an export's Resolve all). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * The key of the public link (DECISIONS §7): 244 random bits, never the id.
     * Two v4 uuids give 244 random bits with functions both databases have.
     */
    publicKey: text('public_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_company_date_idx').on(t.companyId, t.invoiceDate),
    index('invoices_company_entity_idx').on(t.companyId, t.entityId, t.invoiceDate),
    uniqueIndex('invoices_company_invoice_number_uq')
      .on(t.companyId, t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    uniqueIndex('invoices_public_key_uq').on(t.publicKey),
    uniqueIndex('invoices_company_quote_number_uq')
      .on(t.companyId, t.quoteNumber)
      .where(sql`${t.quoteNumber} is not null`),
    trigramIndex('invoices_number_trgm_idx', t.invoiceNumber),
    trigramIndex('invoices_quote_number_trgm_idx', t.quoteNumber),
    exactIndex('invoices_company_number_lower_idx', t.companyId, t.invoiceNumber),
    exactIndex('invoices_company_quote_number_lower_idx', t.companyId, t.quoteNumber),
  ],
);

/**
 * Number counters, one row per company, kind and scope (the date for daily
 * presets, '' for a running counter). Incremented with an upsert inside the
 * saving transaction, so concurrent saves never share a number.
 */
export const numberCounters = pgTable(
  'number_counters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    scope: text('scope').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.scope] })],
);

/**
 * Credit notes (VAT Act s21(3)(a), DECISIONS §16, docs/payments.md), written
 * by the invoices area: each corrects one invoice, with its own number
 * (`CN00001`, counter kind `credit`), the lines or amount credited, the value
 * and taxes reduced, the reason, and how it met the invoice's balance. Never
 * updated or deleted (the invoice cannot be deleted while it has notes).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    entityId: uuid('entity_id').references(() => clients.id),
    number: text('number').notNull(),
    noteDate: date('note_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    /** The lines credited, with their place on the invoice (`line`; absent on notes issued before it was kept). */
    lines: jsonb('lines')
      .$type<{ line?: number; description: string; qty: number | null; price: number }[]>()
      .notNull(),
    total: money('total').notNull(),
    tax1: money('tax1').notNull(),
    tax2: money('tax2').notNull(),
    applied: money('applied').notNull(),
    excess: money('excess').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was first printed: every later print is marked "Copy". */
    printedAt: timestamp('printed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_company_number_uq').on(t.companyId, t.number),
    index('credit_notes_company_invoice_idx').on(t.companyId, t.invoiceId),
  ],
);

/**
 * Money paid back to the client out of a credit note's excess (docs/payments.md
 * "Refunds"): together never more than the excess. Written by the invoices
 * area; a refund recorded by mistake may be removed (it is a record of cash,
 * not a tax document).
 */
export const creditNoteRefunds = pgTable(
  'credit_note_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id),
    amount: money('amount').notNull(),
    refundDate: date('refund_date', { mode: 'string' }).notNull(),
    method: text('method').notNull().default(''),
    reference: text('reference').notNull().default(''),
    /**
     * Kept for the client instead: the payment it made on a later invoice of
     * theirs. Removing that payment (by hand, a save, the invoice's delete)
     * removes this row with it, and the note owes the client the amount again.
     */
    // REFERENCES payments(id) ON DELETE CASCADE, written in migration 0034 itself: the
    // payments schema imports this file, so naming it here would be an import cycle.
    paymentId: uuid('payment_id'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_note_refunds_note_idx').on(t.companyId, t.creditNoteId),
    // A payment's delete finds its refund by it (the cascade).
    index('credit_note_refunds_payment_idx').on(t.paymentId),
  ],
);

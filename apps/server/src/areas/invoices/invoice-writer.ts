import {
  DEFAULT_DISCOUNT,
  MAX_AMOUNT,
  amountText,
  computeTotals,
  dec,
  formatMoney,
  toAmount,
  toYmd,
  type TDiscount,
  type TTax,
  type Totals,
  type ZInvoiceSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField, notFound } from '../../platform/errors.js';
import { applyLineFlags, checkLineItemIds } from './invoice-lines.js';
import { allocateNumber } from './invoice-numbers.js';
import { findClientForCompany, recomputeOutstanding } from '../clients/index.js';
import * as repo from './invoices.repo.js';

import { templateUsable } from '../templates/index.js';
import { shareLineAccounts, syncInvoiceItems, withLineAccounts } from '../accounting/index.js';
import { paidState, setSinglePayment } from '../payments/index.js';
import { settleInvoices } from './invoice-payments.js';
import { depositToStore } from './invoice-deposit.js';
import { keepsAcceptedQuote } from './quote-lock.js';
import { emitWebhook } from '../webhooks/index.js';

export { allocateNumber } from './invoice-numbers.js';

/** What the writer needs of the company. */
export interface WriterCompany {
  id: string;
  tax: TTax;
  numbering: string;
  timeZone: string;
}

/**
 * A parsed `ZInvoiceSave`, except that `entityId` may be null: only for an
 * imported invoice whose client is still an open incident.
 */
export type InvoiceInput = Omit<z.output<typeof ZInvoiceSave>, 'entityId'> & {
  entityId: string | null;
};

/** Numbers given by the caller (an import keeps its numbers); otherwise allocated. */
export interface WriteOptions {
  invoiceNumber?: string;
  quoteNumber?: string;
  /**
   * Drop line `ledgerAccountId`s that name no account of the company instead
   * of refusing them: for writers whose lines nobody checked against the
   * ledger (job automations, recurring runs).
   */
  dropUnknownAccounts?: boolean;
}

function companyDate(field: string, value: string, timeZone: string): string {
  const ymd = toYmd(value, timeZone);
  if (!ymd) throw badField(field, 'must be a date (YYYY-MM-DD)');
  return ymd;
}

/** The client must be a live client of the company; the one already on the document may stay. */
async function checkClient(tx: Tx, companyId: string, id: string | null, current?: string | null) {
  if (id === null || id === current) return;
  if (!isUuid(id) || !(await findClientForCompany(tx, companyId, id))) {
    throw badField('entityId', 'is not a client of this company');
  }
}

/** A discount larger than what it is taken from is refused rather than clamped. */
function checkDiscount(discount: TDiscount, totals: Totals) {
  if (!discount.hasDiscount) return;
  const value = dec(discount.discountValue);
  if (discount.discountType === 'Amount' && value.gt(dec(totals.subtotal))) {
    throw badField('discount.discountValue', 'must not be more than the subtotal');
  }
  if (discount.discountType !== 'Amount' && value.gt(100)) {
    throw badField('discount.discountValue', 'must not be more than 100');
  }
}

/**
 * The save's paid fields as the specification's single payment (DECISIONS
 * §16, docs/payments.md): null when none is given or they say what the
 * invoice already shows (a form posting back what it loaded keeps the part
 * payments); otherwise the one payment that replaces the payments by hand.
 */
function askedPayment(
  input: InvoiceInput,
  existing: repo.InvoiceRow | null,
  total: number,
  tz: string,
): { amount: number; datePaid: string | null; method: string } | null {
  const { paid: p, amountPaid: a, datePaid: d, methodPaid: m } = input;
  if (p === undefined && a === undefined && d === undefined && m === undefined) return null;
  if (!existing && !p) return null;
  if (
    existing &&
    (p === undefined || p === existing.paid) &&
    (a === undefined || dec(a).eq(dec(existing.amountPaid))) &&
    (d === undefined || (d ? toYmd(d, tz) : null) === existing.datePaid) &&
    (m === undefined || m === existing.methodPaid)
  )
    return null;
  const paid = p ?? existing?.paid ?? false;
  const { datePaid, amountPaid } = paidState(input, paid, total, tz);
  return { amount: amountPaid, datePaid, method: m ?? existing?.methodPaid ?? '' };
}

async function checkGivenNumber(tx: Tx, companyId: string, kind: 'invoice' | 'quote', n: string) {
  if (await repo.isNumberTaken(tx, companyId, kind, n)) {
    throw badField(kind === 'invoice' ? 'invoiceNumber' : 'quoteNumber', 'is already used');
  }
}

/**
 * Creates (no `_id`) or updates an invoice or quote inside the caller's
 * transaction: checks the client, converts the dates to the company's zone,
 * computes and stores the totals with core, settles the paid state, allocates
 * numbers, applies the lines' price-list flags and recomputes the outstanding
 * of the old and new client. Throws an HttpError (400 naming the field, 404
 * for an unknown `_id`); the caller's transaction then writes nothing.
 */
export async function writeInvoice(
  tx: Tx,
  company: WriterCompany,
  userId: string | null,
  input: InvoiceInput,
  opts: WriteOptions = {},
): Promise<{ id: string; savedItems: string[] }> {
  const tz = company.timeZone;
  // The accounts first (FOR SHARE), then the document: the order of an account delete.
  await shareLineAccounts(tx, company.id, input.descriptions);
  const existing = input._id
    ? isUuid(input._id)
      ? await repo.findInvoice(tx, company.id, input._id.toLowerCase(), { forUpdate: true })
      : null
    : null;
  if (input._id && !existing) throw notFound('Invoice not found');

  await checkClient(tx, company.id, input.entityId, existing?.entityId);
  const invoiceDate = companyDate('invoiceDate', input.invoiceDate, tz);
  const dueDate = companyDate('dueDate', input.dueDate, tz);
  const appointmentId = input.appointmentId;
  if (appointmentId && !isUuid(appointmentId)) throw badField('appointmentId', 'is not a valid id');
  const templateId = input.invoiceTemplateId;
  if (
    templateId &&
    templateId !== existing?.invoiceTemplateId &&
    !(await templateUsable(tx, company.id, templateId, 'invoice'))
  )
    throw badField('invoiceTemplateId', 'is not one of your invoice templates');
  const isQuote = input.isQuote ?? existing?.isQuote ?? false;
  if (existing && !existing.isQuote && isQuote) {
    throw badField('isQuote', 'an invoice cannot become a quote');
  }
  await checkLineItemIds(tx, company.id, input.descriptions, existing?.descriptions);
  // Account ids in lower case, of income accounts; a stale one already stored is dropped.
  input = {
    ...input,
    descriptions: await withLineAccounts(
      tx,
      company.id,
      input.descriptions,
      existing?.descriptions,
      opts.dropUnknownAccounts,
    ),
  };

  const tax = input.tax ?? existing?.tax ?? company.tax;
  const discount = input.discount ?? existing?.discount ?? DEFAULT_DISCOUNT;
  const totals = computeTotals({ descriptions: input.descriptions, discount, tax });
  checkDiscount(discount, totals);
  if (totals.subtotal > MAX_AMOUNT || totals.total > MAX_AMOUNT)
    throw badField('descriptions', 'The total must be at most R1,000,000,000');
  // A credit note corrects the invoice as issued (VAT Act s21): its total stays.
  if (existing && existing.creditNotes > 0 && !dec(totals.total).eq(dec(existing.total)))
    throw badField(
      'descriptions',
      'The invoice has credit notes, so its total cannot change: issue another credit note',
    );
  const deposit = depositToStore(input.deposit, existing?.deposit, isQuote, totals.total);
  keepsAcceptedQuote(existing, { descriptions: input.descriptions, discount, tax, deposit });
  const asked = askedPayment(input, existing, totals.total, tz);
  // Paid in part: each payment has its own date, method and reference, so only "paid in full"
  // or "not paid at all" (amount 0) may replace them; anything else is done one payment at a
  // time (docs/payments.md).
  const wholesale = input.paid === true || (input.paid === false && input.amountPaid === 0);
  if (asked && existing && !existing.paid && dec(existing.amountPaid).gt(0) && !wholesale)
    throw badField('paid', 'has part payments: record or remove them one at a time under Payments');
  // Paid at most what credit notes leave of the total (DECISIONS §16: overpayment is refused).
  const payable = dec(totals.total).minus(dec(existing?.amountCredited ?? 0));
  if (asked && dec(asked.amount).gt(payable))
    throw badField(
      'amountPaid',
      existing && dec(existing.amountCredited).gt(0)
        ? `must not be more than the ${formatMoney(payable)} left after credit notes`
        : `must not be more than the total of ${formatMoney(totals.total)}`,
    );
  if (
    !asked &&
    existing &&
    dec(totals.total).lt(dec(existing.amountPaid)) &&
    dec(totals.total).lt(dec(existing.total))
  )
    throw badField(
      'descriptions',
      `The total must not be less than the ${formatMoney(existing.amountPaid)} paid: remove a payment first`,
    );

  // Numbers last among the checks: the counter's row lock is then held as briefly as possible.
  let invoiceNumber = existing?.invoiceNumber ?? null;
  let quoteNumber = existing?.quoteNumber ?? null;
  if (opts.invoiceNumber && opts.invoiceNumber !== invoiceNumber) {
    await checkGivenNumber(tx, company.id, 'invoice', opts.invoiceNumber);
    invoiceNumber = opts.invoiceNumber;
  }
  if (opts.quoteNumber && opts.quoteNumber !== quoteNumber) {
    await checkGivenNumber(tx, company.id, 'quote', opts.quoteNumber);
    quoteNumber = opts.quoteNumber;
  }
  const { lines, savedItems } = await applyLineFlags(
    tx,
    company.id,
    input.entityId,
    input.descriptions,
  );
  // A quote turned into an invoice gets an invoice number and keeps its quote number.
  if (isQuote && !quoteNumber)
    quoteNumber = await allocateNumber(tx, company, 'quote', invoiceDate);
  if (!isQuote && !invoiceNumber) {
    invoiceNumber = await allocateNumber(tx, company, 'invoice', invoiceDate);
  }

  const values: repo.InvoiceValues = {
    invoiceNumber,
    quoteNumber,
    isQuote,
    invoiceTemplateId: input.invoiceTemplateId,
    invoiceDate,
    dueDate,
    entityId: input.entityId,
    to: input.to ?? existing?.to ?? '',
    toEmail: input.toEmail ?? existing?.toEmail ?? '',
    descriptions: lines,
    discount,
    deposit,
    tax,
    subtotal: amountText(totals.subtotal),
    discountTotal: amountText(totals.discount),
    net: amountText(totals.net),
    tax1: amountText(totals.tax1),
    tax2: amountText(totals.tax2),
    total: amountText(totals.total),
    // Derived from the payments below (settleInvoices).
    paid: existing?.paid ?? false,
    amountPaid: existing?.amountPaid ?? '0',
    datePaid: existing?.datePaid ?? null,
    methodPaid: existing?.methodPaid ?? '',
    notes: input.notes ?? existing?.notes ?? '',
    isRecurring: input.isRecurring ?? existing?.isRecurring ?? false,
    recurringType: input.recurringType ?? existing?.recurringType ?? '',
    appointmentId: input.appointmentId,
    custom: input.custom ?? existing?.custom ?? {},
  };
  let id: string;
  if (existing) {
    id = existing.id;
    await repo.updateInvoice(tx, company.id, id, values);
  } else {
    id = await repo.insertInvoice(tx, company.id, { ...values, createdBy: userId });
  }
  // The ledger's items of this document, in the same transaction (none for a quote).
  await syncInvoiceItems(tx, company.id, {
    id,
    isQuote,
    invoiceDate,
    invoiceNumber,
    descriptions: lines,
    discount,
    tax,
  });
  // A new invoice, or a quote that became one (docs/webhooks.md).
  if (!isQuote && (!existing || existing.isQuote))
    await emitWebhook(tx, company.id, 'invoice.created', {
      invoiceId: id,
      invoiceNumber,
      clientId: input.entityId,
      invoiceDate,
      dueDate,
      total: toAmount(values.total),
      fromQuote: !!existing,
    });
  if (asked) await setSinglePayment(tx, company.id, id, asked, userId);
  await settleInvoices(tx, company.id, [id]);
  const touched = [existing?.entityId, input.entityId].filter((c): c is string => !!c);
  await recomputeOutstanding(tx, company.id, touched);
  return { id, savedItems };
}

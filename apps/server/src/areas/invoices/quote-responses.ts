import {
  addDays,
  toAmount,
  todayIn,
  type TDiscount,
  type TLine,
  type TQuoteResponse,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { shareLineAccounts } from '../accounting/index.js';
import { writeInvoice, type WriterCompany } from './invoice-writer.js';
import * as repo from './invoices.repo.js';
import { quoteVersion } from './quote-lock.js';
import { setClientResponse } from './quote-responses.repo.js';
import { emitWebhook } from '../webhooks/index.js';

/**
 * A client's answer to a quote in the portal (docs/portal.md): accepted (with
 * a name, a drawn signature, a PO number, the terms), declined with a reason,
 * or changes asked for. An accepted quote is locked: a save must keep its
 * lines, discount and tax (`keepsAcceptedQuote`, quote-lock.ts), so what was
 * signed is what is invoiced.
 */

/** Days an invoice made from an accepted quote is due in (spec §9's default). */
const DUE_DAYS = 7;
/** A decline or request for changes waits this long after the quote's last answer. */
export const ANSWER_GAP_MS = 10 * 60_000;
/** How many of a quote's answers its log keeps (the newest). */
export const QUOTE_ANSWERS_KEPT = 50;

export interface QuoteAnswer {
  response: TQuoteResponse;
  /** The version the client saw (accept only, `quoteVersion`): another is refused (409). */
  seenVersion?: string;
  /** The company's choice: also turn the accepted quote into an invoice. */
  invoice: boolean;
}

/**
 * Records the answer under the quote's row lock; answers the quote's number
 * and whether it became an invoice. 404 unless it is the client's quote of
 * the company; 400 once it is an invoice; 409 once accepted, or when its
 * total is not the one the client accepted.
 */
export async function answerQuote(
  tx: Tx,
  company: WriterCompany,
  clientId: string,
  quoteId: string,
  a: QuoteAnswer,
): Promise<{ number: string; invoiced: boolean; lines: TLine[]; discount: TDiscount | null }> {
  // The accounts its lines name first (FOR SHARE), then the quote: the order of the invoice
  // writer and of an account delete, so turning it into an invoice never deadlocks with one.
  const seen = await repo.findInvoice(tx, company.id, quoteId);
  if (seen?.isQuote) await shareLineAccounts(tx, company.id, seen.descriptions);
  const q = await repo.findInvoice(tx, company.id, quoteId, { forUpdate: true });
  if (!q || q.entityId !== clientId) throw notFound('Quote not found');
  if (!q.isQuote) throw new HttpError(400, 'This quote is an invoice now');
  if (q.clientResponse?.kind === 'accepted')
    throw new HttpError(409, 'This quote was accepted already');
  const version = quoteVersion({ ...q, deposit: q.deposit ?? null });
  if (a.response.kind === 'accepted' && a.seenVersion !== version)
    throw new HttpError(409, 'The quote changed since you opened it: please look at it again');
  // A decline or a request for changes a moment after the last answer is not sent again
  // (each one tells every member who reads invoices).
  const last = q.clientResponse ? Date.parse(q.clientResponse.at) : NaN;
  if (a.response.kind !== 'accepted' && Date.now() - last < ANSWER_GAP_MS)
    throw new HttpError(429, 'You answered this quote a few minutes ago: the business has it');
  // The log keeps the newest QUOTE_ANSWERS_KEPT (a decline may follow a decline 10 minutes on).
  const log = [...(q.clientResponses ?? []), a.response].slice(-QUOTE_ANSWERS_KEPT);
  await setClientResponse(tx, company.id, q.id, a.response, log);
  const number = q.quoteNumber ?? '';
  if (a.response.kind === 'accepted' || a.response.kind === 'declined')
    await emitWebhook(tx, company.id, `quote.${a.response.kind}`, {
      quoteId: q.id,
      quoteNumber: number,
      clientId: q.entityId,
      total: toAmount(q.total),
      name: a.response.name,
      ...(a.response.kind === 'accepted' && { invoiced: !!a.invoice }),
    });
  const signed = { number, lines: q.descriptions, discount: q.discount };
  if (a.response.kind !== 'accepted' || !a.invoice) return { ...signed, invoiced: false };
  // Invoiced today, on the lines accepted; the quote keeps its number beside the invoice's.
  const today = todayIn(company.timeZone);
  await writeInvoice(tx, company, null, {
    _id: q.id,
    isQuote: false,
    invoiceTemplateId: null,
    invoiceDate: today,
    dueDate: addDays(today, DUE_DAYS),
    entityId: q.entityId,
    to: q.to,
    toEmail: q.toEmail,
    descriptions: q.descriptions,
    discount: q.discount,
    tax: q.tax,
    notes: q.notes,
    custom: q.custom as Parameters<typeof writeInvoice>[3]['custom'],
    appointmentId: q.appointmentId,
  });
  return { ...signed, invoiced: true };
}

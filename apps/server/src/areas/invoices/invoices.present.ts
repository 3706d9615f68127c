import {
  DEFAULT_DISCOUNT,
  invoiceBalance,
  toAmount,
  type TInvoice,
  type TLine,
} from '@fieldbook/core';
import { depositFigures } from './invoice-deposit.js';
import type { InvoiceRow } from './invoices.repo.js';

type ClientName = { name: string; surname: string } | null;

const clientOf = (name: string | null, surname: string | null): ClientName =>
  name === null ? null : { name, surname: surname ?? '' };

/** Lines as stored, with the defaults filled in (imported rows may leave them out). */
const presentLine = (l: TLine): TLine => ({
  ...l,
  qty: l.qty ?? 1,
  price: Number(l.price),
  ledgerAccountId: l.ledgerAccountId ?? null,
  itemId: l.itemId ?? null,
});

export function presentInvoice(
  r: InvoiceRow,
  clientName: string | null,
  clientSurname: string | null,
): TInvoice {
  return {
    _id: r.id,
    invoiceNumber: r.invoiceNumber,
    quoteNumber: r.quoteNumber,
    isQuote: r.isQuote,
    invoiceTemplateId: r.invoiceTemplateId,
    invoiceDate: r.invoiceDate,
    dueDate: r.dueDate,
    entityId: r.entityId,
    to: r.to,
    toEmail: r.toEmail,
    descriptions: r.descriptions.map(presentLine),
    discount: r.discount ?? DEFAULT_DISCOUNT,
    tax: r.tax,
    paid: r.paid,
    amountPaid: toAmount(r.amountPaid),
    amountCredited: toAmount(r.amountCredited),
    deposit: r.deposit ?? null,
    clientResponse: r.clientResponse ?? null,
    clientResponses: r.clientResponses,
    ...depositFigures(r),
    datePaid: r.datePaid,
    methodPaid: r.methodPaid,
    notes: r.notes,
    isRecurring: r.isRecurring,
    recurringType: r.recurringType,
    appointmentId: r.appointmentId,
    custom: r.custom,
    client: clientOf(clientName, clientSurname),
    sent: r.sent ? r.sent.toISOString() : null,
    emails: r.emails,
    queuedForSending: r.queuedForSending,
    queuedForSendingError: r.queuedForSendingError,
    totals: {
      subtotal: toAmount(r.subtotal),
      discount: toAmount(r.discountTotal),
      net: toAmount(r.net),
      tax1: toAmount(r.tax1),
      tax2: toAmount(r.tax2),
      total: toAmount(r.total),
    },
    balance: invoiceBalance(r.total, r.amountPaid, r.amountCredited),
  };
}

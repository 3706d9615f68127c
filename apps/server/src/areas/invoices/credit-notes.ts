import {
  addAmounts,
  amountText,
  applyCredit,
  creditForAmount,
  creditForLines,
  creditProblem,
  invoiceBalance,
  todayIn,
  toAmount,
  toYmd,
  CREDIT_NOTES_LISTED,
  type TCreditNote,
  type TCreditNoteList,
  type TOpenInvoice,
  type ZCreditNoteSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField, notFound } from '../../platform/errors.js';
import { syncCreditItems } from '../accounting/index.js';
import { recomputeOutstanding } from '../clients/index.js';
import * as notes from './credit-notes.repo.js';
import { settleInvoices } from './invoice-payments.js';
import { allocateNumber } from './invoice-numbers.js';
import * as repo from './invoices.repo.js';
import { emitWebhook } from '../webhooks/index.js';

/**
 * Credit notes (VAT Act s21(3)(a), DECISIONS §16, docs/payments.md): one
 * corrects an invoice by some of its lines or an amount, with a reason. Its
 * value and taxes come from core (`creditForLines`, `creditForAmount`); the
 * total credited never passes what the invoice carries (under the invoice's
 * row lock, so two notes at once cannot); it takes what it can off the
 * balance and the rest is to refund or keep for the client.
 */

export function presentCreditNote(r: notes.CreditNoteRow): TCreditNote {
  return {
    _id: r.id,
    number: r.number,
    invoiceId: r.invoiceId,
    invoiceNumber: r.invoiceNumber ?? '',
    entityId: r.entityId,
    date: r.noteDate,
    reason: r.reason,
    lines: r.lines,
    total: toAmount(r.total),
    tax1: toAmount(r.tax1),
    tax2: toAmount(r.tax2),
    applied: toAmount(r.applied),
    excess: toAmount(r.excess),
    clientName: r.clientName ?? '',
    refunds: r.refunds.map((x) => ({
      _id: x.id,
      amount: toAmount(x.amount),
      date: x.date,
      method: x.method,
      reference: x.reference,
      invoiceId: x.invoiceId,
      invoiceNumber: x.invoiceNumber ?? '',
      createdAt: new Date(x.createdAt).toISOString(),
    })),
    refunded: toAmount(addAmounts(...r.refunds.map((x) => x.amount))),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Issues a credit note on the invoice; answers its id. */
export async function issueCreditNote(
  tx: Tx,
  company: { id: string; timeZone: string },
  invoiceId: string,
  input: z.output<typeof ZCreditNoteSave>,
  userId: string,
): Promise<string> {
  const inv = isUuid(invoiceId)
    ? await repo.findInvoice(tx, company.id, invoiceId.toLowerCase(), { forUpdate: true })
    : null;
  if (!inv || inv.isQuote) throw notFound('Invoice not found');
  const date = input.date ? toYmd(input.date, company.timeZone) : todayIn(company.timeZone);
  if (!date) throw badField('date', 'must be a date (YYYY-MM-DD)');

  let field: 'lines' | 'amount' = 'amount';
  let credited: notes.CreditNoteLine[] = [];
  let value;
  if (input.lines) {
    field = 'lines';
    if (new Set(input.lines).size !== input.lines.length)
      throw badField('lines', 'names a line more than once');
    const picked = input.lines.map((i) => inv.descriptions[i]);
    if (picked.some((l) => !l)) throw badField('lines', 'names a line the invoice does not have');
    const lines = picked.map((l) => l!);
    value = creditForLines(lines, inv);
    credited = lines.map((l, k) => ({
      line: input.lines![k]!,
      description: l.description,
      qty: l.qty ?? null,
      price: Number(l.price ?? 0),
    }));
  } else {
    value = creditForAmount(input.amount!, {
      subtotal: toAmount(inv.subtotal),
      discount: toAmount(inv.discountTotal),
      net: toAmount(inv.net),
      tax1: toAmount(inv.tax1),
      tax2: toAmount(inv.tax2),
      total: toAmount(inv.total),
    });
  }
  const problem = creditProblem(
    value.total,
    inv.total,
    await notes.creditedTotal(tx, company.id, inv.id),
  );
  if (problem) throw badField(field, problem);

  const { applied, excess } = applyCredit(
    value.total,
    invoiceBalance(inv.total, inv.amountPaid, inv.amountCredited),
  );
  // Its own sequence, CN00001, whatever the company's preset.
  const number = await allocateNumber(
    tx,
    { id: company.id, numbering: 'INV00001' },
    'credit',
    date,
  );
  const id = await notes.insertCreditNote(tx, company.id, {
    invoiceId: inv.id,
    entityId: inv.entityId,
    number,
    noteDate: date,
    reason: input.reason,
    lines: credited,
    total: amountText(value.total),
    tax1: amountText(value.tax1),
    tax2: amountText(value.tax2),
    applied: amountText(applied),
    excess: amountText(excess),
    createdBy: userId,
  });
  await syncCreditItems(tx, company.id, {
    id,
    noteDate: date,
    number,
    lineIndexes: input.lines ?? null,
    ...value,
    invoice: inv,
  });
  await notes.addCredit(tx, company.id, inv.id, amountText(applied));
  await settleInvoices(tx, company.id, [inv.id]);
  if (inv.entityId) await recomputeOutstanding(tx, company.id, [inv.entityId]);
  await emitWebhook(tx, company.id, 'credit_note.issued', {
    creditNoteId: id,
    number,
    invoiceId: inv.id,
    invoiceNumber: inv.invoiceNumber,
    clientId: inv.entityId,
    date,
    total: toAmount(value.total),
  });
  return id;
}

/** The invoice's credit notes (404 for a quote or another company's invoice). */
export async function creditNotesOf(tx: Tx, companyId: string, invoiceId: string) {
  const inv = isUuid(invoiceId)
    ? await repo.findInvoice(tx, companyId, invoiceId.toLowerCase())
    : null;
  if (!inv || inv.isQuote) throw notFound('Invoice not found');
  return (await notes.creditNotesOfInvoice(tx, companyId, inv.id)).map(presentCreditNote);
}

/** The company's notes of a period, newest first (docs/payments.md "Credit notes"). */
export async function listCreditNotes(
  tx: Tx,
  companyId: string,
  q: { from?: string; to?: string },
): Promise<TCreditNoteList> {
  const rows = await notes.listCreditNotes(tx, companyId, { ...q, limit: CREDIT_NOTES_LISTED + 1 });
  return {
    notes: rows.slice(0, CREDIT_NOTES_LISTED).map(presentCreditNote),
    more: rows.length > CREDIT_NOTES_LISTED,
  };
}

/** Where the note's credit may be kept: its client's invoices with a balance. */
export async function openInvoicesForNote(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<TOpenInvoice[]> {
  const note = await creditNote(tx, companyId, id);
  // The client the note's invoice has now (it may have moved to another client).
  const inv = await repo.findInvoice(tx, companyId, note.invoiceId);
  if (!inv?.entityId) return [];
  const open = await notes.openInvoicesOf(tx, companyId, inv.entityId);
  return open.map((r) => ({
    _id: r.id,
    invoiceNumber: r.invoiceNumber ?? '',
    invoiceDate: r.invoiceDate,
    balance: toAmount(r.balance),
  }));
}

/** One credit note of the company. */
export async function creditNote(tx: Tx, companyId: string, id: string): Promise<TCreditNote> {
  const row = isUuid(id) ? await notes.findCreditNote(tx, companyId, id.toLowerCase()) : null;
  if (!row) throw notFound('Credit note not found');
  return presentCreditNote(row);
}

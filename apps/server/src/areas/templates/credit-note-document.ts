import {
  formatMoney,
  lineAmount,
  subAmounts,
  type TClientField,
  type TCreditNote,
} from '@fieldbook/core';
import { notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import { CREDIT_NOTE_EMAIL, CREDIT_NOTE_HTML } from './builtin/credit-note.js';
import { clientContext, companyContext, type DocumentClient } from './context.js';
import type { DocumentDeps, RenderedDocument } from './documents.js';
import { renderHtml, renderText, withTitle } from './render.js';

/** What a credit note is printed from, gathered by the invoices area (which owns the notes). */
export interface CreditNoteDocumentParts {
  note: TCreditNote;
  /** The date of the invoice it corrects. */
  invoiceDate: string;
  /** A print after the first: marked "Copy". */
  copy: boolean;
  client: DocumentClient | null;
  to: string;
  clientTypes: TClientField[];
}

const KEY = { id: 'builtin:credit-note', version: 'code' };

/** The credit note's render context (its placeholders are listed in docs/payments.md). */
export function creditNoteContext(p: CreditNoteDocumentParts) {
  const n = p.note;
  const lines = n.lines.map((l) => ({
    description: l.description,
    qty: String(l.qty ?? 1),
    unitPrice: formatMoney(l.price),
    amount: formatMoney(lineAmount(l)),
  }));
  return {
    number: n.number,
    date: n.date,
    invoiceNumber: n.invoiceNumber,
    invoiceDate: p.invoiceDate,
    reason: n.reason,
    lines,
    hasLines: lines.length > 0,
    total: formatMoney(n.total),
    vat: formatMoney(n.tax1),
    net: formatMoney(subAmounts(n.total, n.tax1)),
    copy: p.copy,
  };
}

/** The credit note as a document, with the shipped credit note template. */
export async function renderCreditNoteDocument(
  deps: DocumentDeps,
  companyId: string,
  parts: CreditNoteDocumentParts,
): Promise<RenderedDocument> {
  const company = await getCompany(deps.database.db, companyId);
  if (!company) throw notFound('Company not found');
  const ctx = {
    company: companyContext(company),
    client: clientContext(parts.client, parts.to, parts.clientTypes),
    creditNote: creditNoteContext(parts),
  };
  const title = `Credit note ${parts.note.number}`;
  return {
    html: withTitle(renderHtml(CREDIT_NOTE_HTML, ctx, KEY), title),
    emailBody: renderText(CREDIT_NOTE_EMAIL, ctx, KEY) ?? '',
    fileName: `${parts.note.number}${parts.copy ? ' copy' : ''}.pdf`,
    subject: `Credit note ${parts.note.number} from ${company.companyName}`,
  };
}

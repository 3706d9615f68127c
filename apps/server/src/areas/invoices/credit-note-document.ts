import { notFound } from '../../platform/errors.js';
import { documentRecipient } from '../clients/index.js';
import { renderCreditNoteDocument, type DocumentDeps } from '../templates/index.js';
import { creditNote } from './credit-notes.js';
import * as notes from './credit-notes.repo.js';

/**
 * A credit note as a PDF-ready document (docs/payments.md): the first print is
 * the original, every later one is marked "Copy" (VAT Act s21: a lost copy
 * printed again must say so). 404 when it is not the company's.
 */
export async function creditNoteDocument(
  deps: DocumentDeps,
  companyId: string,
  id: string,
  /** false: a look at it (an e-mail's draft) that prints nothing, so the original stays unprinted. */
  opts: { print?: boolean } = {},
) {
  const db = deps.database.db;
  const note = await creditNote(db, companyId, id);
  const invoice = await notes.invoiceDateOf(db, companyId, note.invoiceId);
  if (!invoice) throw notFound('Credit note not found');
  const { client, clientTypes } = await documentRecipient(db, companyId, note.entityId);
  const original = opts.print === false || (await notes.markPrinted(db, companyId, note._id));
  const doc = await renderCreditNoteDocument(deps, companyId, {
    note,
    invoiceDate: invoice.date,
    copy: !original,
    client,
    to: invoice.to,
    clientTypes,
  });
  // Sent where the invoice went, else to the client's address.
  return { ...doc, note, email: invoice.toEmail.trim() || (client?.email ?? '') };
}

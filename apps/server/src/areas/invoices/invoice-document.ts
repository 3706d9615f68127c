import type { TTemplateField } from '@fieldbook/core';
import { notFound } from '../../platform/errors.js';
import { documentRecipient } from '../clients/index.js';
import {
  invoicePreviewContext,
  renderInvoiceDocument,
  type DocumentDeps,
  type InvoiceDocumentParts,
} from '../templates/index.js';
import { presentInvoice } from './invoices.present.js';
import { findInvoice, type InvoiceRow } from './invoices.repo.js';

// What the invoices area hands the templates area to print an invoice or a
// quote (templates render what they are given).

async function invoiceParts(
  deps: DocumentDeps,
  companyId: string,
  /** An id, or a row not saved (a recurring item's preview). */
  invoice: string | InvoiceRow,
): Promise<InvoiceDocumentParts> {
  const db = deps.database.db;
  const row = typeof invoice === 'string' ? await findInvoice(db, companyId, invoice) : invoice;
  if (!row) throw notFound('Invoice not found');
  const { client, clientTypes } = await documentRecipient(db, companyId, row.entityId);
  // The invoice exactly as the screen receives it: the same totals and balance.
  return { row, shown: presentInvoice(row, null, null), client, clientTypes };
}

/**
 * The invoice or quote as a document; 404 when it is not the company's.
 * `templateId` prints it with another usable invoice template than its own
 * (a job status's notification template); a stale one is skipped.
 */
export async function invoiceDocument(
  deps: DocumentDeps,
  companyId: string,
  invoice: string | InvoiceRow,
  templateId?: string | null,
) {
  const parts = await invoiceParts(deps, companyId, invoice);
  return renderInvoiceDocument(deps, companyId, parts, templateId);
}

/** The invoice as a template preview's context, with the unsaved template's `fields`. */
export async function invoicePreview(
  deps: DocumentDeps,
  companyId: string,
  id: string,
  fields: TTemplateField[],
) {
  return invoicePreviewContext(deps, companyId, await invoiceParts(deps, companyId, id), fields);
}

import { toAmount, type TEmailRecord } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { recomputeOutstanding } from '../clients/index.js';
import { emitWebhook } from '../webhooks/index.js';
import * as repo from './invoice-changes.repo.js';

// Changes other areas ask of an invoice (the invoices area alone writes the
// invoices table, docs/architecture.md), inside the caller's transaction.

/**
 * Gives an invoice the client `party.entityId` (with the client's name and
 * e-mail when given) and recomputes the outstanding of that client and of
 * the one it had before (`invoice.entityId`).
 */
export async function assignInvoiceClient(
  tx: Tx,
  companyId: string,
  invoice: { id: string; entityId: string | null },
  party: { entityId: string; to?: string; toEmail?: string },
): Promise<void> {
  await repo.setInvoiceParty(tx, companyId, invoice.id, party);
  const touched = [party.entityId, ...(invoice.entityId ? [invoice.entityId] : [])];
  await recomputeOutstanding(tx, companyId, touched);
}

/**
 * One more e-mail of the invoice or quote on record (its sending flags
 * cleared), and its webhook event, `invoice.sent` or `quote.sent`.
 */
export async function markInvoiceSent(
  tx: Tx,
  companyId: string,
  id: string,
  record: TEmailRecord,
): Promise<void> {
  const sent = await repo.markSent(tx, companyId, id, record);
  if (!sent) return;
  const base = { clientId: sent.entityId, total: toAmount(sent.total) };
  if (sent.isQuote)
    await emitWebhook(tx, companyId, 'quote.sent', {
      quoteId: id,
      quoteNumber: sent.quoteNumber,
      ...base,
    });
  else
    await emitWebhook(tx, companyId, 'invoice.sent', {
      invoiceId: id,
      invoiceNumber: sent.invoiceNumber,
      ...base,
    });
}

import type { Tx } from '../../db/client.js';
import { recomputeOutstanding } from '../clients/index.js';
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

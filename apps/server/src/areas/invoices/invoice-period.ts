import type { Tx } from '../../db/client.js';
import { recomputeOutstanding } from '../clients/index.js';
import * as repo from './invoice-period.repo.js';

export { invoicesForExport, resolveInvoices } from './invoice-period.repo.js';

/**
 * The Process call (docs/exports.md): the period's unpaid invoices are paid
 * in full and resolved, and their clients' outstanding is recomputed in the
 * same transaction, as Mark As Paid does through the invoice writer.
 */
export async function payPeriodInvoices(
  tx: Tx,
  companyId: string,
  p: { from: string; to: string; datePaid: string; method: string },
): Promise<number> {
  const rows = await repo.payPeriodInvoices(tx, companyId, p);
  const clientIds = [...new Set(rows.flatMap((r) => (r.entityId ? [r.entityId] : [])))];
  if (clientIds.length > 0) await recomputeOutstanding(tx, companyId, clientIds);
  return rows.length;
}

import type { Tx } from '../../db/client.js';
import { payBalances } from '../payments/index.js';
import { settleInvoices } from './invoice-payments.js';
import * as repo from './invoice-period.repo.js';

export { creditNotesForExport, invoicesForExport, resolveInvoices } from './invoice-period.repo.js';

/**
 * The Process call (docs/exports.md): the period's unpaid invoices are paid
 * in full (each its open balance, one payment by hand dated `datePaid`) and
 * resolved, and their clients' outstanding is recomputed in the same
 * transaction. Answers how many invoices it paid.
 */
export async function payPeriodInvoices(
  tx: Tx,
  companyId: string,
  p: { from: string; to: string; datePaid: string; method: string },
): Promise<number> {
  const rows = await repo.resolveUnpaidOfPeriod(tx, companyId, p);
  await payBalances(tx, companyId, rows, p.datePaid, p.method);
  await settleInvoices(
    tx,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.length;
}

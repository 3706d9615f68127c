import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';

/** The paid state of the invoices as stored, with their totals and clients. */
export async function paidStatesOf(tx: Tx, companyId: string, ids: string[]) {
  return tx
    .select({
      id: invoices.id,
      entityId: invoices.entityId,
      isQuote: invoices.isQuote,
      invoiceNumber: invoices.invoiceNumber,
      total: invoices.total,
      paid: invoices.paid,
      amountPaid: invoices.amountPaid,
      datePaid: invoices.datePaid,
      methodPaid: invoices.methodPaid,
      amountCredited: invoices.amountCredited,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.id, ids)));
}

/** The paid state derived from the invoice's payments. */
export async function setPaidState(
  tx: Tx,
  companyId: string,
  id: string,
  s: { paid: boolean; amountPaid: string; datePaid: string | null; methodPaid: string },
) {
  await tx
    .update(invoices)
    .set({ ...s, updatedAt: new Date() })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

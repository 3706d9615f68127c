import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clientTypes, invoices } from '../../db/schema/index.js';

export async function listClientTypeNames(db: Tx, companyId: string) {
  return db
    .select({ id: clientTypes.id, name: clientTypes.name })
    .from(clientTypes)
    .where(eq(clientTypes.companyId, companyId));
}

/** The number a saved invoice got (for the incident's description). */
export async function numberOf(db: Tx, companyId: string, id: string) {
  const [row] = await db
    .select({
      isQuote: invoices.isQuote,
      invoiceNumber: invoices.invoiceNumber,
      quoteNumber: invoices.quoteNumber,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  return row ?? null;
}

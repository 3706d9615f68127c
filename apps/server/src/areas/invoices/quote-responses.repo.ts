import { and, eq, sql } from 'drizzle-orm';
import type { TQuoteResponse } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';

/** The client's answer to a quote, stored on the quote with its log (docs/portal.md). */
export async function setClientResponse(
  tx: Tx,
  companyId: string,
  id: string,
  response: TQuoteResponse,
  log: TQuoteResponse[],
): Promise<void> {
  await tx
    .update(invoices)
    .set({ clientResponse: response, clientResponses: log, updatedAt: sql`now()` })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clientTypes, clients, invoices } from '../../db/schema/index.js';

export type ClientInsert = Omit<typeof clients.$inferInsert, 'id' | 'companyId'>;

const CHUNK = 500;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

export async function listClientTypeNames(db: Tx, companyId: string) {
  return db
    .select({ id: clientTypes.id, name: clientTypes.name })
    .from(clientTypes)
    .where(eq(clientTypes.companyId, companyId));
}

/** Inserts the clients in batches; answers how many were written. */
export async function insertClients(db: Tx, companyId: string, rows: ClientInsert[]) {
  let n = 0;
  for (const part of chunks(rows)) {
    const done = await db
      .insert(clients)
      .values(part.map((r) => ({ ...r, companyId })))
      .returning({ id: clients.id });
    n += done.length;
  }
  return n;
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

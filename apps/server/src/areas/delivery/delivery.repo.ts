import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clients, companies, invoices } from '../../db/schema/index.js';

/** Which of `ids` are invoices (or quotes) of the company. */
export async function existingInvoiceIds(
  db: Tx,
  companyId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.id, ids)));
  return rows.map((r) => r.id);
}

export interface AutoStatementClient {
  clientId: string;
  companyId: string;
  email: string;
  timeZone: string;
}

/**
 * Every live client of every company that asked for a monthly statement.
 * Deliberately not scoped to a company: the monthly scheduler sweeps the
 * whole platform; each statement job then works inside its own company.
 */
export async function unsafeListAutoStatementClients(db: Tx): Promise<AutoStatementClient[]> {
  return db
    .select({
      clientId: clients.id,
      companyId: clients.companyId,
      email: clients.email,
      timeZone: companies.timeZone,
    })
    .from(clients)
    .innerJoin(companies, eq(companies.id, clients.companyId))
    .where(and(eq(clients.autoSendStatement, true), isNull(clients.deletedAt)));
}

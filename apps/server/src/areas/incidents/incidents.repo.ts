import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clients, incidents, invoices } from '../../db/schema/index.js';
import type { ClientName } from './client-match.js';

export type IncidentRow = typeof incidents.$inferSelect;

/** Open incidents first, then newest first; with the client a Fix chose. */
export async function listIncidents(db: Tx, companyId: string) {
  return db
    .select({
      incident: incidents,
      fixedClient: { id: clients.id, name: clients.name, surname: clients.surname },
    })
    .from(incidents)
    .leftJoin(
      clients,
      and(eq(clients.id, incidents.fixedClientId), eq(clients.companyId, companyId)),
    )
    .where(eq(incidents.companyId, companyId))
    .orderBy(
      sql`case when ${incidents.status} = 'open' then 0 else 1 end`,
      desc(incidents.date),
      desc(incidents.id),
    );
}
export type IncidentListRow = Awaited<ReturnType<typeof listIncidents>>[number];

/** The incident, locked for the rest of the transaction so two Fixes cannot both apply. */
export async function lockIncident(db: Tx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(incidents)
    .where(and(eq(incidents.companyId, companyId), eq(incidents.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertIncident(
  db: Tx,
  companyId: string,
  v: Pick<IncidentRow, 'description' | 'value' | 'recordKind' | 'recordId'>,
): Promise<string> {
  const [row] = await db
    .insert(incidents)
    // The clock, not the transaction's now(): incidents of one import then keep their order.
    .values({ ...v, companyId, date: new Date() })
    .returning({ id: incidents.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function markFixed(db: Tx, companyId: string, id: string, clientId: string) {
  await db
    .update(incidents)
    .set({ status: 'fixed', fixedClientId: clientId, fixedAt: new Date() })
    .where(and(eq(incidents.companyId, companyId), eq(incidents.id, id)));
}

/** Every client that is not deleted: the candidates of a name match. */
export async function listLiveClients(db: Tx, companyId: string): Promise<ClientName[]> {
  return db
    .select({ id: clients.id, name: clients.name, surname: clients.surname, email: clients.email })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), isNull(clients.deletedAt)))
    .orderBy(asc(clients.createdAt));
}

export async function getInvoiceParty(db: Tx, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      entityId: invoices.entityId,
      to: invoices.to,
      toEmail: invoices.toEmail,
      invoiceNumber: invoices.invoiceNumber,
      quoteNumber: invoices.quoteNumber,
      isQuote: invoices.isQuote,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  return row ?? null;
}

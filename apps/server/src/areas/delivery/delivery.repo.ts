import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TEmailRecord } from '@fieldbook/core';
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

/**
 * Flags the invoices not already queued (the rows show Sending... until the
 * job sends or gives up) and answers their ids. An invoice already queued is
 * left alone: a second click, or a second person, must not send it twice.
 */
export async function markQueued(tx: Tx, companyId: string, ids: string[]): Promise<string[]> {
  const rows = await tx
    .update(invoices)
    .set({ queuedForSending: true, queuedForSendingError: null })
    .where(
      and(
        eq(invoices.companyId, companyId),
        inArray(invoices.id, ids),
        eq(invoices.queuedForSending, false),
      ),
    )
    .returning({ id: invoices.id });
  return rows.map((r) => r.id);
}

/** One more e-mail on record: appended to `emails`, `sent` set, the queue flags cleared. */
export async function markSent(
  tx: Tx,
  companyId: string,
  id: string,
  record: TEmailRecord,
): Promise<void> {
  await tx
    .update(invoices)
    .set({
      emails: sql`${invoices.emails} || ${JSON.stringify([record])}::jsonb`,
      sent: new Date(record.date),
      queuedForSending: false,
      queuedForSendingError: null,
    })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

/** The queued send gave up: the row shows the error as a red badge. */
export async function markSendFailed(
  tx: Tx,
  companyId: string,
  id: string,
  error: string,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ queuedForSending: false, queuedForSendingError: error })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
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

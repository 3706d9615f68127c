import { and, asc, eq, getTableColumns, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { TRecurringType } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import {
  clients,
  companies,
  incidents,
  recurringItems,
  recurringRuns,
} from '../../db/schema/index.js';

export type ItemRow = typeof recurringItems.$inferSelect;
/** What a save writes; the company and creator are set by insert. */
export type ItemValues = Omit<
  typeof recurringItems.$inferInsert,
  'id' | 'companyId' | 'createdBy' | 'createdAt' | 'lastRunDate'
>;
export interface ItemWithClient {
  item: ItemRow;
  clientName: string | null;
  clientSurname: string | null;
}

const withClient = {
  item: getTableColumns(recurringItems),
  clientName: clients.name,
  clientSurname: clients.surname,
};

/** The company's items of these types, oldest first (index recurring_items_company_type_idx). */
export async function listItems(
  db: Tx,
  companyId: string,
  types: TRecurringType[],
): Promise<ItemWithClient[]> {
  if (types.length === 0) return [];
  return db
    .select(withClient)
    .from(recurringItems)
    .leftJoin(clients, eq(clients.id, recurringItems.entityId))
    .where(and(eq(recurringItems.companyId, companyId), inArray(recurringItems.type, types)))
    .orderBy(asc(recurringItems.createdAt), asc(recurringItems.id));
}

/** One item of the company and type; null for another company's id or another type. */
export async function findItem(
  db: Tx,
  companyId: string,
  type: TRecurringType,
  id: string,
): Promise<ItemWithClient | null> {
  const [row] = await db
    .select(withClient)
    .from(recurringItems)
    .leftJoin(clients, eq(clients.id, recurringItems.entityId))
    .where(
      and(
        eq(recurringItems.companyId, companyId),
        eq(recurringItems.type, type),
        eq(recurringItems.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertItem(
  tx: Tx,
  companyId: string,
  v: ItemValues & { createdBy: string | null; lastRunDate?: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(recurringItems)
    .values({ ...v, companyId })
    .returning({ id: recurringItems.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateItem(tx: Tx, companyId: string, id: string, v: ItemValues) {
  const rows = await tx
    .update(recurringItems)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(recurringItems.companyId, companyId), eq(recurringItems.id, id)))
    .returning({ id: recurringItems.id });
  return rows.length > 0;
}

/** Deletes the item (its runs cascade; the documents made stay). */
export async function deleteItem(tx: Tx, companyId: string, type: TRecurringType, id: string) {
  const rows = await tx
    .delete(recurringItems)
    .where(
      and(
        eq(recurringItems.companyId, companyId),
        eq(recurringItems.type, type),
        eq(recurringItems.id, id),
      ),
    )
    .returning({ id: recurringItems.id });
  return rows.length > 0;
}

/** Sets the item's client (the incident fix); false when it is not one of the company's. */
export async function setItemClient(
  tx: Tx,
  companyId: string,
  id: string,
  clientId: string,
  recipient: { to: string; toEmail: string },
) {
  const rows = await tx
    .update(recurringItems)
    .set({
      entityId: clientId,
      // The new client's name and address replace the old one's in the document.
      document: sql`${recurringItems.document} || ${JSON.stringify(recipient)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(recurringItems.companyId, companyId), eq(recurringItems.id, id)))
    .returning({ id: recurringItems.id });
  return rows.length > 0;
}

/**
 * Ids of active items with a date due: `next_run_date` on or before today in
 * the item's company zone. The index narrows to dates on or before the latest
 * "today" anywhere (`latest`); the zone then decides per company.
 *
 * One round (DECISIONS §15): at most `perCompany` items of each company, taken
 * by their place in their company's line, then by date, so a company with
 * thousands of due items cannot hold up another's (docs/recurring.md).
 */
export async function dueItemIds(
  db: Tx,
  now: Date,
  latest: string,
  limit: number,
  perCompany: number,
  skip: string[] = [],
): Promise<string[]> {
  const due = db
    .select({
      id: recurringItems.id,
      nextRunDate: recurringItems.nextRunDate,
      place:
        sql<number>`row_number() over (partition by ${recurringItems.companyId} order by ${recurringItems.nextRunDate}, ${recurringItems.id})`.as(
          'place',
        ),
    })
    .from(recurringItems)
    .innerJoin(companies, eq(companies.id, recurringItems.companyId))
    .where(
      and(
        lte(recurringItems.nextRunDate, latest),
        eq(recurringItems.active, true),
        sql`${recurringItems.nextRunDate} <= (${now.toISOString()}::timestamptz at time zone ${companies.timeZone})::date`,
        skip.length ? notInArray(recurringItems.id, skip) : undefined,
      ),
    )
    .as('due');
  const rows = await db
    .select({ id: due.id })
    .from(due)
    .where(lte(due.place, perCompany))
    .orderBy(asc(due.place), asc(due.nextRunDate), asc(due.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The item locked for this run; null when another process holds it (or it is gone). */
export async function lockItem(tx: Tx, id: string): Promise<ItemRow | null> {
  const [row] = await tx
    .select()
    .from(recurringItems)
    .where(eq(recurringItems.id, id))
    .for('update', { skipLocked: true })
    .limit(1);
  return row ?? null;
}

/** Claims one date of an item: true only for the one transaction that inserted it. */
export async function claimRun(
  tx: Tx,
  companyId: string,
  itemId: string,
  date: string,
  documentId: string | null = null,
): Promise<boolean> {
  const rows = await tx
    .insert(recurringRuns)
    .values({ recurringItemId: itemId, occurrenceDate: date, companyId, documentId })
    .onConflictDoNothing()
    .returning({ date: recurringRuns.occurrenceDate });
  return rows.length > 0;
}

export async function setRunDocument(tx: Tx, itemId: string, date: string, documentId: string) {
  await tx
    .update(recurringRuns)
    .set({ documentId })
    .where(and(eq(recurringRuns.recurringItemId, itemId), eq(recurringRuns.occurrenceDate, date)));
}

export async function setRunState(
  tx: Tx,
  id: string,
  lastRunDate: string | null,
  nextRunDate: string | null,
) {
  await tx
    .update(recurringItems)
    .set({ lastRunDate, nextRunDate })
    .where(eq(recurringItems.id, id));
}

/** True when an open incident already names this item. */
export async function hasOpenIncident(tx: Tx, companyId: string, itemId: string) {
  const [row] = await tx
    .select({ id: incidents.id })
    .from(incidents)
    .where(
      and(
        eq(incidents.companyId, companyId),
        eq(incidents.recordKind, 'recurring'),
        eq(incidents.recordId, itemId),
        eq(incidents.status, 'open'),
      ),
    )
    .limit(1);
  return !!row;
}

/** The client of an item's run: its name, and whether it may still get documents. */
export async function clientOf(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({ name: clients.name, surname: clients.surname, deletedAt: clients.deletedAt })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
    .limit(1);
  return row ?? null;
}

/** The company's zone and what the writers need. */
export async function companyZone(db: Tx, companyId: string) {
  const [row] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.timeZone ?? null;
}

/** True when a run already names this document (it was made by, or made, an item). */
export async function documentHasRun(tx: Tx, companyId: string, documentId: string) {
  const [row] = await tx
    .select({ id: recurringRuns.recurringItemId })
    .from(recurringRuns)
    .where(and(eq(recurringRuns.companyId, companyId), eq(recurringRuns.documentId, documentId)))
    .limit(1);
  return !!row;
}

/**
 * Forgets a deleted ledger account on the company's recurring items (their
 * lines and an expense's account), as the ledger does on invoices and
 * expenses, so the next run and the next save use the default account.
 */
export async function clearRecurringLedgerAccount(db: Tx, companyId: string, accountId: string) {
  // Compared in lower case: lines saved before ids were normalised may hold capitals.
  const id = accountId.toLowerCase();
  await db
    .update(recurringItems)
    .set({
      descriptions: sql`(SELECT coalesce(jsonb_agg(CASE WHEN lower(l.e->>'ledgerAccountId') = ${id} THEN l.e - 'ledgerAccountId' ELSE l.e END ORDER BY l.n), '[]'::jsonb) FROM jsonb_array_elements(${recurringItems.descriptions}) WITH ORDINALITY AS l(e, n))`,
    })
    .where(
      and(
        eq(recurringItems.companyId, companyId),
        sql`jsonb_typeof(${recurringItems.descriptions}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(${recurringItems.descriptions}) AS l(e) WHERE lower(l.e->>'ledgerAccountId') = ${id})`,
      ),
    );
  await db
    .update(recurringItems)
    .set({ document: sql`${recurringItems.document} - 'ledgerAccountId'` })
    .where(
      and(
        eq(recurringItems.companyId, companyId),
        sql`lower(${recurringItems.document}->>'ledgerAccountId') = ${id}`,
      ),
    );
}

/** Recurring jobs whose template names the type (`document.appointmentTypeId`). */
const ofType = (companyId: string, typeId: string) =>
  and(
    eq(recurringItems.companyId, companyId),
    eq(recurringItems.type, 'calender'),
    sql`${recurringItems.document}->>'appointmentTypeId' = ${typeId}`,
  );

/** How many recurring jobs of the company make jobs of the type. */
export async function countRecurringOfType(db: Tx, companyId: string, typeId: string) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recurringItems)
    .where(ofType(companyId, typeId));
  return r?.n ?? 0;
}

/** The recurring jobs of type `from` make jobs of type `to` from now on (a type deleted). */
export async function moveRecurringType(db: Tx, companyId: string, from: string, to: string) {
  const rows = await db
    .update(recurringItems)
    .set({
      document: sql`jsonb_set(${recurringItems.document}, '{appointmentTypeId}', to_jsonb(${to}::text))`,
      updatedAt: new Date(),
    })
    .where(ofType(companyId, from))
    .returning({ id: recurringItems.id });
  return rows.length;
}

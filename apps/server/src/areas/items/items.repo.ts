import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clients, items, suppliers } from '../../db/schema/index.js';

export type ItemRow = typeof items.$inferSelect;
/** What a save writes; the id and company come separately. */
export type ItemValues = Omit<typeof items.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

export async function listItems(db: Tx, companyId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(items)
    .where(eq(items.companyId, companyId))
    .orderBy(asc(items.description), asc(items.id));
}

export async function findItem(db: Tx, companyId: string, id: string): Promise<ItemRow | null> {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.companyId, companyId), eq(items.id, id)))
    .limit(1);
  return row ?? null;
}

/** The ids among `ids` that are items of the company. */
export async function itemIdsOfCompany(db: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.companyId, companyId), inArray(items.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The first item with exactly this code and description (how a saved line finds its item). */
export async function findItemByCodeAndDescription(
  db: Tx,
  companyId: string,
  code: string,
  description: string,
): Promise<ItemRow | null> {
  const [row] = await db
    .select()
    .from(items)
    .where(
      and(eq(items.companyId, companyId), eq(items.description, description), eq(items.code, code)),
    )
    .orderBy(asc(items.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Insert an item under an id the browser chose. Answers false when the id is
 * already taken (by another company's item: the caller looked in its own first).
 */
export async function insertItemWithId(
  db: Tx,
  companyId: string,
  id: string,
  v: ItemValues,
): Promise<boolean> {
  const rows = await db
    .insert(items)
    .values({ ...v, id, companyId })
    .onConflictDoNothing({ target: items.id })
    .returning({ id: items.id });
  return rows.length > 0;
}

export async function insertItem(db: Tx, companyId: string, v: ItemValues): Promise<ItemRow> {
  const [row] = await db
    .insert(items)
    .values({ ...v, companyId })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateItem(db: Tx, companyId: string, id: string, v: ItemValues) {
  await db
    .update(items)
    .set(v)
    .where(and(eq(items.companyId, companyId), eq(items.id, id)));
}

/** Set one client's own price on an item, leaving the other overrides as they are. */
export async function setItemOverride(
  db: Tx,
  companyId: string,
  id: string,
  clientId: string,
  price: number,
): Promise<boolean> {
  const rows = await db
    .update(items)
    .set({
      overrides: sql`${items.overrides} || jsonb_build_object(${clientId}::text, ${price}::numeric)`,
    })
    .where(and(eq(items.companyId, companyId), eq(items.id, id)))
    .returning({ id: items.id });
  return rows.length > 0;
}

export async function deleteItem(db: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(items)
    .where(and(eq(items.companyId, companyId), eq(items.id, id)))
    .returning({ id: items.id });
  return rows.length > 0;
}

/** The ids among `ids` that are clients of the company (deleted ones included: old overrides stay valid). */
export async function clientIdsOfCompany(db: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), inArray(clients.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function isLiveSupplier(db: Tx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(eq(suppliers.companyId, companyId), eq(suppliers.id, id), isNull(suppliers.deletedAt)),
    )
    .limit(1);
  return !!row;
}

/** Clears an account that is being deleted from the saved items that name it (as income or expense account). */
export async function clearLedgerAccount(tx: Tx, companyId: string, accountId: string) {
  await tx
    .update(items)
    .set({ ledgerAccountId: null })
    .where(and(eq(items.companyId, companyId), eq(items.ledgerAccountId, accountId)));
  await tx
    .update(items)
    .set({ expenseAccountId: null })
    .where(and(eq(items.companyId, companyId), eq(items.expenseAccountId, accountId)));
}

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { expenses, suppliers } from '../../db/schema/index.js';

export type SupplierRow = typeof suppliers.$inferSelect;

const live = (companyId: string) =>
  and(eq(suppliers.companyId, companyId), isNull(suppliers.deletedAt));

/**
 * Live suppliers with `outstanding`, the sum of their unpaid expenses: one
 * query, the sums grouped in a subquery that uses the (company, supplier) index.
 */
export async function listSuppliersWithOutstanding(
  db: Tx,
  companyId: string,
  id?: string,
): Promise<(SupplierRow & { outstanding: string })[]> {
  const owed = db
    .select({
      supplierId: expenses.supplierId,
      total: sql<string>`sum(${expenses.price})`.as('total'),
    })
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.paid, false)))
    .groupBy(expenses.supplierId)
    .as('owed');
  const rows = await db
    .select({ s: suppliers, outstanding: sql<string>`coalesce(${owed.total}, 0)` })
    .from(suppliers)
    .leftJoin(owed, eq(owed.supplierId, suppliers.id))
    .where(and(live(companyId), id ? eq(suppliers.id, id) : undefined))
    .orderBy(sql`lower(${suppliers.name})`, sql`lower(${suppliers.surname})`, asc(suppliers.id));
  return rows.map((r) => ({ ...r.s, outstanding: String(r.outstanding) }));
}

/** The live supplier of the company, or undefined (for checking a body's `supplierId`). */
export async function findSupplierForCompany(
  db: Tx,
  companyId: string,
  id: string,
): Promise<SupplierRow | undefined> {
  const [s] = await db
    .select()
    .from(suppliers)
    .where(and(live(companyId), eq(suppliers.id, id)))
    .limit(1);
  return s;
}

export async function insertSupplier(
  db: Tx,
  companyId: string,
  v: { name: string; surname?: string },
): Promise<string> {
  const [s] = await db
    .insert(suppliers)
    .values({ ...v, companyId })
    .returning({ id: suppliers.id });
  if (!s) throw new Error('insert returned nothing');
  return s.id;
}

/** False when there is no such live supplier. */
export async function updateSupplier(
  db: Tx,
  companyId: string,
  id: string,
  patch: { name?: string; surname?: string; deletedAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(suppliers)
    .set(patch)
    .where(and(live(companyId), eq(suppliers.id, id)))
    .returning({ id: suppliers.id });
  return rows.length > 0;
}

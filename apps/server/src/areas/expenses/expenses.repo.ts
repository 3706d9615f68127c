import { and, between, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, expenses, suppliers } from '../../db/schema/index.js';

export type ExpenseRow = typeof expenses.$inferSelect;
/** What a save writes; the company, number and creator are set by the caller of insert. */
export type ExpenseValues = Omit<
  typeof expenses.$inferInsert,
  'id' | 'companyId' | 'expenseNumber' | 'createdBy' | 'createdAt'
>;

/** The company settings an expense save needs: its zone for dates, its numbering preset. */
export async function companySettings(db: Tx, companyId: string) {
  const [c] = await db
    .select({ timeZone: companies.timeZone, numbering: companies.numbering })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return c ?? null;
}

/** A supplier of the company; with `live`, only one that is not deleted. */
export async function findSupplier(
  db: Tx,
  companyId: string,
  supplierId: string,
  opts: { live: boolean },
) {
  const [s] = await db
    .select({ id: suppliers.id, name: suppliers.name, surname: suppliers.surname })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.companyId, companyId),
        eq(suppliers.id, supplierId),
        opts.live ? isNull(suppliers.deletedAt) : undefined,
      ),
    )
    .limit(1);
  return s ?? null;
}

const inPeriod = (companyId: string, from: string, to: string) =>
  and(eq(expenses.companyId, companyId), between(expenses.expenseDate, from, to));

/** The expenses dated in [from, to], newest first (index expenses_company_date_idx). */
export async function listExpenses(db: Tx, companyId: string, from: string, to: string) {
  return db
    .select()
    .from(expenses)
    .where(inPeriod(companyId, from, to))
    .orderBy(desc(expenses.expenseDate), desc(expenses.createdAt), desc(expenses.id));
}

/** Paid and unpaid sums and counts of the expenses dated in [from, to], in one pass. */
export async function summarizeExpenses(db: Tx, companyId: string, from: string, to: string) {
  const [r] = await db
    .select({
      paid: sql<string>`coalesce(sum(${expenses.price}) filter (where ${expenses.paid}), 0)`,
      outstanding: sql<string>`coalesce(sum(${expenses.price}) filter (where not ${expenses.paid}), 0)`,
      all: sql<number>`count(*)::int`,
      paidCount: sql<number>`(count(*) filter (where ${expenses.paid}))::int`,
    })
    .from(expenses)
    .where(inPeriod(companyId, from, to));
  return r ?? { paid: '0', outstanding: '0', all: 0, paidCount: 0 };
}

export async function findExpense(
  db: Tx,
  companyId: string,
  id: string,
): Promise<ExpenseRow | null> {
  const [e] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, id)))
    .limit(1);
  return e ?? null;
}

export async function insertExpense(
  tx: Tx,
  companyId: string,
  v: ExpenseValues & { expenseNumber: string; createdBy: string | null },
): Promise<string> {
  const [e] = await tx
    .insert(expenses)
    .values({ ...v, companyId })
    .returning({ id: expenses.id });
  if (!e) throw new Error('insert returned nothing');
  return e.id;
}

/** Updates the expense; false when it is not one of the company's. */
export async function updateExpense(
  tx: Tx,
  companyId: string,
  id: string,
  v: ExpenseValues,
): Promise<boolean> {
  const rows = await tx
    .update(expenses)
    .set(v)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, id)))
    .returning({ id: expenses.id });
  return rows.length > 0;
}

/** Deletes the expense; answers its photo's file id (or null), or undefined when there was none. */
export async function deleteExpense(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<{ photo: string | null } | undefined> {
  const [e] = await tx
    .delete(expenses)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, id)))
    .returning({ photo: expenses.photo });
  return e;
}

/** Sets (or with null clears) an expense's ledger account: the account item's choice written back. */
export async function setExpenseLedgerAccount(
  tx: Tx,
  companyId: string,
  id: string,
  accountId: string | null,
): Promise<void> {
  await tx
    .update(expenses)
    .set({ ledgerAccountId: accountId })
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, id)));
}

/** Clears an account that is being deleted from every expense that names it. */
export async function clearExpensesLedgerAccount(tx: Tx, companyId: string, accountId: string) {
  await tx
    .update(expenses)
    .set({ ledgerAccountId: null })
    .where(and(eq(expenses.companyId, companyId), eq(expenses.ledgerAccountId, accountId)));
}

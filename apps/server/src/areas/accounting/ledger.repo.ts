import { and, asc, between, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LEDGER_ACCOUNTS, isIncomeType, type TLedgerType } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { accountItems, creditNotes, items, ledgerAccounts } from '../../db/schema/index.js';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type AccountItemRow = typeof accountItems.$inferSelect;
export type AccountItemValues = Omit<typeof accountItems.$inferInsert, 'id' | 'companyId'>;

const byCompany = (companyId: string) => eq(ledgerAccounts.companyId, companyId);

export async function listAccounts(db: Tx, companyId: string): Promise<LedgerAccountRow[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(byCompany(companyId))
    .orderBy(asc(ledgerAccounts.account), asc(ledgerAccounts.name), asc(ledgerAccounts.id));
}

/**
 * Makes the company's two default accounts when missing. Race-safe: the
 * partial unique index admits one default per kind, and a concurrent insert
 * is skipped by ON CONFLICT DO NOTHING.
 */
export async function insertDefaults(db: Tx, companyId: string): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(
      Object.values(DEFAULT_LEDGER_ACCOUNTS).map((d) => ({
        companyId,
        type: d.type,
        income: isIncomeType(d.type),
        name: d.name,
        account: d.account,
        isDefault: true,
      })),
    )
    .onConflictDoNothing();
}

/** The default account of each kind (income and cost), when they exist. */
export async function defaultAccounts(db: Tx, companyId: string) {
  const rows = await db
    .select({ id: ledgerAccounts.id, income: ledgerAccounts.income })
    .from(ledgerAccounts)
    .where(and(byCompany(companyId), eq(ledgerAccounts.isDefault, true)));
  return {
    income: rows.find((r) => r.income)?.id ?? null,
    cost: rows.find((r) => !r.income)?.id ?? null,
  };
}

/** One account; `lock` takes its row lock (update: a delete; share: a writer naming it). */
export async function findAccount(
  db: Tx,
  companyId: string,
  id: string,
  lock?: 'update' | 'share',
) {
  const q = db
    .select()
    .from(ledgerAccounts)
    .where(and(byCompany(companyId), eq(ledgerAccounts.id, id)))
    .limit(1);
  const [a] = lock ? await q.for(lock) : await q;
  return a ?? null;
}

/** Whether any account item counts on the account. */
export async function accountHasItems(db: Tx, companyId: string, id: string): Promise<boolean> {
  const [r] = await db
    .select({ id: accountItems.id })
    .from(accountItems)
    .where(and(eq(accountItems.companyId, companyId), eq(accountItems.ledgerAccountId, id)))
    .limit(1);
  return !!r;
}

/** Of the ids (all uuids), the company's accounts with their income flag. */
export async function accountsOfCompany(
  db: Tx,
  companyId: string,
  ids: string[],
): Promise<Map<string, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerAccounts.id, income: ledgerAccounts.income })
    .from(ledgerAccounts)
    .where(and(byCompany(companyId), inArray(ledgerAccounts.id, ids)))
    // Read inside the saving transaction: a delete (FOR UPDATE) of one of them waits for it.
    .for('share');
  return new Map(rows.map((r) => [r.id, r.income]));
}

export async function insertAccount(
  tx: Tx,
  companyId: string,
  v: { type: TLedgerType; name: string; account: string },
): Promise<string> {
  const [a] = await tx
    .insert(ledgerAccounts)
    .values({ ...v, companyId, income: isIncomeType(v.type) })
    .returning({ id: ledgerAccounts.id });
  if (!a) throw new Error('insert returned nothing');
  return a.id;
}

export async function updateAccount(
  tx: Tx,
  companyId: string,
  id: string,
  v: { type: TLedgerType; name: string; account: string },
): Promise<void> {
  await tx
    .update(ledgerAccounts)
    .set({ ...v, income: isIncomeType(v.type) })
    .where(and(byCompany(companyId), eq(ledgerAccounts.id, id)));
}

export async function deleteAccount(tx: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(ledgerAccounts)
    .where(
      and(byCompany(companyId), eq(ledgerAccounts.id, id), eq(ledgerAccounts.isDefault, false)),
    )
    .returning({ id: ledgerAccounts.id });
  return rows.length > 0;
}

const itemsOf = (companyId: string) => eq(accountItems.companyId, companyId);

/** Moves every item of one account to another (its `income` follows the new account). */
export async function moveAccountItems(
  tx: Tx,
  companyId: string,
  fromId: string,
  to: { id: string; income: boolean },
): Promise<void> {
  await tx
    .update(accountItems)
    .set({ ledgerAccountId: to.id, income: to.income })
    .where(and(itemsOf(companyId), eq(accountItems.ledgerAccountId, fromId)));
}

export async function deleteSourceItems(
  tx: Tx,
  companyId: string,
  kind: AccountItemRow['sourceKind'],
  sourceId: string,
): Promise<void> {
  await tx
    .delete(accountItems)
    .where(
      and(
        itemsOf(companyId),
        eq(accountItems.sourceKind, kind),
        eq(accountItems.sourceId, sourceId),
      ),
    );
}

/** Inserts items; one already there for its source line is left as it is (a backfill rerun). */
export async function insertItems(
  tx: Tx,
  companyId: string,
  rows: AccountItemValues[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const out = await tx
    .insert(accountItems)
    .values(rows.map((r) => ({ ...r, companyId })))
    .onConflictDoNothing()
    .returning({ id: accountItems.id });
  return out.length;
}

/**
 * The statement's sums in numeric, per month, account and income flag. Summed
 * by day first, then by month: the per-row work is then a plain hash on the
 * stored columns, and `to_char` runs once per day group (about 20 % faster
 * over 100,000 rows than one GROUP BY on the formatted month).
 */
export async function statementSums(db: Tx, companyId: string, from: string, to: string) {
  const daily = db
    .select({
      day: accountItems.date,
      ledgerAccountId: accountItems.ledgerAccountId,
      income: accountItems.income,
      sum: sql<string>`sum(${accountItems.amount})`.as('sum'),
    })
    .from(accountItems)
    .where(and(itemsOf(companyId), between(accountItems.date, from, to)))
    .groupBy(accountItems.date, accountItems.ledgerAccountId, accountItems.income)
    .as('daily');
  const month = sql<string>`to_char(${daily.day}, 'YYYY-MM')`;
  return db
    .select({
      period: month,
      ledgerAccountId: daily.ledgerAccountId,
      income: daily.income,
      total: sql<string>`sum(${daily.sum})::text`,
    })
    .from(daily)
    .groupBy(month, daily.ledgerAccountId, daily.income)
    .orderBy(month);
}

/** The items of one statement cell, by date; a credit note's with the invoice it corrects. */
export async function cellItems(
  db: Tx,
  companyId: string,
  cell: { from: string; to: string; accountId: string; income: boolean },
) {
  return db
    .select({ ...getTableColumns(accountItems), creditInvoiceId: creditNotes.invoiceId })
    .from(accountItems)
    .leftJoin(
      creditNotes,
      and(
        eq(accountItems.sourceKind, 'credit'),
        eq(creditNotes.id, accountItems.sourceId),
        eq(creditNotes.companyId, accountItems.companyId),
      ),
    )
    .where(
      and(
        itemsOf(companyId),
        eq(accountItems.ledgerAccountId, cell.accountId),
        eq(accountItems.income, cell.income),
        between(accountItems.date, cell.from, cell.to),
      ),
    )
    .orderBy(asc(accountItems.date), asc(accountItems.number), asc(accountItems.lineIndex));
}

export async function findItem(db: Tx, companyId: string, id: string) {
  const [i] = await db
    .select()
    .from(accountItems)
    .where(and(itemsOf(companyId), eq(accountItems.id, id)))
    .limit(1);
  return i ?? null;
}

export async function setItemAccount(
  tx: Tx,
  companyId: string,
  id: string,
  to: { id: string; income: boolean },
): Promise<void> {
  await tx
    .update(accountItems)
    .set({ ledgerAccountId: to.id, income: to.income })
    .where(and(itemsOf(companyId), eq(accountItems.id, id)));
}

/** The saved items' income accounts (`items.ledger_account_id`), for lines without their own. */
export async function itemAccounts(db: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string | null>();
  const rows = await db
    .select({ id: items.id, ledgerAccountId: items.ledgerAccountId })
    .from(items)
    .where(and(eq(items.companyId, companyId), inArray(items.id, ids)));
  return new Map(rows.map((r) => [r.id, r.ledgerAccountId]));
}

/** The accounts an invoice's lines count on now, by line index (its own items). */
export async function invoiceLineAccounts(db: Tx, companyId: string, invoiceId: string) {
  const rows = await db
    .select({ lineIndex: accountItems.lineIndex, ledgerAccountId: accountItems.ledgerAccountId })
    .from(accountItems)
    .where(
      and(
        itemsOf(companyId),
        eq(accountItems.sourceKind, 'invoice'),
        eq(accountItems.sourceId, invoiceId),
      ),
    );
  return new Map(rows.map((r) => [r.lineIndex, r.ledgerAccountId]));
}

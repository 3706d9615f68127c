import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';

/** One key of one user in one company (the table's primary key). */
export interface KeyId {
  companyId: string;
  userId: string;
  key: string;
}

const byId = (k: KeyId) =>
  and(
    eq(idempotencyKeys.companyId, k.companyId),
    eq(idempotencyKeys.userId, k.userId),
    eq(idempotencyKeys.key, k.key),
  );

/**
 * Takes the key for this transaction: true when it was new. A key committed
 * earlier is false at once; one inserted by a transaction still running makes
 * this wait for it (the primary key), then false when it committed and true
 * when it rolled back.
 */
export async function claimKey(tx: Tx, k: KeyId, requestHash: string): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...k, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** The answer of the change the key made, in the same transaction as the change. */
export async function storeAnswer(tx: Tx, k: KeyId, answer: unknown): Promise<void> {
  await tx.update(idempotencyKeys).set({ answer }).where(byId(k));
}

/** A committed key's request fingerprint and stored answer. */
export async function findKey(
  db: Tx,
  k: KeyId,
): Promise<{ requestHash: string; answer: unknown } | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(byId(k))
    .limit(1);
  return row ?? null;
}

/**
 * Deletes at most `limit` of the company's keys older than `days` (by the age
 * index); rows another transaction is deleting are skipped, not waited for.
 */
export async function pruneKeys(
  tx: Tx,
  companyId: string,
  days: number,
  limit: number,
): Promise<void> {
  await tx.execute(sql`
    delete from ${idempotencyKeys}
    where (company_id, user_id, key) in (
      select company_id, user_id, key from ${idempotencyKeys}
      where company_id = ${companyId}
        and created_at < now() - make_interval(days => ${days}::int)
      limit ${limit}
      for update skip locked
    )`);
}

import { aliasedTable, and, desc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { taskCoupons, users } from '../../db/schema/index.js';

export type CouponRow = typeof taskCoupons.$inferSelect;
const giver = aliasedTable(users, 'giver');
const holder = aliasedTable(users, 'holder');

const withNames = {
  coupon: taskCoupons,
  giverName: giver.name,
  giverSurname: giver.surname,
  giverUsername: giver.username,
  holderName: holder.name,
  holderSurname: holder.surname,
  holderUsername: holder.username,
};

/** The coupons a user gave or holds in a company, newest first (at most 200). */
export async function listCoupons(db: Tx, companyId: string, userId: string) {
  return db
    .select(withNames)
    .from(taskCoupons)
    .innerJoin(giver, eq(giver.id, taskCoupons.giverId))
    .innerJoin(holder, eq(holder.id, taskCoupons.holderId))
    .where(
      and(
        eq(taskCoupons.companyId, companyId),
        or(eq(taskCoupons.giverId, userId), eq(taskCoupons.holderId, userId)),
      ),
    )
    .orderBy(desc(taskCoupons.createdAt), desc(taskCoupons.id))
    .limit(200);
}
export type CouponListRow = Awaited<ReturnType<typeof listCoupons>>[number];

/** One coupon with its people's names. */
export async function getCoupon(db: Tx, companyId: string, id: string) {
  const [r] = await db
    .select(withNames)
    .from(taskCoupons)
    .innerJoin(giver, eq(giver.id, taskCoupons.giverId))
    .innerJoin(holder, eq(holder.id, taskCoupons.holderId))
    .where(and(eq(taskCoupons.companyId, companyId), eq(taskCoupons.id, id)))
    .limit(1);
  return r ?? null;
}

/** The coupon, locked for the rest of the transaction so two steps cannot both apply. */
export async function lockCoupon(db: Tx, companyId: string, id: string) {
  const [r] = await db
    .select()
    .from(taskCoupons)
    .where(and(eq(taskCoupons.companyId, companyId), eq(taskCoupons.id, id)))
    .for('update')
    .limit(1);
  return r ?? null;
}

export async function insertCoupon(
  db: Tx,
  companyId: string,
  v: { name: string; giverId: string; holderId: string; displayTime: Date },
): Promise<string> {
  const [r] = await db
    .insert(taskCoupons)
    .values({ ...v, companyId })
    .returning({ id: taskCoupons.id });
  return r!.id;
}

export async function setCouponStep(
  db: Tx,
  companyId: string,
  id: string,
  step: Partial<Pick<CouponRow, 'opened' | 'requested' | 'used'>>,
): Promise<void> {
  await db
    .update(taskCoupons)
    .set(step)
    .where(and(eq(taskCoupons.companyId, companyId), eq(taskCoupons.id, id)));
}

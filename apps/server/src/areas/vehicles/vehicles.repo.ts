import { and, asc, between, desc, eq, gt, lt, max, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  appointments,
  cars,
  companies,
  companyMembers,
  logBookTrips,
  users,
} from '../../db/schema/index.js';

export type CarRow = typeof cars.$inferSelect;
export type CarValues = Omit<typeof cars.$inferInsert, 'id' | 'companyId' | 'createdAt'>;
export type TripValues = Omit<
  typeof logBookTrips.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'createdBy'
>;

/** The company's time zone (the current tax year is today's there). */
export async function companyTimeZone(db: Tx, companyId: string): Promise<string | null> {
  const [c] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return c?.timeZone ?? null;
}

/** The company's cars by registration. */
export async function listCars(db: Tx, companyId: string): Promise<CarRow[]> {
  return db
    .select()
    .from(cars)
    .where(eq(cars.companyId, companyId))
    .orderBy(asc(cars.registrationKey));
}

/** One car of the company; with `update`, locked until the transaction ends. */
export async function findCar(
  db: Tx,
  companyId: string,
  id: string,
  opts: { update?: boolean } = {},
): Promise<CarRow | null> {
  const q = db
    .select()
    .from(cars)
    .where(and(eq(cars.companyId, companyId), eq(cars.id, id)))
    .limit(1);
  const [c] = opts.update ? await q.for('update') : await q;
  return c ?? null;
}

/** Whether another car of the company has this registration key. */
export async function registrationTaken(
  db: Tx,
  companyId: string,
  key: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await db
    .select({ id: cars.id })
    .from(cars)
    .where(
      and(
        eq(cars.companyId, companyId),
        eq(cars.registrationKey, key),
        exceptId ? ne(cars.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertCar(tx: Tx, companyId: string, v: CarValues): Promise<CarRow> {
  const [c] = await tx
    .insert(cars)
    .values({ ...v, companyId })
    .returning();
  if (!c) throw new Error('insert returned nothing');
  return c;
}

export async function updateCar(tx: Tx, companyId: string, id: string, v: CarValues) {
  await tx
    .update(cars)
    .set(v)
    .where(and(eq(cars.companyId, companyId), eq(cars.id, id)));
}

/** The user's membership of the company (a new trip's driver must be an enabled member); null when none. */
export async function findMember(
  db: Tx,
  companyId: string,
  userId: string,
): Promise<{ disabled: boolean } | null> {
  const [m] = await db
    .select({ disabled: companyMembers.disabled })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return m ?? null;
}

/** Whether the appointment (job) is the company's. */
export async function jobExists(db: Tx, companyId: string, jobId: string): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, jobId)))
    .limit(1);
  return rows.length > 0;
}

const tripColumns = {
  id: logBookTrips.id,
  date: logBookTrips.date,
  carId: logBookTrips.carId,
  registration: cars.registration,
  driverId: logBookTrips.driverId,
  driverFirst: users.name,
  driverLast: users.surname,
  from: logBookTrips.from,
  to: logBookTrips.to,
  openingOdometer: logBookTrips.openingOdometer,
  closingOdometer: logBookTrips.closingOdometer,
  kilometres: logBookTrips.kilometres,
  business: logBookTrips.business,
  reason: logBookTrips.reason,
  jobId: logBookTrips.jobId,
  updatedAt: logBookTrips.updatedAt,
};

function selectTrips(db: Tx) {
  return db
    .select(tripColumns)
    .from(logBookTrips)
    .innerJoin(cars, eq(cars.id, logBookTrips.carId))
    .innerJoin(users, eq(users.id, logBookTrips.driverId));
}
export type TripRow = Awaited<ReturnType<typeof findTrip>> & {};

export interface TripFilter {
  from: string;
  to: string;
  carId?: string | undefined;
  driverId?: string | undefined;
}

/** The trips dated in [from, to], of one car or driver when asked; oldest or newest first; at most `limit`. */
export async function listTrips(
  db: Tx,
  companyId: string,
  f: TripFilter,
  order: 'asc' | 'desc',
  limit?: number,
) {
  const dir = order === 'asc' ? asc : desc;
  const q = selectTrips(db)
    .where(
      and(
        eq(logBookTrips.companyId, companyId),
        between(logBookTrips.date, f.from, f.to),
        f.carId ? eq(logBookTrips.carId, f.carId) : undefined,
        f.driverId ? eq(logBookTrips.driverId, f.driverId) : undefined,
      ),
    )
    .orderBy(dir(logBookTrips.date), dir(logBookTrips.openingOdometer), dir(logBookTrips.id));
  return limit === undefined ? q : q.limit(limit);
}

export async function findTrip(db: Tx, companyId: string, id: string) {
  const [t] = await selectTrips(db)
    .where(and(eq(logBookTrips.companyId, companyId), eq(logBookTrips.id, id)))
    .limit(1);
  return t ?? null;
}

/** A trip's row locked until the transaction ends: saves of one trip take turns. */
export async function lockTrip(tx: Tx, companyId: string, id: string) {
  const [t] = await tx
    .select({
      id: logBookTrips.id,
      updatedAt: logBookTrips.updatedAt,
      carId: logBookTrips.carId,
      driverId: logBookTrips.driverId,
    })
    .from(logBookTrips)
    .where(and(eq(logBookTrips.companyId, companyId), eq(logBookTrips.id, id)))
    .for('update')
    .limit(1);
  return t ?? null;
}

/**
 * Another trip of the car whose odometer range [opening, closing) meets
 * [opening, closing) (a trip of no km meets nothing); `exceptId` is the trip
 * being updated. Called with the car locked, so two saves cannot both pass.
 */
export async function overlappingTrip(
  tx: Tx,
  companyId: string,
  carId: string,
  opening: number,
  closing: number,
  exceptId: string | null,
) {
  const [t] = await tx
    .select({
      date: logBookTrips.date,
      openingOdometer: logBookTrips.openingOdometer,
      closingOdometer: logBookTrips.closingOdometer,
    })
    .from(logBookTrips)
    .where(
      and(
        eq(logBookTrips.companyId, companyId),
        eq(logBookTrips.carId, carId),
        lt(logBookTrips.openingOdometer, closing),
        gt(logBookTrips.closingOdometer, opening),
        lt(logBookTrips.openingOdometer, logBookTrips.closingOdometer),
        exceptId ? ne(logBookTrips.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(logBookTrips.openingOdometer))
    .limit(1);
  return t ?? null;
}

export async function insertTrip(
  tx: Tx,
  companyId: string,
  v: TripValues & { createdBy: string },
): Promise<string> {
  const [t] = await tx
    .insert(logBookTrips)
    .values({ ...v, companyId })
    .returning({ id: logBookTrips.id });
  if (!t) throw new Error('insert returned nothing');
  return t.id;
}

export async function updateTrip(tx: Tx, companyId: string, id: string, v: TripValues) {
  await tx
    .update(logBookTrips)
    .set(v)
    .where(and(eq(logBookTrips.companyId, companyId), eq(logBookTrips.id, id)));
}

/** Deletes the trip; false when it was not one of the company's. */
export async function deleteTrip(tx: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(logBookTrips)
    .where(and(eq(logBookTrips.companyId, companyId), eq(logBookTrips.id, id)))
    .returning({ id: logBookTrips.id });
  return rows.length > 0;
}

/** Per car, the highest closing odometer of its trips dated before `before`. */
export async function readingsBefore(db: Tx, companyId: string, before: string) {
  return db
    .select({ carId: logBookTrips.carId, closing: max(logBookTrips.closingOdometer) })
    .from(logBookTrips)
    .where(and(eq(logBookTrips.companyId, companyId), lt(logBookTrips.date, before)))
    .groupBy(logBookTrips.carId);
}

/** Per car, the highest closing odometer of all its trips (the trip form's default opening). */
export async function lastReadings(db: Tx, companyId: string) {
  return db
    .select({
      carId: logBookTrips.carId,
      closing: sql<number>`max(${logBookTrips.closingOdometer})`,
    })
    .from(logBookTrips)
    .where(eq(logBookTrips.companyId, companyId))
    .groupBy(logBookTrips.carId);
}

/** A unique index refused the write (a registration taken by a save at the same time). */
export function isUniqueViolation(e: unknown): boolean {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (x.code === '23505') return true;
  return false;
}

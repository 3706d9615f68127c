import {
  DEFAULT_TIME_ZONE,
  LOG_BOOK_LIST_LIMIT,
  logBookCsv,
  summariseLogBook,
  type TCar,
  type TLogBookQuery,
  type TLogBookSummary,
  type TTrip,
  type ZCarSave,
  type ZTripSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import { isUuid, userOf, type Caller } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { once, storedAnswer, type IdempotencyKey } from '../../platform/idempotency.js';
import type { Tx } from '../../db/client.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import {
  checkFresh,
  nextStamp,
  readLogBookPeriod,
  toCarValues,
  toTripValues,
} from './vehicles.input.js';
import { presentCar, presentTrip } from './vehicles.present.js';
import * as repo from './vehicles.repo.js';

export type VehiclesService = ReturnType<typeof createVehiclesService>;

const CAR_NOT_FOUND = 'Car not found';
const TRIP_NOT_FOUND = 'Trip not found';
const CAR_NOT_OURS = 'is not a car of this company';
const DRIVER_NOT_FOUND = 'Driver not found';
const DRIVER_NOT_OURS = 'is not a member of this company';
const REGISTRATION_TAKEN = 'is already the registration of another car';

/** Cars and the travel log book (docs/vehicles.md); rights of the expenses area. */
export function createVehiclesService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;

  /** The company's zone is read only when the query names no dates (the current tax year). */
  async function periodOf(companyId: string, q: TLogBookQuery) {
    const tz =
      q.year || q.from || q.to
        ? DEFAULT_TIME_ZONE
        : ((await repo.companyTimeZone(db, companyId)) ?? DEFAULT_TIME_ZONE);
    return readLogBookPeriod(q, tz);
  }

  async function carsWithReadings(companyId: string) {
    const [rows, readings] = await Promise.all([
      repo.listCars(db, companyId),
      repo.lastReadings(db, companyId),
    ]);
    const last = new Map(readings.map((r) => [r.carId, Number(r.closing)]));
    return rows.map((c) => presentCar(c, last.get(c.id)));
  }

  /** A query's ids in lower case: an upper-case UUID names the same car or driver. */
  const idsOf = (q: TLogBookQuery) => ({
    carId: q.carId?.toLowerCase(),
    driverId: q.driverId?.toLowerCase(),
  });

  /**
   * The year's trips (oldest first) and each car's figures; one car when the
   * query names it. The driver filter is ignored: a car's odometer span is
   * driven by all its drivers, so its totals cover them all (docs/vehicles.md).
   */
  async function year(companyId: string, q: TLogBookQuery) {
    const p = await periodOf(companyId, q);
    const { carId } = idsOf(q);
    const filter = { from: p.from, to: p.to, carId };
    const [cars, trips, before] = await Promise.all([
      repo.listCars(db, companyId),
      repo.listTrips(db, companyId, filter, 'asc'),
      repo.readingsBefore(db, companyId, p.from),
    ]);
    const start = new Map(before.map((r) => [r.carId, r.closing ?? 0]));
    const shown = cars.filter(
      (c) => (!carId || c.id === carId) && (c.active || trips.some((t) => t.carId === c.id)),
    );
    const presented = trips.map(presentTrip);
    const summary = summariseLogBook(
      shown.map((c) => ({
        id: c.id,
        registration: c.registration,
        startReading: Math.max(c.openingOdometer, start.get(c.id) ?? 0),
      })),
      presented,
    );
    return { period: p, trips: presented, summary };
  }

  /**
   * A trip's readings must fit the car: not below its opening odometer, and
   * not overlapping another trip of it (business km would then exceed the
   * km driven). 400 naming `openingOdometer`.
   */
  async function checkReadings(
    tx: Tx,
    companyId: string,
    car: repo.CarRow,
    v: { openingOdometer: number; closingOdometer: number },
    exceptId: string | null,
  ) {
    if (v.openingOdometer < car.openingOdometer)
      throw badField(
        'openingOdometer',
        `must not be below the car's opening odometer (${car.openingOdometer})`,
      );
    if (v.closingOdometer === v.openingOdometer) return;
    const o = await repo.overlappingTrip(
      tx,
      companyId,
      car.id,
      v.openingOdometer,
      v.closingOdometer,
      exceptId,
    );
    if (o)
      throw badField(
        'openingOdometer',
        `overlaps another trip of this car (${o.openingOdometer}–${o.closingOdometer} on ${o.date})`,
      );
  }

  /** The trip's checks and write in the saving transaction; answers its id. */
  async function writeTrip(
    tx: Tx,
    who: Caller,
    id: string | null,
    values: ReturnType<typeof toTripValues>,
    updatedAt: string | undefined,
  ): Promise<string> {
    const { companyId } = who;
    const old = id ? await repo.lockTrip(tx, companyId, id) : null;
    if (id && !old) throw notFound(TRIP_NOT_FOUND);
    if (old) checkFresh(old.updatedAt, updatedAt);
    const car = await repo.findCar(tx, companyId, values.carId, { update: true });
    if (!car) throw new HttpError(404, CAR_NOT_FOUND, { carId: CAR_NOT_OURS });
    // A trip kept on its car may be edited after the car went out of use.
    if (!car.active && car.id !== old?.carId) throw badField('carId', 'is not in use');
    // A trip kept with its driver may be edited after they left or were disabled.
    if (values.driverId !== old?.driverId) {
      const m = await repo.findMember(tx, companyId, values.driverId);
      if (!m) throw new HttpError(404, DRIVER_NOT_FOUND, { driverId: DRIVER_NOT_OURS });
      if (m.disabled) throw badField('driverId', 'is disabled in this company');
    }
    await checkReadings(tx, companyId, car, values, old?.id ?? null);
    if (!old) return repo.insertTrip(tx, companyId, { ...values, createdBy: userOf(who) });
    await repo.updateTrip(tx, companyId, old.id, {
      ...values,
      updatedAt: nextStamp(old.updatedAt),
    });
    return old.id;
  }

  async function getTrip(companyId: string, id: string): Promise<TTrip> {
    const t = isUuid(id) ? await repo.findTrip(db, companyId, id) : null;
    if (!t) throw notFound(TRIP_NOT_FOUND);
    return presentTrip(t);
  }

  return {
    listCars: carsWithReadings,
    getTrip,

    async getCar(companyId: string, id: string): Promise<TCar> {
      const key = id.toLowerCase();
      const car = (await carsWithReadings(companyId)).find((c) => c._id === key);
      if (!car) throw notFound(CAR_NOT_FOUND);
      return car;
    },

    /** Create (no `_id`) or update a car (the route checked expenses c or u). */
    async saveCar(who: Caller, b: z.output<typeof ZCarSave>): Promise<TCar> {
      const id = b._id ? b._id.toLowerCase() : null;
      if (id && !isUuid(id)) throw notFound(CAR_NOT_FOUND);
      const values = toCarValues(b);
      const { companyId } = who;
      try {
        const savedId = await db.transaction(async (tx) => {
          const old = id ? await repo.findCar(tx, companyId, id, { update: true }) : null;
          if (id && !old) throw notFound(CAR_NOT_FOUND);
          if (old) checkFresh(old.updatedAt, b.updatedAt);
          if (await repo.registrationTaken(tx, companyId, values.registrationKey, id))
            throw badField('registration', REGISTRATION_TAKEN);
          if (!old) return (await repo.insertCar(tx, companyId, values)).id;
          await repo.updateCar(tx, companyId, old.id, {
            ...values,
            updatedAt: nextStamp(old.updatedAt),
          });
          return old.id;
        });
        const car = (await carsWithReadings(companyId)).find((c) => c._id === savedId);
        if (!car) throw notFound(CAR_NOT_FOUND);
        return car;
      } catch (e) {
        // Two saves of one registration at once: the unique index refuses the second.
        if (repo.isUniqueViolation(e)) throw badField('registration', REGISTRATION_TAKEN);
        throw e;
      }
    },

    /** The newest `LOG_BOOK_LIST_LIMIT` trips; `truncated` when there were more. */
    async listTrips(
      companyId: string,
      q: TLogBookQuery,
    ): Promise<{ trips: TTrip[]; truncated: boolean }> {
      const p = await periodOf(companyId, q);
      const filter = { from: p.from, to: p.to, ...idsOf(q) };
      const rows = await repo.listTrips(db, companyId, filter, 'desc', LOG_BOOK_LIST_LIMIT + 1);
      return {
        trips: rows.slice(0, LOG_BOOK_LIST_LIMIT).map(presentTrip),
        truncated: rows.length > LOG_BOOK_LIST_LIMIT,
      };
    },

    async summary(companyId: string, q: TLogBookQuery): Promise<TLogBookSummary> {
      const { period, summary } = await year(companyId, q);
      return { from: period.from, to: period.to, cars: summary };
    },

    /** The year's log book as CSV: its trips, then the total rows (core's `logBookCsv`). */
    async exportCsv(companyId: string, q: TLogBookQuery) {
      const { period, trips, summary } = await year(companyId, q);
      return { csv: logBookCsv(trips, summary), name: `log-book-${period.from}-${period.to}.csv` };
    },

    /**
     * Create (no `_id`, needs expenses c) or update (needs u) a trip. The car,
     * driver and job must be the company's (404 otherwise, never saying whose
     * they are); an update older than the stored trip is a 409. The car's row
     * is locked for the save, so two saves of its trips take turns and the
     * overlap check sees the other one (a double click saves once). With a
     * key, once (docs/offline.md): a replay answers the stored trip.
     */
    async saveTrip(
      who: Caller,
      b: z.output<typeof ZTripSave>,
      key: IdempotencyKey | null = null,
    ): Promise<TTrip> {
      const earlier = await storedAnswer<TTrip>(db, key);
      if (earlier) return earlier;
      const id = b._id ? b._id.toLowerCase() : null;
      if (id && !isUuid(id)) throw notFound(TRIP_NOT_FOUND);
      const values = toTripValues(b);
      const { companyId } = who;
      if (!isUuid(values.carId)) throw new HttpError(404, CAR_NOT_FOUND, { carId: CAR_NOT_OURS });
      if (!isUuid(values.driverId))
        throw new HttpError(404, DRIVER_NOT_FOUND, { driverId: DRIVER_NOT_OURS });
      if (b.jobId && (!isUuid(b.jobId) || !(await repo.jobExists(db, companyId, b.jobId))))
        throw new HttpError(404, 'Job not found', { jobId: 'is not a job of this company' });
      return db.transaction((tx) =>
        once(tx, key, async () => {
          const savedId = await writeTrip(tx, who, id, values, b.updatedAt);
          const saved = await repo.findTrip(tx, companyId, savedId);
          if (!saved) throw notFound(TRIP_NOT_FOUND);
          return presentTrip(saved);
        }),
      );
    },

    async removeTrip(companyId: string, id: string) {
      const gone = isUuid(id) && (await db.transaction((tx) => repo.deleteTrip(tx, companyId, id)));
      if (!gone) throw notFound(TRIP_NOT_FOUND);
      return { message: 'Deleted' };
    },
  };
}

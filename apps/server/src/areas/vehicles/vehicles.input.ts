import {
  PeriodError,
  parsePeriodQuery,
  registrationKey,
  taxYear,
  tripKilometres,
  type Period,
  type TLogBookQuery,
  type ZCarSave,
  type ZTripSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import { HttpError, badField } from '../../platform/errors.js';
import type { CarValues, TripValues } from './vehicles.repo.js';

export const STALE = 'This was changed by someone else; reload it';

/**
 * The log book's dates: `year` (the tax year from 1 March of it), else
 * `from`/`to` as the period filter reads them (a lone date: its tax year),
 * else the current tax year in `timeZone`. A bad one is a 400 naming it.
 */
export function readLogBookPeriod(q: TLogBookQuery, timeZone: string): Period {
  if (q.year) return taxYear(Number(q.year));
  try {
    return parsePeriodQuery({ from: q.from, to: q.to, type: 1 }, timeZone);
  } catch (e) {
    if (!(e instanceof PeriodError)) throw e;
    const rest = e.message.startsWith(`${e.field} `)
      ? e.message.slice(e.field.length + 1)
      : e.message;
    throw new HttpError(400, e.message, { [e.field]: rest });
  }
}

/** A save older than the stored row is refused (409); the stamp must be a time. */
export function checkFresh(stored: Date, seenAt: string | undefined): void {
  if (!seenAt) return;
  const seen = Date.parse(seenAt);
  if (isNaN(seen)) throw badField('updatedAt', 'must be a date and time');
  if (stored.getTime() > seen) throw new HttpError(409, STALE);
}

/** Always later than the stored stamp, so a save in the same millisecond is still stale. */
export const nextStamp = (stored: Date) => new Date(Math.max(Date.now(), stored.getTime() + 1));

export function toCarValues(b: z.output<typeof ZCarSave>): Omit<CarValues, 'updatedAt'> {
  const key = registrationKey(b.registration);
  if (!key) throw badField('registration', 'is required');
  return {
    registration: b.registration,
    registrationKey: key,
    make: b.make,
    model: b.model,
    openingOdometer: b.openingOdometer,
    year: b.year ?? null,
    active: b.active ?? true,
  };
}

/** A trip's columns; the kilometres are worked out here, never read from the body. */
export function toTripValues(b: z.output<typeof ZTripSave>): Omit<TripValues, 'updatedAt'> {
  if (b.closingOdometer < b.openingOdometer)
    throw badField('closingOdometer', 'must not be less than the opening odometer');
  const reason = b.reason ?? '';
  if (b.business && !reason) throw badField('reason', 'is required for a business trip');
  return {
    date: b.date,
    // Ids compare in lower case (an upper-case UUID names the same row).
    carId: b.carId.toLowerCase(),
    driverId: b.driverId.toLowerCase(),
    from: b.from,
    to: b.to,
    openingOdometer: b.openingOdometer,
    closingOdometer: b.closingOdometer,
    kilometres: tripKilometres(b.openingOdometer, b.closingOdometer),
    business: b.business,
    reason,
    jobId: b.jobId,
  };
}

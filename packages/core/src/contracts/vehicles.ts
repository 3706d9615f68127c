import { z } from 'zod';
import { ZYmd, optId, optText, text } from './common.js';

/** The largest odometer reading kept: 9,999,999 km (seven digits, as dashboards show). */
export const MAX_ODOMETER = 9_999_999;

const odometer = z
  .number({ error: 'must be a whole number of km' })
  .int('must be a whole number of km')
  .min(0, 'must not be negative')
  .max(MAX_ODOMETER, `must be at most ${MAX_ODOMETER}`);

/** When the record was loaded: a save with an older one is refused (409). */
const ZSeenAt = z.string().max(40).optional();

/** `POST /companies/{cid}/cars`: no `_id` creates (cars c), with `_id` updates (cars u). */
export const ZCarSave = z.object({
  _id: z.string().max(64).optional(),
  updatedAt: ZSeenAt,
  registration: text(20),
  make: text(60),
  model: text(60),
  openingOdometer: odometer,
  year: z
    .number({ error: 'must be a year' })
    .int('must be a year')
    .min(1900, 'must be 1900 or later')
    .max(2100, 'must be 2100 or earlier')
    .nullable()
    .optional(),
  active: z.boolean().optional(),
});
export type TCarSave = z.input<typeof ZCarSave>;

export const ZCar = z.object({
  _id: z.string(),
  registration: z.string(),
  make: z.string(),
  model: z.string(),
  openingOdometer: z.number(),
  year: z.number().nullable(),
  active: z.boolean(),
  /** The highest closing odometer of its trips, else its opening odometer: a new trip's default opening. */
  lastOdometer: z.number(),
  updatedAt: z.string(),
});
export type TCar = z.infer<typeof ZCar>;

/**
 * `POST /companies/{cid}/logBook`: one trip. `kilometres` is never read: the
 * server works it out from the odometer readings.
 */
export const ZTripSave = z.object({
  _id: z.string().max(64).optional(),
  updatedAt: ZSeenAt,
  date: ZYmd,
  carId: z.string().min(1, 'is required').max(64),
  driverId: z.string().min(1, 'is required').max(64),
  from: text(200),
  to: text(200),
  openingOdometer: odometer,
  closingOdometer: odometer,
  business: z.boolean(),
  /** Required for a business trip (SARS wants each business trip's purpose). */
  reason: optText(500),
  /** An appointment (job) of the same company. */
  jobId: optId,
});
export type TTripSave = z.input<typeof ZTripSave>;

/** `GET logBook` answers at most this many trips (the newest); the CSV holds them all. */
export const LOG_BOOK_LIST_LIMIT = 1000;

export const ZTrip = z.object({
  _id: z.string(),
  date: z.string(),
  carId: z.string(),
  registration: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  from: z.string(),
  to: z.string(),
  openingOdometer: z.number(),
  closingOdometer: z.number(),
  kilometres: z.number(),
  business: z.boolean(),
  reason: z.string(),
  jobId: z.string().nullable(),
  updatedAt: z.string(),
});
export type TTrip = z.infer<typeof ZTrip>;

const year = z
  .string()
  .regex(/^\d{4}$/, 'must be a year (YYYY)')
  .refine((y) => Number(y) >= 1900 && Number(y) <= 9998, 'must be between 1900 and 9998');
const idFilter = z.uuid('must be an id').optional();

/**
 * The log book's filters: `year` (the tax year starting 1 March of that year)
 * or `from`/`to` (YYYY-MM-DD); neither: the current tax year. Then a car and a driver.
 */
export const ZLogBookQuery = z.object({
  year: year.optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  carId: idFilter,
  driverId: idFilter,
});
export type TLogBookQuery = z.infer<typeof ZLogBookQuery>;

/** One car's tax-year figures (core's `summariseLogBook`). */
export const ZCarYear = z.object({
  carId: z.string(),
  registration: z.string(),
  openingOdometer: z.number(),
  closingOdometer: z.number(),
  totalKm: z.number(),
  businessKm: z.number(),
  privateKm: z.number(),
  /** Business km as a percentage of total km, 2 decimals; 0 without km. */
  businessShare: z.number(),
  trips: z.number(),
  /** Logged business km exceeded the odometer span (overlapping trips): business km are capped at the total. */
  inconsistent: z.boolean(),
});
export type TCarYear = z.infer<typeof ZCarYear>;

export const ZLogBookSummary = z.object({
  from: z.string(),
  to: z.string(),
  cars: z.array(ZCarYear),
});
export type TLogBookSummary = z.infer<typeof ZLogBookSummary>;

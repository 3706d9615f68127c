import { toCsv, type CsvValue } from './csv.js';
import { FINANCIAL_YEAR_START_MONTH, periodContaining, type Period } from './period.js';
import { splitYmd } from './dates.js';

/**
 * The travel log book's rules (docs/vehicles.md), shared by the browser and
 * the server: registrations, trip kilometres, the SARS tax year and its
 * per-car summary, and the log book's CSV.
 */

/** A registration as compared for uniqueness: upper case, no white space ('ca 123-456' -> 'CA123-456'). */
export function registrationKey(registration: string): string {
  return registration.replace(/\s+/g, '').toUpperCase();
}

/** A trip's kilometres: closing less opening odometer (never taken from the caller). */
export function tripKilometres(opening: number, closing: number): number {
  return closing - opening;
}

/**
 * A car's odometer now: the highest of its opening reading and the closing
 * readings of its trips. The server answers it as the car's `lastOdometer`; a
 * phone adds the closings of the trips still waiting on it, so a second trip
 * logged offline starts where the first one ended.
 */
export function odometerNow(opening: number, closings: readonly (number | null | undefined)[]) {
  return closings.reduce<number>(
    (high, c) => (typeof c === 'number' && c > high ? c : high),
    opening,
  );
}

/** The SARS tax year that starts on 1 March of `startYear` (1 March to the end of February). */
export function taxYear(startYear: number): Period {
  return periodContaining(1, `${startYear}-03-01`);
}

/** The start year of the tax year holding `date` (2027-02-10 is in the one starting 2026). */
export function taxYearOf(date: string): number {
  const { year, month } = splitYmd(date);
  return month >= FINANCIAL_YEAR_START_MONTH ? year : year - 1;
}

/** 'Tax year 2026/27 (1 Mar 2026 – 28 Feb 2027)'. */
export function taxYearLabel(startYear: number): string {
  const p = taxYear(startYear);
  const end = Number(p.to.slice(8));
  return `Tax year ${startYear}/${String((startYear + 1) % 100).padStart(2, '0')} (1 Mar ${startYear} – ${end} Feb ${startYear + 1})`;
}

/** What the summary needs of a car. */
export interface SummaryCar {
  id: string;
  registration: string;
  /** The last reading known before the year: the latest closing odometer before it, else the car's opening odometer. */
  startReading: number;
}

/** What the summary and the CSV need of a trip. */
export interface SummaryTrip {
  date: string;
  carId: string;
  registration: string;
  driverName: string;
  from: string;
  to: string;
  reason: string;
  openingOdometer: number;
  closingOdometer: number;
  business: boolean;
}

export interface CarYear {
  carId: string;
  registration: string;
  openingOdometer: number;
  closingOdometer: number;
  totalKm: number;
  businessKm: number;
  privateKm: number;
  businessShare: number;
  trips: number;
  /**
   * The logged business km were more than the odometer span (trips overlap,
   * e.g. one saved twice): business km are then shown as the total and the
   * car is flagged so the screen can warn.
   */
  inconsistent: boolean;
}

/** Business km as a percentage of the total, 2 decimals; 0 when nothing was driven. */
export function businessShare(businessKm: number, totalKm: number): number {
  if (totalKm <= 0) return 0;
  return Math.round((businessKm / totalKm) * 10_000) / 100;
}

/**
 * Each car's year, as a SARS log book states it: the opening odometer (the
 * last reading known before the year, i.e. the previous trip's closing or
 * else the car's opening odometer; a trip of the year opening lower wins),
 * the closing odometer (the highest closing reading in the year), total km
 * (closing less opening, so km driven between logged trips, also across the
 * turn of the year, count), business km (the sum of the business trips,
 * never above the total) and private km (total less business, how SARS
 * treats km not logged as business). `trips` are the year's trips. Loops,
 * not `Math.min(...)`: a spread of a huge year overflows the stack.
 */
export function summariseLogBook(cars: SummaryCar[], trips: SummaryTrip[]): CarYear[] {
  return cars.map((car) => {
    let opening = car.startReading;
    let closing = -Infinity;
    let loggedBusiness = 0;
    let count = 0;
    for (const t of trips) {
      if (t.carId !== car.id) continue;
      count++;
      if (t.openingOdometer < opening) opening = t.openingOdometer;
      if (t.closingOdometer > closing) closing = t.closingOdometer;
      if (t.business) loggedBusiness += tripKilometres(t.openingOdometer, t.closingOdometer);
    }
    if (closing < opening) closing = opening;
    const totalKm = closing - opening;
    const inconsistent = loggedBusiness > totalKm;
    const businessKm = inconsistent ? totalKm : loggedBusiness;
    return {
      carId: car.id,
      registration: car.registration,
      openingOdometer: opening,
      closingOdometer: closing,
      totalKm,
      businessKm,
      privateKm: totalKm - businessKm,
      businessShare: businessShare(businessKm, totalKm),
      trips: count,
      inconsistent,
    };
  });
}

/** The columns of the log book's CSV, as a South African travel log book has them. */
export const LOG_BOOK_CSV_HEADER = [
  'Date',
  'Vehicle',
  'Driver',
  'From',
  'To',
  'Reason',
  'Opening km',
  'Closing km',
  'Total km',
  'Business km',
  'Private km',
];

/**
 * The year's trips (oldest first, as given), then one total row per car from
 * its summary (opening and closing odometer, total, business and private
 * km) and a last row over all cars. Text cells go through `toCsv`, so none
 * reaches a spreadsheet as a formula (DECISIONS §14).
 */
export function logBookCsv(trips: SummaryTrip[], summary: CarYear[]): string {
  const rows: CsvValue[][] = trips.map((t) => {
    const km = tripKilometres(t.openingOdometer, t.closingOdometer);
    return [
      t.date,
      t.registration,
      t.driverName,
      t.from,
      t.to,
      t.reason,
      t.openingOdometer,
      t.closingOdometer,
      km,
      t.business ? km : 0,
      t.business ? 0 : km,
    ];
  });
  for (const c of summary)
    rows.push([
      'Total',
      c.registration,
      '',
      '',
      '',
      `Business share ${c.businessShare.toFixed(2)} %`,
      c.openingOdometer,
      c.closingOdometer,
      c.totalKm,
      c.businessKm,
      c.privateKm,
    ]);
  const sum = (k: 'totalKm' | 'businessKm' | 'privateKm') => summary.reduce((s, c) => s + c[k], 0);
  rows.push([
    'Total',
    'All vehicles',
    '',
    '',
    '',
    '',
    null,
    null,
    sum('totalKm'),
    sum('businessKm'),
    sum('privateKm'),
  ]);
  return toCsv(LOG_BOOK_CSV_HEADER, rows);
}

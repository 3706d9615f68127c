import { TZDate } from '@date-fns/tz';

/**
 * Calendar dates are 'YYYY-MM-DD' strings. Everything here is plain integer
 * arithmetic on days, so nothing depends on the time zone of the process.
 */

/** The zone used when none is given (DECISIONS §5). */
export const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;
const DAY_MS = 86_400_000;

/** Whether `year` is a leap year of the Gregorian calendar. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The number of days of `month` (1–12) in `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether `s` is a real calendar date written 'YYYY-MM-DD' (so '2026-02-29' is not). */
export function isYmd(s: string): boolean {
  if (typeof s !== 'string') return false;
  const m = YMD.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Year 0000 does not exist (PostgreSQL refuses it); 0001 is the first.
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** Splits a 'YYYY-MM-DD' date into numbers; throws a RangeError when it is not a real date. */
export function splitYmd(ymd: string): { year: number; month: number; day: number } {
  if (!isYmd(ymd)) throw new RangeError(`Not a date (YYYY-MM-DD): ${String(ymd)}`);
  const [year, month, day] = ymd.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Writes a date as 'YYYY-MM-DD' (no range check; use with real dates). */
export function makeYmd(year: number, month: number, day: number): string {
  const p = (n: number, w: number) => String(n).padStart(w, '0');
  return `${p(year, 4)}-${p(month, 2)}-${p(day, 2)}`;
}

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
function toDayNumber(ymd: string): number {
  const { year, month, day } = splitYmd(ymd);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day number (inverse of toDayNumber). */
function fromDayNumber(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return makeYmd(era * 400 + yoe + (month <= 2 ? 1 : 0), month, day);
}

/** The date `n` whole days after `ymd` (before it when `n` is negative). */
export function addDays(ymd: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  return fromDayNumber(toDayNumber(ymd) + n);
}

/** `b − a` in whole days ('2026-11-21', '2026-11-30' → 9). */
export function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}

/** A TZDate for `instant` in `timeZone`; throws a RangeError for an unknown zone. */
function inZone(instant: Date | number, timeZone: string): TZDate {
  const d = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  if (Number.isNaN(d.getTime()) || Number.isNaN(d.getFullYear())) {
    throw new RangeError(`Unknown time zone or invalid date: ${timeZone}`);
  }
  return d;
}

/** The calendar date of an instant in an IANA zone. */
export function ymdOfInstant(instant: Date | number, timeZone: string): string {
  const d = inZone(instant, timeZone);
  return makeYmd(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

/**
 * Reads an ISO 8601 date-time: with `Z` or an offset it is an instant (epoch
 * ms); without one it is a wall-clock time, returned as its date. Null when
 * malformed.
 */
function parseDateTime(value: string): { ms: number } | { ymd: string } | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [, date, hh, mi, ss, z, sign, oh, om] = m;
  if (!isYmd(date!)) return null;
  const [h, min, sec] = [Number(hh), Number(mi), Number(ss ?? 0)];
  if (h > 23 || min > 59 || sec > 59) return null;
  if (!z && !sign) return { ymd: date! };
  let offset = 0;
  if (sign) {
    if (Number(oh) > 23 || Number(om) > 59) return null;
    offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  return { ms: toDayNumber(date!) * DAY_MS + ((h * 60 + min - offset) * 60 + sec) * 1000 };
}

/**
 * The calendar date of `value` in `timeZone`: a 'YYYY-MM-DD' date is returned
 * as is, an ISO 8601 date-time with `Z` or an offset is converted to the zone,
 * and a date-time without an offset is taken as wall-clock time in the zone
 * (so its own date). Null when `value` is malformed. Throws a RangeError for an
 * unknown zone.
 */
export function toYmd(value: string, timeZone: string): string | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (isYmd(s)) return s;
  const parsed = parseDateTime(s);
  if (!parsed) return null;
  return 'ymd' in parsed ? parsed.ymd : ymdOfInstant(parsed.ms, timeZone);
}

/**
 * A date for display, 'YYYY-MM-DD' (spec §9). A Date is shown in `timeZone`
 * (default Africa/Johannesburg); a 'YYYY-MM-DD' string is returned as is; an
 * ISO timestamp string is converted to the zone. Invalid input gives ''.
 */
export function formatDate(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : ymdOfInstant(value, timeZone);
  }
  return toYmd(value, timeZone) ?? '';
}

/**
 * A time of day for display, 'HH:mm' on a 24-hour clock, in `timeZone`
 * (default Africa/Johannesburg). Accepts a Date or an ISO timestamp string; a
 * date-time without an offset is shown as written. A bare date has no time and,
 * like invalid input, gives ''.
 */
export function formatTime(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  let instant: number;
  if (value instanceof Date) {
    instant = value.getTime();
    if (Number.isNaN(instant)) return '';
  } else {
    const s = typeof value === 'string' ? value.trim() : '';
    const parsed = parseDateTime(s);
    if (!parsed) return '';
    if ('ymd' in parsed) return `${s.slice(11, 13)}:${s.slice(14, 16)}`;
    instant = parsed.ms;
  }
  const d = inZone(instant, timeZone);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * An instant as the wall time of `timeZone`, 'YYYY-MM-DDTHH:mm' (what a
 * date-time field shows): the company's clock, whatever the browser's zone.
 */
export function wallTimeOf(instant: Date | string, timeZone: string): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  const t = new TZDate(d.getTime(), timeZone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}T${p(t.getHours())}:${p(t.getMinutes())}`;
}

/** The instant (ISO) of a wall time 'YYYY-MM-DDTHH:mm' in `timeZone`; null when it is not one. */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const t = new TZDate(y, mo - 1, d, h, mi, 0, timeZone);
  return isNaN(t.getTime()) ? null : new Date(t.getTime()).toISOString();
}

/** A chat timestamp (spec §9): 'YYYY/MM/DD HH:mm' on the wall clock of `timeZone`. */
export function chatTimestamp(
  instant: Date | string,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const wall = wallTimeOf(instant, timeZone);
  return `${wall.slice(0, 10).replaceAll('-', '/')} ${wall.slice(11, 16)}`;
}

/**
 * An instant as spec §9's date with time, 'YYYY-MM-DD HH:mm', on the wall
 * clock of `timeZone` (the company's): job comments and log entries.
 */
export function dateTimeIn(instant: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const wall = wallTimeOf(instant, timeZone);
  return `${wall.slice(0, 10)} ${wall.slice(11, 16)}`;
}

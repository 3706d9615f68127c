import { TZDate } from '@date-fns/tz';
import type { TJobCard } from '../contracts/jobs.js';
import { addDays, daysBetween, splitYmd } from '../dates.js';

/** The planner shows one day or a week (Monday to Sunday). */
export type PlannerSpan = 'day' | 'week';

type Plannable = Pick<
  TJobCard,
  'startDate' | 'endDate' | 'isAllDayEvent' | 'displayOrder' | 'appointmentNumber'
>;

/** The instant a calendar day starts in an IANA zone (local midnight). */
export function dayStartIn(ymd: string, timeZone: string): Date {
  const { year, month, day } = splitYmd(ymd);
  return new Date(new TZDate(year, month - 1, day, 0, 0, 0, timeZone).getTime());
}

/** The Monday of the week `ymd` is in. */
export function weekStart(ymd: string): string {
  const { year, month, day } = splitYmd(ymd);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 Sunday
  return addDays(ymd, -((weekday + 6) % 7));
}

/** The days a planner shows: the day itself, or the Monday-to-Sunday week it is in. */
export function plannerDays(ymd: string, span: PlannerSpan): string[] {
  if (span === 'day') return [ymd];
  const monday = weekStart(ymd);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The date prev (-1) or next (+1) goes to: a day or a week on. */
export function plannerStep(ymd: string, span: PlannerSpan, step: -1 | 1): string {
  return span === 'day' ? addDays(ymd, step) : addDays(weekStart(ymd), 7 * step);
}

const ms = (iso: string) => new Date(iso).getTime();

/** Whether the job touches [dayStart, dayEnd); a job without length counts where it starts. */
function onDay(c: Plannable, dayStart: number, dayEnd: number): boolean {
  const start = ms(c.startDate);
  const end = ms(c.endDate);
  return start < dayEnd && (end > dayStart || start >= dayStart);
}

/** A job number's digits as a number, so JOB-9 comes before JOB-10. */
function numberOf(n: string): number {
  const m = /(\d+)\D*$/.exec(n);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}

/**
 * One day of the planner: the jobs touching [dayStart, dayEnd), all-day jobs
 * first; then the stops of a route plan by displayOrder (set by the route
 * screen, null when never planned); then the rest by start time; ties by
 * job number.
 */
export function plannerOrder<T extends Plannable>(
  cards: readonly T[],
  dayStart: Date,
  dayEnd: Date,
): T[] {
  const from = dayStart.getTime();
  const to = dayEnd.getTime();
  const rank = (c: T) => [
    c.isAllDayEvent ? 0 : 1,
    c.isAllDayEvent || c.displayOrder == null ? 1 : 0,
    c.isAllDayEvent || c.displayOrder == null ? 0 : c.displayOrder,
    ms(c.startDate),
    numberOf(c.appointmentNumber),
  ];
  return cards
    .filter((c) => onDay(c, from, to))
    .map((c) => ({ c, k: rank(c) }))
    .sort((a, b) => {
      for (let i = 0; i < a.k.length; i++) if (a.k[i] !== b.k[i]) return a.k[i]! - b.k[i]!;
      return a.c.appointmentNumber.localeCompare(b.c.appointmentNumber);
    })
    .map((x) => x.c);
}

/** The planner's days with their jobs in order, in the company's zone. */
export function plannerSchedule<T extends Plannable>(
  cards: readonly T[],
  ymd: string,
  span: PlannerSpan,
  timeZone: string,
): { date: string; jobs: T[] }[] {
  return plannerDays(ymd, span).map((date) => ({
    date,
    jobs: plannerOrder(cards, dayStartIn(date, timeZone), dayStartIn(addDays(date, 1), timeZone)),
  }));
}

/** The range (YYYY-MM-DD, end exclusive) the planner's days cover. */
export function plannerSpanRange(ymd: string, span: PlannerSpan): { first: string; end: string } {
  const days = plannerDays(ymd, span);
  const first = days[0]!;
  return { first, end: addDays(first, daysBetween(first, days[days.length - 1]!) + 1) };
}

/**
 * The `sortOrder` body that puts `ids` in that order, reusing the places the
 * jobs hold now (`values`, one per job in any order) so jobs outside the list
 * keep theirs. Places that are not all different (new jobs all hold 0) cannot
 * carry an order, so the list then counts up from the smallest of them.
 */
export function reorderedSortOrder(
  ids: readonly string[],
  values: readonly number[],
): { _id: string; sortOrder: number }[] {
  const sorted = [...values].sort((a, b) => a - b);
  const distinct =
    sorted.length >= ids.length && sorted.every((v, k) => k === 0 || v > sorted[k - 1]!);
  const low = Math.max(0, Math.round(sorted[0] ?? 0));
  return ids.map((id, k) => ({
    _id: id,
    sortOrder: distinct ? Math.max(0, Math.round(sorted[k]!)) : low + k,
  }));
}

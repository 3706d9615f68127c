import type { TTimeWindow } from '../contracts/routes.js';
import { DEFAULT_STOP_MINUTES } from '../contracts/routes.js';
import { addDays, instantOfWallTime, ymdOfInstant } from '../dates.js';
import { timeline } from './timeline.js';

export interface StopInput {
  id: string;
  startDate: string;
  endDate: string;
}
/** One drive: metres and seconds. */
export interface LegInput {
  distance: number;
  duration: number;
}
/** A stop's fields after route planning (spec §3) with its new times. */
export interface PlannedTimes {
  id: string;
  startDate: string;
  endDate: string;
  depart: string;
  /** Kilometres of the drive to the stop, one decimal. */
  distance: number;
  /** Minutes at the stop. */
  duration: number;
  displayOrder: number;
  /** Percent of the day's driving done on arrival. */
  progress: number;
  dependencies: string[];
  /** Minutes the stop starts after its window's end; 0 when on time or without a window. */
  late: number;
}

/** A stop's own length (spec "Route plan"): end - start in whole minutes, 60 when negative. */
export function stopMinutesOf(startDate: string, endDate: string): number {
  const m = Math.floor((Date.parse(endDate) - Date.parse(startDate)) / 60_000);
  return Number.isFinite(m) && m >= 0 ? m : DEFAULT_STOP_MINUTES;
}

/** The instant of `minutes` after midnight of `ymd` in `zone` (past 1440 is the next day). */
function instantAt(ymd: string, minutes: number, zone: string): string {
  const days = Math.floor(minutes / 1440);
  const m = minutes - days * 1440;
  const hhmm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return instantOfWallTime(`${addDays(ymd, days)}T${hhmm}`, zone)!;
}

/**
 * The stops' times after route planning, in route order (spec "Route plan",
 * as `timeline` reads it): the first starts at the workday start on the day
 * (in `zone`) of its own start date and departs its drive earlier; each next
 * one departs when the one before ends and starts on arrival, or at its
 * window's start (`late` says by how much a window was missed). `legs[k]` is the drive to `stops[k]`; a last leg (to the
 * destination) is ignored. Each stop depends on the one before it.
 */
export function planStopTimes(
  stops: readonly StopInput[],
  legs: readonly LegInput[],
  opts: {
    zone: string;
    /** The route's day (YYYY-MM-DD); else the day of the first stop's start. */
    day?: string;
    workdayStartMinutes?: number;
    windows?: readonly (TTimeWindow | null)[];
  },
): PlannedTimes[] {
  if (stops.length === 0) return [];
  const day = opts.day ?? ymdOfInstant(new Date(stops[0]!.startDate), opts.zone);
  const lengths = stops.map((s) => stopMinutesOf(s.startDate, s.endDate));
  const times = timeline(
    stops.map((_, k) => legs[k]?.duration ?? 0),
    lengths,
    { startMinutes: opts.workdayStartMinutes, windows: opts.windows },
  );
  const driven = stops.map((_, k) => legs[k]?.distance ?? 0);
  const total = driven.reduce((a, b) => a + b, 0);
  let done = 0;
  return stops.map((s, k) => {
    done += driven[k]!;
    const t = times[k]!;
    const start = instantAt(day, t.start, opts.zone);
    return {
      id: s.id,
      startDate: start,
      endDate: new Date(Date.parse(start) + lengths[k]! * 60_000).toISOString(),
      depart: instantAt(day, t.depart, opts.zone),
      distance: Math.round(driven[k]! / 100) / 10,
      duration: lengths[k]!,
      displayOrder: k + 1,
      progress: total > 0 ? (k === stops.length - 1 ? 100 : Math.round((100 * done) / total)) : 0,
      dependencies: k === 0 ? [] : [stops[k - 1]!.id],
      late: t.late,
    };
  });
}

/** The sum of some drives. */
export function routeTotals(legs: readonly LegInput[]): LegInput {
  return legs.reduce(
    (a, l) => ({ distance: a.distance + l.distance, duration: a.duration + l.duration }),
    {
      distance: 0,
      duration: 0,
    },
  );
}

/** '12.3 km', or '850 m' under a kilometre. */
export function formatDistance(metres: number): string {
  return metres < 1000
    ? `${Math.round(metres)} m`
    : `${(Math.round(metres / 100) / 10).toFixed(1)} km`;
}

/** '25 min', '1 h 05 min'. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

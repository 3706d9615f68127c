import type { TTimeWindow } from '../contracts/routes.js';
import { DEFAULT_STOP_MINUTES, DEFAULT_WORKDAY_START_MINUTES } from '../contracts/routes.js';

/** One stop of a day's timeline, in minutes after midnight of the route's day (may pass 1440). */
export interface TimelineStop {
  depart: number;
  start: number;
  end: number;
  /** Minutes after the window's end that the stop starts; 0 when on time or without a window. */
  late: number;
}

/** Whole minutes of a drive: a part-minute is a minute (nobody arrives early by rounding). */
export const driveMinutes = (seconds: number) => Math.ceil(Math.max(0, seconds) / 60);

/**
 * The stop times of one order (issue 13, our reading of spec "Route plan"):
 * the first stop starts at the workday start and its departure is that
 * minus its drive; each next stop leaves when the previous one ends and
 * starts on arrival; a stop reached before its window waits for it.
 * `travel(k)` is the drive to the k-th stop, in seconds; `visit` sees each
 * stop's times. Answers the minutes late over all stops.
 */
export function walkTimeline(
  count: number,
  travel: (k: number) => number,
  stopMinutes: (k: number) => number,
  window: (k: number) => TTimeWindow | null | undefined,
  startMinutes = DEFAULT_WORKDAY_START_MINUTES,
  visit?: (k: number, t: TimelineStop) => void,
): number {
  let clock = startMinutes;
  let lateness = 0;
  for (let k = 0; k < count; k++) {
    const drive = driveMinutes(travel(k));
    const depart = k === 0 ? clock - drive : clock;
    let start = k === 0 ? clock : clock + drive;
    const w = window(k);
    if (w && start < w.from) start = w.from;
    const end = start + stopMinutes(k);
    const late = w ? Math.max(0, start - w.to) : 0;
    lateness += late;
    visit?.(k, { depart, start, end, late });
    clock = end;
  }
  return lateness;
}

/** `walkTimeline` over arrays: each stop's times. */
export function timeline(
  travel: readonly number[],
  stopMinutes: readonly number[],
  opts: { startMinutes?: number; windows?: readonly (TTimeWindow | null | undefined)[] } = {},
): TimelineStop[] {
  const out: TimelineStop[] = [];
  walkTimeline(
    stopMinutes.length,
    (k) => travel[k] ?? 0,
    (k) => stopMinutes[k] ?? DEFAULT_STOP_MINUTES,
    (k) => opts.windows?.[k],
    opts.startMinutes,
    (_, t) => out.push(t),
  );
  return out;
}

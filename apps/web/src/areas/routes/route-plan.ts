import {
  DEFAULT_STOP_MINUTES,
  dayStartIn,
  type TJobCard,
  type TLatLng,
  type TPlannedStop,
  type TRouteLeg,
  type TTimeWindow,
} from '@fieldbook/core';

/** What the screen holds per stop beyond the job: pinned, its window, whether it is in the route. */
export interface StopChoice {
  pinned: boolean;
  window: TTimeWindow | null;
  included: boolean;
}

/** A job that can be routed: a verified position, ticked. */
export const routable = (c: TJobCard, choice: StopChoice | undefined) =>
  !!c.positionVerified && !!c.googlePosition && (choice?.included ?? true);

/** Minutes at a stop: end - start, or the spec §9 default when the end is before the start. */
export function stopMinutes(c: Pick<TJobCard, 'startDate' | 'endDate'>): number {
  const m = Math.round((Date.parse(c.endDate) - Date.parse(c.startDate)) / 60_000);
  return m < 0 ? DEFAULT_STOP_MINUTES : m;
}

export interface TimedStop {
  id: string;
  startDate: string;
  endDate: string;
  depart: string | null;
  /** Km of the leg to this stop, one decimal. */
  distance: number;
  /** Minutes at the stop. */
  duration: number;
  displayOrder: number;
  progress: number;
  dependencies: string[];
  missedWindow: boolean;
}

/**
 * The stop times of spec "Route plan": the first stop starts at the workday
 * start (leaving the base its travel time before), each next one when the one
 * before ends plus the drive; a stop with a window waits for its start.
 * `legs[i]` is the drive to stop i (the last leg, back to base, is not a stop).
 * Kept here until core's planStopTimes lands (wt-core).
 */
export function stopTimes(
  stops: TJobCard[],
  legs: TRouteLeg[],
  opts: { day: string; timeZone: string; startMinutes: number; windows: (TTimeWindow | null)[] },
): TimedStop[] {
  const dayStart = dayStartIn(opts.day, opts.timeZone).getTime();
  const totalKm = legs.slice(0, stops.length).reduce((s, l) => s + l.distance.value, 0);
  let t = dayStart + opts.startMinutes * 60_000;
  let km = 0;
  return stops.map((c, i) => {
    const leg = legs[i];
    const drive = (leg?.duration.value ?? 0) * 1000;
    if (i > 0) t += drive;
    const w = opts.windows[i];
    if (w && t < dayStart + w.from * 60_000) t = dayStart + w.from * 60_000;
    const missed = !!w && t > dayStart + w.to * 60_000;
    const minutes = stopMinutes(c);
    const start = t;
    const end = start + minutes * 60_000;
    km += leg?.distance.value ?? 0;
    t = end;
    return {
      id: c._id,
      startDate: new Date(start).toISOString(),
      endDate: new Date(end).toISOString(),
      depart: new Date(start - drive).toISOString(),
      distance: Math.round((leg?.distance.value ?? 0) / 100) / 10,
      duration: minutes,
      displayOrder: i + 1,
      progress: totalKm ? Math.round((km / totalKm) * 100) : 0,
      dependencies: i > 0 ? [stops[i - 1]!._id] : [],
      missedWindow: missed,
    };
  });
}

/** The plan body for the timed stops; `updatedAt` as each job was read. */
export function plannedStops(times: TimedStop[], jobs: Map<string, TJobCard>): TPlannedStop[] {
  return times.map((t) => ({
    _id: t.id,
    updatedAt: jobs.get(t.id)!.updatedAt,
    startDate: t.startDate,
    endDate: t.endDate,
    depart: t.depart,
    distance: t.distance,
    duration: t.duration,
    displayOrder: t.displayOrder,
    progress: t.progress,
    dependencies: t.dependencies,
  }));
}

/**
 * The jobs' values as they are now, for Undo: the card carries the times and
 * the place; the leg fields it does not carry go back to "never planned".
 */
export function currentValues(stops: TJobCard[]): Omit<TPlannedStop, 'updatedAt'>[] {
  return stops.map((c) => ({
    _id: c._id,
    startDate: c.startDate,
    endDate: c.endDate,
    depart: null,
    distance: null,
    duration: null,
    displayOrder: c.displayOrder,
    progress: null,
    dependencies: [],
  }));
}

/** Metres and seconds of a list of legs. */
export const legTotals = (legs: TRouteLeg[]) => ({
  distance: legs.reduce((s, l) => s + l.distance.value, 0),
  duration: legs.reduce((s, l) => s + l.duration.value, 0),
});

export const fmtKm = (m: number) => `${(m / 1000).toFixed(1)} km`;
export const fmtDrive = (s: number) => {
  const min = Math.round(s / 60);
  return min >= 60 ? `${Math.floor(min / 60)} h ${min % 60} min` : `${min} min`;
};

export const inBounds = (p: TLatLng, a: TLatLng, b: TLatLng) =>
  p.lat >= Math.min(a.lat, b.lat) &&
  p.lat <= Math.max(a.lat, b.lat) &&
  p.lng >= Math.min(a.lng, b.lng) &&
  p.lng <= Math.max(a.lng, b.lng);

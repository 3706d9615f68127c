import {
  planStopTimes,
  type PlannedTimes,
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

/** A stop's planned times (core `planStopTimes`); `late` > 0 is a missed window. */
export type TimedStop = PlannedTimes;

/** The stop times of a visiting order from the route's legs (`legs[k]` is the drive to stop k). */
export function stopTimes(
  stops: TJobCard[],
  legs: TRouteLeg[],
  opts: { day: string; timeZone: string; startMinutes: number; windows: (TTimeWindow | null)[] },
): TimedStop[] {
  return planStopTimes(
    stops.map((c) => ({ id: c._id, startDate: c.startDate, endDate: c.endDate })),
    legs.map((l) => ({ distance: l.distance.value, duration: l.duration.value })),
    {
      zone: opts.timeZone,
      day: opts.day,
      workdayStartMinutes: opts.startMinutes,
      windows: opts.windows,
    },
  );
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

export const inBounds = (p: TLatLng, a: TLatLng, b: TLatLng) =>
  p.lat >= Math.min(a.lat, b.lat) &&
  p.lat <= Math.max(a.lat, b.lat) &&
  p.lng >= Math.min(a.lng, b.lng) &&
  p.lng <= Math.max(a.lng, b.lng);

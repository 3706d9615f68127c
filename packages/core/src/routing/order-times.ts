import type { TLatLng } from '../contracts/clients.js';
import type { TTimeWindow } from '../contracts/routes.js';
import { estimateMatrix } from './geo.js';
import { planStopTimes, type PlannedTimes, type StopInput } from './stop-times.js';

/** A stop in the order on screen, with where it is. */
export interface OrderedStop extends StopInput {
  position: TLatLng;
}

/** Whether the stops' own starts already follow their order (equal starts count as in order). */
export function startsFollowOrder(stops: readonly StopInput[]): boolean {
  return stops.every(
    (s, k) => k === 0 || Date.parse(s.startDate) >= Date.parse(stops[k - 1]!.startDate),
  );
}

/**
 * The times to show for stops in the order on screen when no route answer
 * covers that order (a hand order saved but not applied, or one whose legs
 * are still on their way): `null` when the stops' own starts already follow
 * the order (the day as planned); otherwise `planStopTimes` over the order,
 * with drives estimated as the server does without a routing engine
 * (`estimateMatrix`) from `origin` (or the first stop) to each stop in turn.
 */
export function orderTimes(
  stops: readonly OrderedStop[],
  opts: {
    origin: TLatLng | null;
    zone: string;
    day: string;
    workdayStartMinutes: number;
    windows?: readonly (TTimeWindow | null)[];
  },
): PlannedTimes[] | null {
  if (startsFollowOrder(stops)) return null;
  const points = [opts.origin ?? stops[0]!.position, ...stops.map((s) => s.position)];
  const m = estimateMatrix(points);
  const legs = stops.map((_, k) => ({
    distance: m.distance[k]![k + 1]!,
    duration: m.duration[k]![k + 1]!,
  }));
  return planStopTimes(
    stops.map(({ id, startDate, endDate }) => ({ id, startDate, endDate })),
    legs,
    {
      zone: opts.zone,
      day: opts.day,
      workdayStartMinutes: opts.workdayStartMinutes,
      windows: opts.windows,
    },
  );
}

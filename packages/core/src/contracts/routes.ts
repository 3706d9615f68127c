import { z } from 'zod';
import { ZLatLng } from './clients.js';
import { ZId } from './common.js';
import { ZJobDateTime } from './jobs.js';

/** The most stops one route may hold (issue 13: markers up to 200). */
export const MAX_ROUTE_STOPS = 200;
/** Working hour choices of the route screen (spec §9: 7 to 17). */
export const WORKDAY_HOURS = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;
/** Spec §9: the default workday start, 08:00, in minutes after midnight. */
export const DEFAULT_WORKDAY_START_MINUTES = 8 * 60;
/** Spec §9: the default stop length in minutes (used when a job's end is before its start). */
export const DEFAULT_STOP_MINUTES = 60;

const MINUTES_OF_DAY = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);

/** A time window: the stop must start between `from` and `to`, in minutes after midnight. */
export const ZTimeWindow = z
  .object({ from: MINUTES_OF_DAY, to: MINUTES_OF_DAY })
  .refine((w) => w.from <= w.to, { message: 'must end after it starts', path: ['to'] });
export type TTimeWindow = z.infer<typeof ZTimeWindow>;

/**
 * `POST /companies/{cid}/appointments/calculateRoute`: the stops (`markers`)
 * between `origin` and `dest`; origin equal to dest is a round trip. Beyond
 * the specification, all optional: `pinned` (indexes into markers that keep
 * their place), `windows` (one per marker, or null), `stopMinutes` (the time
 * spent at each marker) and `startMinutes` (when the day's first stop starts,
 * minutes after midnight); windows are only judged with them.
 */
export const ZCalculateRoute = z
  .object({
    origin: ZLatLng,
    dest: ZLatLng,
    markers: z.array(ZLatLng).max(MAX_ROUTE_STOPS),
    pinned: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(MAX_ROUTE_STOPS - 1),
      )
      .max(MAX_ROUTE_STOPS)
      .optional(),
    windows: z.array(ZTimeWindow.nullable()).max(MAX_ROUTE_STOPS).optional(),
    stopMinutes: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(24 * 60),
      )
      .max(MAX_ROUTE_STOPS)
      .optional(),
    startMinutes: MINUTES_OF_DAY.optional(),
  })
  .superRefine((b, ctx) => {
    const n = b.markers.length;
    b.pinned?.forEach((p, i) => {
      if (p >= n) ctx.addIssue({ code: 'custom', path: ['pinned', i], message: 'is not a marker' });
    });
    if (b.windows && b.windows.length !== n)
      ctx.addIssue({ code: 'custom', path: ['windows'], message: 'must have one per marker' });
    if (b.stopMinutes && b.stopMinutes.length !== n)
      ctx.addIssue({ code: 'custom', path: ['stopMinutes'], message: 'must have one per marker' });
  });
export type TCalculateRoute = z.infer<typeof ZCalculateRoute>;

const ZValue = z.object({ value: z.number(), text: z.string() });
export const ZRouteLeg = z.object({
  /** Metres. */
  distance: ZValue,
  /** Seconds of driving. */
  duration: ZValue,
  start_location: ZLatLng,
  end_location: ZLatLng,
});
export type TRouteLeg = z.infer<typeof ZRouteLeg>;

/** Driving distance (metres) and time (seconds) of one whole route. */
export const ZRouteTotals = z.object({ distance: z.number(), duration: z.number() });
export type TRouteTotals = z.infer<typeof ZRouteTotals>;

/**
 * The answer, in the shape of the Google Directions answer the
 * specification's browser reads: `status` 'OK' or a reason
 * ('ZERO_RESULTS' when a stop cannot be reached, 'UNKNOWN_ERROR' when the
 * routing engine failed), and `routes[0]` with `waypoint_order` (indexes into
 * markers, in visiting order) and markers + 1 `legs`. Beyond Google:
 * `before` (the markers in the order given) and `after` totals, whether the
 * order is proven shortest (`exact`), the markers whose window is missed,
 * and where distances came from.
 */
export const ZCalculateRouteAnswer = z.object({
  status: z.string(),
  error: z.string().optional(),
  routes: z.array(
    z.object({
      waypoint_order: z.array(z.number().int()),
      legs: z.array(ZRouteLeg),
      before: ZRouteTotals,
      after: ZRouteTotals,
      exact: z.boolean(),
      missed_windows: z.array(z.number().int()),
      source: z.enum(['osrm', 'estimate']),
    }),
  ),
});
export type TCalculateRouteAnswer = z.infer<typeof ZCalculateRouteAnswer>;

/** One job's route fields as the plan writes them (spec §3 "After route planning", plus the times). */
export const ZPlannedStop = z.object({
  _id: ZId,
  /** The job's `updatedAt` as read: an older one is a 409 and nothing is written. */
  updatedAt: ZJobDateTime,
  startDate: ZJobDateTime,
  endDate: ZJobDateTime,
  depart: ZJobDateTime.nullable(),
  /** Kilometres of the leg to this stop, one decimal. */
  distance: z.number().min(0).max(100_000).nullable(),
  /** Minutes spent at the stop. */
  duration: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullable(),
  /** 1-based place in the route; null is "never planned" (what Undo may bring back). */
  displayOrder: z.number().int().min(1).max(MAX_ROUTE_STOPS).nullable(),
  /** Percent of the day's driving distance done on arrival. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** The stop before this one (spec: each stop depends on the one before it). */
  dependencies: z.array(ZId).max(1),
});
export type TPlannedStop = z.infer<typeof ZPlannedStop>;

/** `POST /companies/{cid}/appointments/plan` ("Plan jobs", not shown by the spec): one day's stops, all or nothing. */
export const ZPlanJobs = z.object({
  stops: z.array(ZPlannedStop).min(1).max(MAX_ROUTE_STOPS),
});
export type TPlanJobs = z.infer<typeof ZPlanJobs>;
export const ZPlanJobsAnswer = z.object({
  jobs: z.array(z.object({ _id: z.string(), updatedAt: z.string() })),
});
export type TPlanJobsAnswer = z.infer<typeof ZPlanJobsAnswer>;

/** `GET|POST /companies/{cid}/routeBase`: where the company's routes start and end. */
export const ZRouteBase = z.object({ basePosition: ZLatLng.nullable() });
export type TRouteBase = z.infer<typeof ZRouteBase>;

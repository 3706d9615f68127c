import {
  estimateMatrix,
  formatDistance,
  formatDuration,
  type RouteSolution,
  type TCalculateRoute,
  type TCalculateRouteAnswer,
  type TravelMatrix,
} from '@fieldbook/core';
import { RoutingFailure, osrmMatrix } from './osrm.js';
import { OptimiserBusy, type Asker, type Optimiser } from './optimiser-pool.js';

export type RoutesService = ReturnType<typeof createRoutesService>;

/**
 * calculateRoute (issue 13): the stops' best order between origin and dest,
 * answered in the Google Directions shape the specification's browser reads.
 */
export function createRoutesService(deps: {
  osrmUrl: string | null;
  optimiser: Pick<Optimiser, 'optimise'>;
}) {
  return {
    /** `who`: the company and user asking (the optimiser's caps and turns are theirs). */
    async calculate(body: TCalculateRoute, who: Asker): Promise<TCalculateRouteAnswer> {
      const points = [body.origin, ...body.markers, body.dest];
      let matrix: TravelMatrix;
      try {
        matrix = deps.osrmUrl ? await osrmMatrix(deps.osrmUrl, points) : estimateMatrix(points);
      } catch (e) {
        if (!(e instanceof RoutingFailure)) throw e;
        return { status: e.status, error: e.message, routes: [] };
      }
      let s: RouteSolution;
      try {
        s = await deps.optimiser.optimise(
          {
            ...matrix,
            pinned: body.pinned,
            windows: body.windows,
            stopMinutes: body.stopMinutes,
            startMinutes: body.startMinutes,
          },
          who,
        );
      } catch (e) {
        // Google's own word for "too many requests"; the browser applies nothing.
        const status = e instanceof OptimiserBusy ? 'OVER_QUERY_LIMIT' : 'UNKNOWN_ERROR';
        return { status, error: (e as Error).message, routes: [] };
      }
      const nodes = [0, ...s.order.map((k) => k + 1), points.length - 1];
      const legs = nodes.slice(1).map((to, k) => {
        const from = nodes[k]!;
        const distance = matrix.distance[from]![to]!;
        const duration = matrix.duration[from]![to]!;
        return {
          distance: { value: distance, text: formatDistance(distance) },
          duration: { value: duration, text: formatDuration(duration) },
          start_location: points[from]!,
          end_location: points[to]!,
        };
      });
      return {
        status: 'OK',
        routes: [
          {
            waypoint_order: s.order,
            legs,
            before: s.before,
            after: { distance: s.distance, duration: s.duration },
            exact: s.exact,
            missed_windows: s.missedWindows,
            source: deps.osrmUrl ? 'osrm' : 'estimate',
          },
        ],
      };
    },
  };
}

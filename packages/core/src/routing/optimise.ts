import type { TTimeWindow } from '../contracts/routes.js';
import { DEFAULT_STOP_MINUTES } from '../contracts/routes.js';
import { EXACT_MAX_STOPS, enumerateOrders, heldKarp } from './exact.js';
import { iteratedLocalSearch, legsCost } from './local-search.js';
import { timeline, walkTimeline } from './timeline.js';

/** With time windows, orders are enumerated exactly up to this many stops (8! orders). */
export const EXACT_WINDOW_MAX_STOPS = 8;
/** Local-search iterations per stop: a count, never a clock, so every machine agrees. */
export const ITERATIONS_PER_STOP = 12;
const MIN_ITERATIONS = 200;
/** With windows each move is scored whole (n steps), so fewer iterations. */
const WINDOW_ITERATIONS = 30;
/** Minutes late weigh more than any drive: lateness first, then driving time. */
const LATE_WEIGHT = 1e9;

export interface RouteProblem {
  /** Square matrices over [origin, ...stops, dest] (origin and dest may be the same place): metres. */
  distance: readonly (readonly number[])[];
  /** Seconds; the optimiser minimises driving time, distance is reported. */
  duration: readonly (readonly number[])[];
  /** Stops (indexes into the stops) that keep their place in the given order. */
  pinned?: readonly number[];
  /** Per stop, the window its start must fall in (minutes after midnight), or null. */
  windows?: readonly (TTimeWindow | null)[];
  /** Per stop, minutes spent there (default DEFAULT_STOP_MINUTES). */
  stopMinutes?: readonly number[];
  /** When the day's first stop starts, minutes after midnight (default 08:00). */
  startMinutes?: number;
}

export interface RouteTotals {
  distance: number;
  duration: number;
}

export interface RouteSolution extends RouteTotals {
  /** Stop indexes in visiting order. */
  order: number[];
  /** The stops in the order given. */
  before: RouteTotals;
  /** Whether the order is proven best. */
  exact: boolean;
  /** Stops whose window the order misses. */
  missedWindows: number[];
}

function totals(p: RouteProblem, order: readonly number[]): RouteTotals {
  const nodes = [0, ...order.map((s) => s + 1), order.length + 1];
  let distance = 0;
  let duration = 0;
  for (let k = 0; k + 1 < nodes.length; k++) {
    distance += p.distance[nodes[k]!]![nodes[k + 1]!]!;
    duration += p.duration[nodes[k]!]![nodes[k + 1]!]!;
  }
  return { distance, duration };
}

/** The timeline of an order: the drive to each stop, then `timeline`. */
function scheduleOf(p: RouteProblem, order: readonly number[]) {
  const travel = order.map((s, k) => p.duration[k === 0 ? 0 : order[k - 1]! + 1]![s + 1]!);
  return timeline(
    travel,
    order.map((s) => p.stopMinutes?.[s] ?? DEFAULT_STOP_MINUTES),
    { startMinutes: p.startMinutes, windows: order.map((s) => p.windows?.[s] ?? null) },
  );
}

/**
 * The order of a day's stops with the least driving time from the origin to
 * the destination (DECISIONS §9): exact up to 12 stops (8 with time
 * windows), an iterated local search beyond; never worse than the order
 * given. With windows the score is minutes late first, then driving time.
 */
export function optimiseRoute(p: RouteProblem): RouteSolution {
  const n = p.duration.length - 2;
  if (n < 0) throw new Error('the matrix needs an origin and a destination');
  const identity = Array.from({ length: n }, (_, k) => k);
  const pinAt = new Int32Array(n).fill(-1);
  for (const s of p.pinned ?? []) if (s >= 0 && s < n) pinAt[s] = s;
  const windowed = (p.windows ?? []).some((w) => w);
  const score = (order: readonly number[]) =>
    windowed
      ? scheduleOf(p, order).reduce((late, t) => late + t.late, 0) * LATE_WEIGHT +
        totals(p, order).duration
      : totals(p, order).duration;

  let order: number[];
  let exact: boolean;
  if (!windowed && n <= EXACT_MAX_STOPS) {
    [order, exact] = [heldKarp(p.duration, n, pinAt), true];
  } else if (windowed && n <= EXACT_WINDOW_MAX_STOPS) {
    [order, exact] = [enumerateOrders(n, pinAt, score), true];
  } else {
    order = search(p, n, pinAt, windowed ? score : undefined);
    exact = false;
  }
  // Never a route worse than the one the office already has.
  if (score(order) >= score(identity)) order = identity;
  const missedWindows = windowed
    ? scheduleOf(p, order).flatMap((t, k) => (t.late > 0 ? [order[k]!] : []))
    : [];
  return { order, ...totals(p, order), before: totals(p, identity), exact, missedWindows };
}

/** The local search, started from the better of the given order and a nearest-neighbour one. */
function search(
  p: RouteProblem,
  n: number,
  pinAt: Int32Array,
  score: ((order: readonly number[]) => number) | undefined,
): number[] {
  const C = p.duration;
  const fixed = new Uint8Array(n + 2);
  for (let k = 0; k < n; k++) if (pinAt[k]! >= 0) fixed[k + 1] = 1;
  const toOrder = (r: Int32Array) => Array.from(r.subarray(1, n + 1), (node) => node - 1);
  // With windows every candidate is scored whole: minutes late first, then driving time.
  const routeScore = score
    ? (r: Int32Array) =>
        walkTimeline(
          n,
          (k) => C[r[k]!]![r[k + 1]!]!,
          (k) => p.stopMinutes?.[r[k + 1]! - 1] ?? DEFAULT_STOP_MINUTES,
          (k) => p.windows?.[r[k + 1]! - 1],
          p.startMinutes,
        ) *
          LATE_WEIGHT +
        legsCost(C, r)
    : (r: Int32Array) => legsCost(C, r);
  const identity = Int32Array.from({ length: n + 2 }, (_, k) => k);
  const nearest = new Int32Array(n + 2);
  nearest[n + 1] = n + 1;
  const used = new Uint8Array(n + 2);
  for (let k = 1; k <= n; k++) if (fixed[k]) used[k] = 1;
  for (let k = 1; k <= n; k++) {
    if (fixed[k]) {
      nearest[k] = k;
      continue;
    }
    let best = -1;
    for (let s = 1; s <= n; s++)
      if (!used[s] && (best < 0 || C[nearest[k - 1]!]![s]! < C[nearest[k - 1]!]![best]!)) best = s;
    nearest[k] = best;
    used[best] = 1;
  }
  const start = routeScore(nearest) < routeScore(identity) ? nearest : identity;
  const iterations = Math.max(MIN_ITERATIONS, ITERATIONS_PER_STOP * n);
  const { route } = iteratedLocalSearch(
    { cost: C, n, fixed, score: score ? routeScore : undefined },
    start,
    score ? WINDOW_ITERATIONS : iterations,
    0x5eed + n,
  );
  return toOrder(route);
}

// `npm run bench -- routes`: the route optimiser (core optimiseRoute) on seeded
// random stops in a city-sized area (about 22 x 28 km of Cape Town), a round
// trip from a base, on the estimate matrix (DECISIONS §9). 8, 10 and 12 stops
// are solved exactly: time. 25, 50 and 100 stops: time, and the gap to the
// best known driving time of each instance, the best of the answer itself and
// of long runs of the same local search (BENCH_ROUTE_LONG times the budget,
// three other seeds). 20 instances per size; then 25, 50 and 100 stops with
// time windows on a third of them (time, windows missed). Figures go to docs/performance.md.
import { performance } from 'node:perf_hooks';
import {
  ITERATIONS_PER_STOP,
  estimateMatrix,
  optimiseRoute,
  type TLatLng,
} from '../../packages/core/src/index.js';
import {
  iteratedLocalSearch,
  legsCost,
  seededRandom,
} from '../../packages/core/src/routing/local-search.js';

const INSTANCES = Number(process.env.BENCH_ROUTE_INSTANCES ?? 20);
const LONG = Number(process.env.BENCH_ROUTE_LONG ?? 10);
const LONG_SEEDS = [101, 202, 303];
const AREA = { south: -34.05, north: -33.85, west: 18.4, east: 18.7 };

function instance(n: number, seed: number) {
  const rand = seededRandom(n * 1000 + seed);
  const at = (): TLatLng => ({
    lat: AREA.south + rand() * (AREA.north - AREA.south),
    lng: AREA.west + rand() * (AREA.east - AREA.west),
  });
  const base = at();
  const stops = Array.from({ length: n }, at);
  return estimateMatrix([base, ...stops, base]);
}

/** The best driving time known for the matrix: long runs of the same search, other seeds. */
function bestKnown(duration: number[][], n: number, found: number) {
  let best = found;
  for (const seed of LONG_SEEDS) {
    const start = Int32Array.from({ length: n + 2 }, (_, k) => k);
    const { route } = iteratedLocalSearch(
      { cost: duration, n, fixed: new Uint8Array(n + 2) },
      start,
      Math.max(200, ITERATIONS_PER_STOP * n) * LONG,
      seed,
    );
    best = Math.min(best, legsCost(duration, route));
  }
  return best;
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => x.toFixed(x < 10 ? 2 : 0);

export interface RouteBenchRow {
  stops: number;
  exact: boolean;
  medianMs: number;
  worstMs: number;
  meanGap?: number;
  worstGap?: number;
}

export function benchRoutes(): RouteBenchRow[] {
  // Warm the JIT on a mid-sized problem first.
  for (let s = 0; s < 3; s++) optimiseRoute(instance(40, 900 + s));
  const rows: RouteBenchRow[] = [];
  for (const n of [8, 10, 12, 25, 50, 100]) {
    const times: number[] = [];
    const gaps: number[] = [];
    let exact = true;
    for (let seed = 1; seed <= INSTANCES; seed++) {
      const m = instance(n, seed);
      const t0 = performance.now();
      const answer = optimiseRoute(m);
      times.push(performance.now() - t0);
      exact &&= answer.exact;
      if (n > 12) {
        const best = bestKnown(m.duration, n, answer.duration);
        gaps.push((answer.duration - best) / best);
      }
    }
    const row: RouteBenchRow = {
      stops: n,
      exact,
      medianMs: quantile(times, 0.5),
      worstMs: Math.max(...times),
    };
    if (gaps.length) {
      row.meanGap = gaps.reduce((a, b) => a + b, 0) / gaps.length;
      row.worstGap = Math.max(...gaps);
    }
    rows.push(row);
    console.log(
      `${String(n).padStart(3)} stops${exact ? ' (exact)' : ''}: median ${ms(row.medianMs)} ms, worst ${ms(row.worstMs)} ms` +
        (row.meanGap === undefined
          ? ''
          : `; gap to the best known: mean ${(row.meanGap * 100).toFixed(2)} %, worst ${(row.worstGap! * 100).toFixed(2)} %`),
    );
  }
  // Time windows: a third of the stops must be reached in a two-hour window of the day.
  for (const n of [25, 50, 100]) {
    const times: number[] = [];
    let missed = 0;
    for (let seed = 1; seed <= INSTANCES; seed++) {
      const m = instance(n, seed);
      const rand = seededRandom(seed);
      const windows = Array.from({ length: n }, (_, k) => {
        if (k % 3) return null;
        const from = 8 * 60 + Math.floor(rand() * 8) * 60;
        return { from, to: from + 120 };
      });
      const t0 = performance.now();
      const answer = optimiseRoute({ ...m, windows, stopMinutes: Array(n).fill(15) });
      times.push(performance.now() - t0);
      missed += answer.missedWindows.length;
    }
    console.log(
      `${String(n).padStart(3)} stops, a third with 2-hour windows, 15 min a stop: median ${ms(quantile(times, 0.5))} ms, worst ${ms(Math.max(...times))} ms; windows missed ${missed} of ${Math.ceil(n / 3) * INSTANCES}`,
    );
  }
  return rows;
}

import { describe, expect, it } from 'vitest';
import { estimateMatrix } from './geo.js';
import { seededRandom } from './local-search.js';
import { optimiseRoute, type RouteProblem } from './optimise.js';

/** Seeded random points in a 40 x 40 km box around Cape Town's centre. */
function points(n: number, seed: number) {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, () => ({
    lat: -33.92 + (rand() - 0.5) * 0.36,
    lng: 18.42 + (rand() - 0.5) * 0.43,
  }));
}

function problem(n: number, seed: number, roundTrip = true): RouteProblem {
  const pts = points(n + 2, seed);
  if (roundTrip) pts[n + 1] = pts[0]!;
  return estimateMatrix(pts);
}

const cost = (p: RouteProblem, order: readonly number[]) => {
  const nodes = [0, ...order.map((s) => s + 1), order.length + 1];
  return nodes.slice(1).reduce((c, node, k) => c + p.duration[nodes[k]!]![node]!, 0);
};

/** The least cost over every order that keeps the pinned stops in place. */
function bruteForce(p: RouteProblem, pinned: readonly number[] = []): number {
  const n = p.duration.length - 2;
  const free = Array.from({ length: n }, (_, k) => k).filter((k) => !pinned.includes(k));
  let best = Infinity;
  const perm = (rest: number[], acc: number[]) => {
    if (rest.length === 0) {
      const order: number[] = [];
      let f = 0;
      for (let k = 0; k < n; k++) order.push(pinned.includes(k) ? k : acc[f++]!);
      best = Math.min(best, cost(p, order));
      return;
    }
    rest.forEach((x, i) => perm([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, x]));
  };
  perm(free, []);
  return best;
}

describe('optimiseRoute', () => {
  it('finds the shortest order, as brute force does, for 1 to 9 stops', () => {
    for (let n = 1; n <= 9; n++) {
      for (let seed = 1; seed <= (n < 8 ? 6 : 2); seed++) {
        for (const roundTrip of [true, false]) {
          const p = problem(n, seed * 100 + n, roundTrip);
          const s = optimiseRoute(p);
          expect(s.exact).toBe(true);
          expect([...s.order].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
          expect(s.duration).toBe(bruteForce(p));
          expect(s.duration).toBe(cost(p, s.order));
        }
      }
    }
  });

  it('keeps pinned stops in place and is still exact around them', () => {
    for (let n = 3; n <= 8; n++) {
      const p = { ...problem(n, 7000 + n), pinned: [0, n - 1] };
      const s = optimiseRoute(p);
      expect(s.order[0]).toBe(0);
      expect(s.order[n - 1]).toBe(n - 1);
      expect(s.duration).toBe(bruteForce(p, [0, n - 1]));
    }
  });

  it('answers the order given when nothing is shorter, and handles no stops and identical points', () => {
    // Stops on a straight line from the origin to the destination: the given order is best.
    const line = Array.from({ length: 16 }, (_, k) => ({ lat: -33.9, lng: 18.4 + k * 0.01 }));
    const s = optimiseRoute(estimateMatrix(line));
    expect(s.order).toEqual([...Array(14).keys()]);
    expect(s.duration).toBe(s.before.duration);
    expect(optimiseRoute(estimateMatrix(line.slice(0, 2)))).toMatchObject({
      order: [],
      duration: s.before.duration > 0 ? expect.any(Number) : 0,
    });
    const same = Array.from({ length: 20 }, () => ({ lat: -33.9, lng: 18.4 }));
    const t = optimiseRoute(estimateMatrix(same));
    expect(t.order).toEqual([...Array(18).keys()]);
    expect(t.duration).toBe(0);
  });

  it('is never longer than the order given, and gives the same order twice, beyond 12 stops', () => {
    for (const n of [13, 20, 40]) {
      const p = problem(n, 42 + n);
      const a = optimiseRoute(p);
      expect(a.exact).toBe(false);
      expect(a.duration).toBeLessThanOrEqual(a.before.duration);
      expect(a.duration).toBe(cost(p, a.order));
      expect(new Set(a.order).size).toBe(n);
      expect(optimiseRoute(p).order).toEqual(a.order);
    }
  });

  it('keeps pins in place beyond 12 stops', () => {
    const n = 30;
    const p = { ...problem(n, 31), pinned: [0, 10, 29] };
    const s = optimiseRoute(p);
    expect([s.order[0], s.order[10], s.order[29]]).toEqual([0, 10, 29]);
    expect(s.duration).toBeLessThanOrEqual(s.before.duration);
  });

  it('takes a longer drive to meet a window, and reports a window it cannot meet', () => {
    // Origin, then A near, B far; B must start by 08:30, so B goes first although A-then-B is shorter.
    const pts = [
      { lat: -33.9, lng: 18.4 },
      { lat: -33.9, lng: 18.41 },
      { lat: -33.9, lng: 18.6 },
      { lat: -33.9, lng: 18.4 },
    ];
    const m = estimateMatrix(pts);
    const free = optimiseRoute(m);
    const withWindow = optimiseRoute({
      ...m,
      windows: [null, { from: 8 * 60, to: 8 * 60 + 30 }],
      stopMinutes: [60, 60],
      startMinutes: 8 * 60,
    });
    expect(withWindow.order).toEqual([1, 0]);
    expect(withWindow.missedWindows).toEqual([]);
    expect(withWindow.duration).toBeGreaterThanOrEqual(free.duration);
    const impossible = optimiseRoute({
      ...m,
      windows: [
        { from: 8 * 60, to: 8 * 60 },
        { from: 8 * 60, to: 8 * 60 },
      ],
      startMinutes: 8 * 60,
    });
    expect(impossible.missedWindows).toHaveLength(1);
  });

  it('meets windows beyond the exact size too, or says which it misses', () => {
    const n = 15;
    const p = problem(n, 99);
    const windows = Array.from({ length: n }, (_, k) =>
      k === 14 ? { from: 8 * 60, to: 8 * 60 + 45 } : null,
    );
    const s = optimiseRoute({ ...p, windows, startMinutes: 8 * 60 });
    // Stop 14 must come first or second to start by 08:45.
    expect(s.order.indexOf(14)).toBeLessThanOrEqual(1);
    expect(s.missedWindows).toEqual([]);
  });
});

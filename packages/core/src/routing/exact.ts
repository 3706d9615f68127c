/**
 * Exact orders for small days. Stops are numbered 0..n-1; in the matrix the
 * origin is 0, stop k is k + 1 and the destination n + 1. `pinAt[p]` is the
 * stop that must be at position p, or -1.
 */

/** The most stops solved exactly by dynamic programming (2^12 x 12 x 12 steps). */
export const EXACT_MAX_STOPS = 12;

/** Held-Karp over subsets: the order of least total cost, pins kept. */
export function heldKarp(
  cost: readonly (readonly number[])[],
  n: number,
  pinAt: Int32Array,
): number[] {
  if (n === 0) return [];
  const size = 1 << n;
  const full = size - 1;
  const dp = new Float64Array(size * n).fill(Infinity);
  const parent = new Int8Array(size * n).fill(-1);
  const pinned = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (pinAt[p]! >= 0) pinned[pinAt[p]!] = 1;
  const allowed = (pos: number, j: number) => (pinAt[pos]! >= 0 ? pinAt[pos] === j : !pinned[j]);
  const pop = new Uint8Array(size);
  for (let m = 1; m < size; m++) pop[m] = pop[m >> 1]! + (m & 1);
  for (let j = 0; j < n; j++) if (allowed(0, j)) dp[(1 << j) * n + j] = cost[0]![j + 1]!;
  for (let mask = 1; mask < size; mask++) {
    const next = pop[mask]!; // the position the next stop takes
    if (next >= n) continue;
    for (let j = 0; j < n; j++) {
      const v = dp[mask * n + j]!;
      if (v === Infinity) continue;
      const row = cost[j + 1]!;
      for (let k = 0; k < n; k++) {
        if (mask & (1 << k) || !allowed(next, k)) continue;
        const at = (mask | (1 << k)) * n + k;
        const c = v + row[k + 1]!;
        if (c < dp[at]!) {
          dp[at] = c;
          parent[at] = j;
        }
      }
    }
  }
  let bestJ = -1;
  let best = Infinity;
  for (let j = 0; j < n; j++) {
    const c = dp[full * n + j]! + cost[j + 1]![n + 1]!;
    if (c < best) [best, bestJ] = [c, j];
  }
  const order: number[] = [];
  let mask = full;
  for (let j = bestJ; j >= 0;) {
    order.push(j);
    const p = parent[mask * n + j]!;
    mask &= ~(1 << j);
    j = p;
  }
  return order.reverse();
}

/**
 * Every order (pins kept), scored by `score`; the least wins, the first of
 * equals. For windows, whose lateness is not additive; n! orders, so small n only.
 */
export function enumerateOrders(
  n: number,
  pinAt: Int32Array,
  score: (order: number[]) => number,
): number[] {
  const pinned = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (pinAt[p]! >= 0) pinned[pinAt[p]!] = 1;
  const order: number[] = [];
  const used = new Uint8Array(n);
  let best: number[] = [];
  let bestScore = Infinity;
  const walk = (pos: number) => {
    if (pos === n) {
      const s = score(order);
      if (s < bestScore) [bestScore, best] = [s, order.slice()];
      return;
    }
    for (let k = 0; k < n; k++) {
      if (used[k] || (pinAt[pos]! >= 0 ? pinAt[pos] !== k : pinned[k])) continue;
      used[k] = 1;
      order.push(k);
      walk(pos + 1);
      order.pop();
      used[k] = 0;
    }
  };
  walk(0);
  return best;
}

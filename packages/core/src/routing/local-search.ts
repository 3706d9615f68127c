/**
 * Iterated local search for days too big to solve exactly: 2-opt, Or-opt
 * (segments of 1-3 stops, either way round) and swaps, tried only towards
 * each stop's nearest neighbours and only around what last changed
 * (don't-look bits); perturbed by a double bridge, or random swaps around
 * pins. The budget is counted in iterations and the randomness is seeded,
 * so the same day gives the same order on any machine.
 *
 * A route is the matrix nodes in visiting order: origin 0 first, the
 * destination n + 1 last, stop k as node k + 1 between. Costs may be
 * asymmetric (road times): a reversed segment is costed the way it is driven.
 */

export interface SearchProblem {
  cost: readonly (readonly number[])[];
  n: number;
  /** Route positions 1..n that may not change (pins). */
  fixed: Uint8Array;
  /** The full score of a route, when it is not just the sum of its legs (time windows). */
  score?: (route: Int32Array) => number;
}

/** How many nearest stops each stop's moves look at. */
const NEIGHBOURS = 10;
const EPS = 1e-9;

/** mulberry32: a small seeded generator, the same numbers everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function legsCost(cost: readonly (readonly number[])[], r: Int32Array): number {
  let c = 0;
  for (let k = 0; k + 1 < r.length; k++) c += cost[r[k]!]![r[k + 1]!]!;
  return c;
}

/** Each node's nearest stops (by the drive both ways), nearest first. */
function nearestStops(p: SearchProblem): Int32Array[] {
  const { cost: C, n } = p;
  const k = Math.min(NEIGHBOURS, n - 1);
  return Array.from({ length: n + 2 }, (_, u) => {
    const others: number[] = [];
    for (let v = 1; v <= n; v++) if (v !== u) others.push(v);
    others.sort((a, b) => C[u]![a]! + C[a]![u]! - (C[u]![b]! + C[b]![u]!) || a - b);
    return Int32Array.from(others.slice(0, Math.max(k, 0)));
  });
}

/** One local search over a route, reused across the iterations of a search. */
class Improver {
  readonly last: number;
  readonly fw: Float64Array;
  readonly bw: Float64Array;
  readonly pins: Int32Array;
  readonly anyPins: boolean;
  readonly pos: Int32Array;
  readonly near: Int32Array[];
  readonly scratch: Int32Array;
  readonly queued: Uint8Array;
  queue: number[] = [];
  r!: Int32Array;
  score = 0;

  constructor(readonly p: SearchProblem) {
    const n = p.n;
    this.last = n + 1;
    this.fw = new Float64Array(n + 2);
    this.bw = new Float64Array(n + 2);
    this.pins = new Int32Array(n + 2);
    for (let k = 1; k <= this.last; k++)
      this.pins[k] = this.pins[k - 1]! + (k <= n && p.fixed[k] ? 1 : 0);
    this.anyPins = this.pins[n]! > 0;
    this.pos = new Int32Array(n + 2);
    this.near = nearestStops(p);
    this.scratch = new Int32Array(n + 2);
    this.queued = new Uint8Array(n + 2);
  }

  private pinnedIn(a: number, b: number) {
    return a <= b && this.pins[b]! - this.pins[a - 1]! > 0;
  }

  private prefix() {
    const { r, fw, bw, pos } = this;
    const C = this.p.cost;
    pos[r[0]!] = 0;
    for (let k = 1; k <= this.last; k++) {
      fw[k] = fw[k - 1]! + C[r[k - 1]!]![r[k]!]!;
      bw[k] = bw[k - 1]! + C[r[k]!]![r[k - 1]!]!;
      pos[r[k]!] = k;
    }
  }

  private wake(...positions: number[]) {
    for (const k of positions) {
      if (k < 0 || k > this.last) continue;
      const node = this.r[k]!;
      if (!this.queued[node]) {
        this.queued[node] = 1;
        this.queue.push(node);
      }
    }
  }

  /** Takes the candidate built by `build` when it is better: by `delta`, or by its full score. */
  private take(delta: number, build: (out: Int32Array) => void, touched: number[]): boolean {
    const { scratch, p } = this;
    if (!p.score) {
      if (!(delta < -EPS)) return false;
      build(scratch);
      this.score += delta;
    } else {
      build(scratch);
      const s = p.score(scratch);
      if (!(s < this.score - EPS)) return false;
      this.score = s;
    }
    this.r.set(scratch);
    this.prefix();
    this.wake(...touched);
    return true;
  }

  /** Reverse r[i..j]. */
  private twoOpt(i: number, j: number): boolean {
    if (i < 1 || j > this.p.n || i >= j || this.pinnedIn(i, j)) return false;
    const { r, fw, bw } = this;
    const C = this.p.cost;
    const a = r[i - 1]!;
    const b = r[j + 1]!;
    const delta =
      C[a]![r[j]!]! +
      (bw[j]! - bw[i]!) +
      C[r[i]!]![b]! -
      C[a]![r[i]!]! -
      (fw[j]! - fw[i]!) -
      C[r[j]!]![b]!;
    return this.take(
      delta,
      (out) => {
        out.set(r);
        for (let x = i, y = j; x < y; x++, y--) [out[x], out[y]] = [r[y]!, r[x]!];
      },
      [i - 1, i, j, j + 1],
    );
  }

  /** Move r[i..i+len-1] between r[at] and r[at+1], reversed or not. */
  private orOpt(i: number, len: number, at: number, rev: boolean): boolean {
    const e = i + len - 1;
    const n = this.p.n;
    if (i < 1 || e > n || at < 0 || at > n || (at >= i - 1 && at <= e)) return false;
    if (this.pinnedIn(i, e) || (at < i ? this.pinnedIn(at + 1, i - 1) : this.pinnedIn(e + 1, at)))
      return false;
    const { r, fw, bw } = this;
    const C = this.p.cost;
    const [a, s1, s2, b, u, v] = [r[i - 1]!, r[i]!, r[e]!, r[e + 1]!, r[at]!, r[at + 1]!];
    const inside = fw[e]! - fw[i]!;
    const removed = C[a]![s1]! + inside + C[s2]![b]! - C[a]![b]!;
    const added = rev
      ? C[u]![s2]! + (bw[e]! - bw[i]!) + C[s1]![v]! - C[u]![v]!
      : C[u]![s1]! + inside + C[s2]![v]! - C[u]![v]!;
    return this.take(
      added - removed,
      (out) => {
        let w = 0;
        for (let k = 0; k <= this.last; k++) {
          if (k >= i && k <= e) continue;
          out[w++] = r[k]!;
          if (k === at) for (let t = 0; t < len; t++) out[w++] = r[rev ? e - t : i + t]!;
        }
      },
      [i - 1, e + 1, at, at + 1, at < i ? at + len + 1 : at - len + 1, at < i ? at + 1 : at - len],
    );
  }

  /** Exchange r[i] and r[j]: it reaches across pins, which the moves above may not cross. */
  private swap(i: number, j: number): boolean {
    if (i > j) [i, j] = [j, i];
    const n = this.p.n;
    if (i < 1 || j > n || i === j || this.p.fixed[i] || this.p.fixed[j]) return false;
    const { r } = this;
    const C = this.p.cost;
    const [x, y] = [r[i]!, r[j]!];
    const delta =
      j === i + 1
        ? C[r[i - 1]!]![y]! +
          C[y]![x]! +
          C[x]![r[j + 1]!]! -
          C[r[i - 1]!]![x]! -
          C[x]![y]! -
          C[y]![r[j + 1]!]!
        : C[r[i - 1]!]![y]! +
          C[y]![r[i + 1]!]! +
          C[r[j - 1]!]![x]! +
          C[x]![r[j + 1]!]! -
          C[r[i - 1]!]![x]! -
          C[x]![r[i + 1]!]! -
          C[r[j - 1]!]![y]! -
          C[y]![r[j + 1]!]!;
    return this.take(
      delta,
      (out) => {
        out.set(r);
        [out[i], out[j]] = [y, x];
      },
      [i - 1, i, i + 1, j - 1, j, j + 1],
    );
  }

  /** The moves that give node `a` a nearer neighbour; true when one was taken. */
  private tryNode(a: number): boolean {
    const pa = this.pos[a]!;
    for (const c of this.near[a]!) {
      const pc = this.pos[c]!;
      // 2-opt: a new edge a -> c or c -> a, as the first or the second edge of the reversal.
      if (
        pa < pc
          ? this.twoOpt(pa + 1, pc) || this.twoOpt(pa, pc - 1)
          : this.twoOpt(pc + 1, pa) || this.twoOpt(pc, pa - 1)
      )
        return true;
      // Or-opt: a segment that starts or ends at a, put beside c, either way round.
      for (let len = 1; len <= 3; len++) {
        for (const i of len === 1 ? [pa] : [pa, pa - len + 1]) {
          for (const at of [pc, pc - 1]) {
            if (this.orOpt(i, len, at, false) || (len > 1 && this.orOpt(i, len, at, true)))
              return true;
          }
        }
      }
      if (this.anyPins && (this.swap(pa, pc) || this.swap(pa, pc - 1) || this.swap(pa, pc + 1)))
        return true;
    }
    return false;
  }

  /** Local search to a local optimum, in place, waking only `from` (all stops when absent). */
  run(r: Int32Array, score: number | null, from?: number[]): number {
    this.r = r;
    this.score = score ?? (this.p.score ? this.p.score(r) : legsCost(this.p.cost, r));
    this.prefix();
    this.queue = [];
    this.queued.fill(0);
    if (from) this.wake(...from);
    else for (let k = 0; k <= this.last; k++) this.wake(k);
    while (this.queue.length > 0) {
      const a = this.queue.pop()!;
      this.queued[a] = 0;
      if (this.tryNode(a)) this.wake(this.pos[a]!);
    }
    return this.score;
  }
}

/** A random jump out of a local optimum (a double bridge, or swaps of free stops around pins); the positions it changed. */
function perturb(
  p: SearchProblem,
  r: Int32Array,
  rand: () => number,
  out: Int32Array,
  free: number[],
): number[] {
  const n = p.n;
  out.set(r);
  if (free.length < 2) return [];
  if (free.length === n && n >= 8) {
    const [a, b, c] = [0, 0, 0].map(() => 1 + Math.floor(rand() * n)).sort((x, y) => x - y) as [
      number,
      number,
      number,
    ];
    if (a < b && b < c) {
      let w = a;
      for (let k = b; k < c; k++) out[w++] = r[k]!;
      for (let k = a; k < b; k++) out[w++] = r[k]!;
      return [a - 1, a, a + c - b - 1, a + c - b, c - 1, c];
    }
  }
  const touched: number[] = [];
  for (let t = 0; t < 3; t++) {
    const i = free[Math.floor(rand() * free.length)]!;
    const j = free[Math.floor(rand() * free.length)]!;
    [out[i], out[j]] = [out[j]!, out[i]!];
    touched.push(i - 1, i, i + 1, j - 1, j, j + 1);
  }
  return touched;
}

/** Local search to a local optimum, in place; answers the route's score. */
export function improve(p: SearchProblem, r: Int32Array): number {
  return new Improver(p).run(r, null);
}

/** Iterated local search from `start`; the best route found and its score. */
export function iteratedLocalSearch(
  p: SearchProblem,
  start: Int32Array,
  iterations: number,
  seed: number,
): { route: Int32Array; score: number } {
  const rand = seededRandom(seed);
  const improver = new Improver(p);
  const cur = start.slice();
  let curScore = improver.run(cur, null);
  const cand = new Int32Array(cur.length);
  const free: number[] = [];
  for (let k = 1; k <= p.n; k++) if (!p.fixed[k]) free.push(k);
  for (let it = 0; it < iterations; it++) {
    const touched = perturb(p, cur, rand, cand, free);
    const s = improver.run(cand, null, touched);
    if (s <= curScore + EPS) {
      cur.set(cand);
      curScore = s;
    }
  }
  return { route: cur, score: curScore };
}

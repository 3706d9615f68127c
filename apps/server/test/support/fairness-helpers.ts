import { expect } from 'vitest';

/**
 * B4 and B5: company A misbehaves over HTTP with `A_WORKERS` requests at a
 * time, while B makes `B_CALLS` simple calls one after the other. Measured:
 * B's latency (p50, p99 over its calls) and A's requests finished while one
 * of B's calls ran. The bound is counted in A's work, not time: B waits at most for the
 * requests of A already under way when it came (each A worker one, twice
 * over for a request that began just before). The milliseconds are written
 * down (docs/performance.md) and held to a loose ceiling only.
 */
export const A_WORKERS = 3;
export const B_CALLS = 40;
export const B_P99_CEILING_MS = 3_000;

export async function whileABusy(
  aRequest: () => Promise<{ status: number }>,
  bCall: () => Promise<{ status: number }>,
  /** A's work counted instead of its requests (B1: A's automation runs finished). */
  aWork?: () => number,
) {
  const timed = async () => {
    const t0 = performance.now();
    expect((await bCall()).status).toBe(200);
    return performance.now() - t0;
  };
  const alone: number[] = [];
  for (let i = 0; i < B_CALLS; i++) alone.push(await timed());
  let stop = false;
  let aDone = 0;
  const aMs: number[] = [];
  const aStatuses = new Set<number>();
  const workers = Array.from({ length: A_WORKERS }, async () => {
    while (!stop) {
      const t = performance.now();
      aStatuses.add((await aRequest()).status);
      aMs.push(performance.now() - t);
      aDone++;
    }
  });
  // A is under way before B starts.
  while (aDone < A_WORKERS) await new Promise((r) => setImmediate(r));
  const ms: number[] = [];
  const aDuring: number[] = [];
  const aRequestsDuring: number[] = [];
  for (let i = 0; i < B_CALLS; i++) {
    const before = aDone;
    const workBefore = aWork?.() ?? 0;
    ms.push(await timed());
    aDuring.push(aWork ? aWork() - workBefore : aDone - before);
    aRequestsDuring.push(aDone - before);
  }
  stop = true;
  await Promise.all(workers);
  const at = (xs: number[], q: number) =>
    [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;
  const result = {
    aloneP50: at(alone, 0.5),
    aloneP99: at(alone, 0.99),
    p50: at(ms, 0.5),
    p99: at(ms, 0.99),
    maxADuring: Math.max(...aDuring),
    p50ADuring: at(aDuring, 0.5),
    maxARequestsDuring: Math.max(...aRequestsDuring),
    aDone,
    aP50: at(aMs, 0.5),
    bTotal: ms.reduce((x, y) => x + y, 0),
  };
  console.log(`fairness: ${JSON.stringify({ ...result, aStatuses: [...aStatuses] })}`);
  return { ...result, aStatuses };
}

import { Worker } from 'node:worker_threads';
import {
  EXACT_WINDOW_MAX_STOPS,
  optimiseRoute,
  type RouteProblem,
  type RouteSolution,
} from '@fieldbook/core';

/** Days this small are solved in the request (tens of milliseconds at most). */
export const INLINE_MAX_STOPS = 25;
/** With time windows every move is scored whole: only days solved exactly stay inline. */
export const INLINE_MAX_WINDOWED_STOPS = EXACT_WINDOW_MAX_STOPS;
/** Big days waiting for the thread before the next one is turned away. */
export const MAX_WAITING = 4;

/** Why no solution: too many big days at once, or the thread failed. */
export class OptimiserBusy extends Error {}

interface Pending {
  resolve: (s: RouteSolution) => void;
  reject: (e: Error) => void;
}

/**
 * The route optimiser for a server process: small days inline, big ones
 * (up to about 2 s of one core) on one worker thread so other requests keep
 * flowing; at most MAX_WAITING big days queue behind it. The thread starts on
 * first use and is restarted after a crash.
 */
export function createOptimiser(opts: { inlineMaxStops?: number } = {}) {
  const inlineMax = opts.inlineMaxStops ?? INLINE_MAX_STOPS;
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  const start = () => {
    const w = new Worker(new URL('./optimiser-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (m: { id: number; solution?: RouteSolution; error?: string }) => {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (!p) return;
      if (m.solution) p.resolve(m.solution);
      else p.reject(new Error(m.error ?? 'the optimiser failed'));
    });
    w.on('error', (e) => failAll(e));
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('the optimiser stopped'));
    });
    return w;
  };

  return {
    /** The best order of a day; rejects with OptimiserBusy when too many big days wait. */
    async optimise(problem: RouteProblem): Promise<RouteSolution> {
      const stops = problem.duration.length - 2;
      const windowed = problem.windows?.some(Boolean) ?? false;
      if (stops <= Math.min(inlineMax, windowed ? INLINE_MAX_WINDOWED_STOPS : inlineMax))
        return optimiseRoute(problem);
      if (pending.size > MAX_WAITING)
        throw new OptimiserBusy('Too many routes are being calculated; try again in a moment');
      worker ??= start();
      const id = nextId++;
      return new Promise<RouteSolution>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, problem });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}

export type Optimiser = ReturnType<typeof createOptimiser>;

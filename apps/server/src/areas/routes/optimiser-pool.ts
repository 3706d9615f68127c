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
/** Big days waiting for the thread (all companies) before the next one is turned away. */
export const MAX_WAITING = 8;
/** Big days one company may have solved or waiting at once (DECISIONS §15). */
export const MAX_PER_COMPANY = 3;
/** Big days one user may have solved or waiting at once. */
export const MAX_PER_USER = 2;

/** Why no solution: too many big days at once, or the thread failed. */
export class OptimiserBusy extends Error {}

/** Whose day it is: caps and turns are per company and per user. */
export interface Asker {
  companyId: string;
  userId: string;
}

interface Pending {
  id: number;
  who: Asker;
  problem: RouteProblem;
  resolve: (s: RouteSolution) => void;
  reject: (e: Error) => void;
}

const BUSY = 'Too many routes are being calculated; try again in a moment';

/**
 * The route optimiser for a server process: small days inline, big ones
 * (up to about 2 s of one core) on one worker thread so other requests keep
 * flowing. The thread solves one day at a time; waiting days are taken in
 * turn across companies (the company served longest ago first), a company may have MAX_PER_COMPANY
 * and a user MAX_PER_USER big days at once, and at most MAX_WAITING wait in
 * all: beyond any of those the day is turned away at once. The thread starts
 * on first use and is restarted after a crash.
 */
export function createOptimiser(opts: { inlineMaxStops?: number } = {}) {
  const inlineMax = opts.inlineMaxStops ?? INLINE_MAX_STOPS;
  let worker: Worker | null = null;
  let nextId = 0;
  /** The day on the thread now. */
  let current: Pending | null = null;
  /** Waiting days per company, and the companies in the order they are served. */
  const queues = new Map<string, Pending[]>();
  const turn: string[] = [];
  const count = (pick: (p: Pending) => boolean) =>
    (current && pick(current) ? 1 : 0) +
    [...queues.values()].reduce((n, q) => n + q.filter(pick).length, 0);

  const failCurrent = (e: Error) => {
    const p = current;
    current = null;
    p?.reject(e);
  };
  /** When each company last had a day put on the thread (round-robin: longest ago first). */
  const served = new Map<string, number>();
  let serving = 0;
  /** The first waiting day of the company served longest ago onto the thread. */
  function pump() {
    if (current || turn.length === 0) return;
    let k = 0;
    for (let i = 1; i < turn.length; i++)
      if ((served.get(turn[i]!) ?? -1) < (served.get(turn[k]!) ?? -1)) k = i;
    const companyId = turn.splice(k, 1)[0]!;
    const queue = queues.get(companyId)!;
    current = queue.shift()!;
    served.set(companyId, serving++);
    if (queue.length > 0) turn.push(companyId);
    else {
      queues.delete(companyId);
      // Forget companies with nothing waiting, so the map stays small.
      if (served.size > 1000) served.clear();
    }
    worker ??= start();
    worker.postMessage({ id: current.id, problem: current.problem });
  }
  const start = () => {
    const w = new Worker(new URL('./optimiser-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (m: { id: number; solution?: RouteSolution; error?: string }) => {
      const p = current;
      if (!p || p.id !== m.id) return;
      current = null;
      if (m.solution) p.resolve(m.solution);
      else p.reject(new Error(m.error ?? 'the optimiser failed'));
      pump();
    });
    w.on('error', (e) => failCurrent(e));
    w.on('exit', () => {
      if (worker === w) worker = null;
      failCurrent(new Error('the optimiser stopped'));
      // The days still waiting go to a fresh thread.
      pump();
    });
    return w;
  };

  return {
    /** The best order of a day; rejects with OptimiserBusy when too many big days wait. */
    async optimise(problem: RouteProblem, who?: Asker): Promise<RouteSolution> {
      const stops = problem.duration.length - 2;
      const windowed = problem.windows?.some(Boolean) ?? false;
      if (stops <= Math.min(inlineMax, windowed ? INLINE_MAX_WINDOWED_STOPS : inlineMax))
        return optimiseRoute(problem);
      const asker = who ?? { companyId: '', userId: '' };
      if (
        count(() => true) > MAX_WAITING ||
        count((p) => p.who.companyId === asker.companyId) >= MAX_PER_COMPANY ||
        (asker.userId && count((p) => p.who.userId === asker.userId) >= MAX_PER_USER)
      )
        throw new OptimiserBusy(BUSY);
      return new Promise<RouteSolution>((resolve, reject) => {
        const p: Pending = { id: nextId++, who: asker, problem, resolve, reject };
        const queue = queues.get(asker.companyId);
        if (queue) queue.push(p);
        else {
          queues.set(asker.companyId, [p]);
          turn.push(asker.companyId);
        }
        pump();
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

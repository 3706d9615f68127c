// The route optimiser's thread: big days are solved here, off the event loop.
import { parentPort } from 'node:worker_threads';
import { optimiseRoute, type RouteProblem } from '@fieldbook/core';

parentPort!.on('message', (m: { id: number; problem: RouteProblem }) => {
  try {
    parentPort!.postMessage({ id: m.id, solution: optimiseRoute(m.problem) });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).message });
  }
});

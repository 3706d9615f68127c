import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateMatrix, optimiseRoute, seededRandom, type TLatLng } from '@fieldbook/core';
import { MAX_WAITING, createOptimiser } from '../../src/areas/routes/optimiser-pool.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

const spots = (n: number, seed: number): TLatLng[] => {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, () => ({
    lat: -34.05 + rand() * 0.2,
    lng: 18.4 + rand() * 0.3,
  }));
};
const BASE = { lat: -33.95, lng: 18.55 };

describe('the optimiser thread', () => {
  const optimiser = createOptimiser({ inlineMaxStops: 5 });
  afterAll(() => optimiser.close());

  it('answers on the thread what it answers inline', async () => {
    const problem = estimateMatrix([BASE, ...spots(40, 1), BASE]);
    const threaded = await optimiser.optimise(problem);
    expect(threaded).toEqual(optimiseRoute(problem));
    expect(threaded.exact).toBe(false);
  });

  it('keeps the event loop free while a big day is solved, and turns away a crowd', async () => {
    // 60 stops with windows (about half a second each): nine of them are solved.
    const problem = {
      ...estimateMatrix([BASE, ...spots(60, 2), BASE]),
      windows: Array.from({ length: 60 }, (_, k) =>
        k % 3 ? null : { from: 8 * 60 + (k % 8) * 60, to: 10 * 60 + (k % 8) * 60 },
      ),
    };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const t0 = performance.now();
    // Each from its own company: the crowd is turned away by the total bound.
    const answers = await Promise.allSettled(
      Array.from({ length: MAX_WAITING + 3 }, (_, k) =>
        optimiser.optimise(problem, { companyId: `c${k}`, userId: `u${k}` }),
      ),
    );
    const took = performance.now() - t0;
    clearInterval(timer);
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(refused.length).toBe(2);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/try again/);
    expect(answers.filter((a) => a.status === 'fulfilled').length).toBe(MAX_WAITING + 1);
    // The timer kept firing through the whole run: at least half of its 10 ms slots.
    expect(ticks).toBeGreaterThan(took / 10 / 2);
  }, 60_000);
});

describe('calculateRoute with a big day', () => {
  let h: Harness;
  let cid: string;
  let owner: TestUser;
  beforeAll(async () => {
    h = await startHarness();
    const c = await buildCompany(h);
    [cid, owner] = [c.id, c.owner];
  });
  afterAll(() => h.close());

  it('solves 60 stops on the thread and answers the Google shape', async () => {
    const markers = spots(60, 3);
    const r = await owner.api.post(`/api/companies/${cid}/appointments/calculateRoute`, {
      origin: BASE,
      dest: BASE,
      markers,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('OK');
    const route = r.body.routes[0];
    expect([...route.waypoint_order].sort((a: number, b: number) => a - b)).toEqual(
      markers.map((_, k) => k),
    );
    expect(route.legs).toHaveLength(61);
    expect(route.after.duration).toBeLessThan(route.before.duration);
    expect(route.exact).toBe(false);
  });
});

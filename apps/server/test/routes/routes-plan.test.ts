import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymous,
  buildCompany,
  buildMember,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, jobsUrl } from '../support/jobs-helpers.js';

let h: Harness;
let cid: string;
let other: string;
let owner: TestUser;
beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  [cid, owner] = [c.id, c.owner];
  other = (await buildCompany(h)).id;
});
afterAll(() => h.close());

const routeUrl = (c: string) => `/api/companies/${c}/appointments/calculateRoute`;
const planUrl = (c: string) => `/api/companies/${c}/appointments/plan`;
const baseUrl = (c: string) => `/api/companies/${c}/routeBase`;
const BASE = { lat: -33.9, lng: 18.63 };
const spot = (k: number) => ({ lat: -33.9 - (k % 4) * 0.03, lng: 18.4 + k * 0.021 });

describe('calculateRoute', () => {
  it('answers the Google shape: the best order, markers + 1 legs, before and after', async () => {
    const markers = [5, 1, 4, 0, 3, 2].map(spot);
    const r = await owner.api.post(routeUrl(cid), { origin: BASE, dest: BASE, markers });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('OK');
    const route = r.body.routes[0];
    expect([...route.waypoint_order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(route.legs).toHaveLength(7);
    expect(route.legs[0].start_location).toEqual(BASE);
    expect(route.legs[6].end_location).toEqual(BASE);
    expect(route.legs[0].end_location).toEqual(markers[route.waypoint_order[0]]);
    const sum = route.legs.reduce((a: number, l: Loose) => a + l.duration.value, 0);
    expect(route.after.duration).toBe(sum);
    expect(route.after.duration).toBeLessThan(route.before.duration);
    expect(route).toMatchObject({ exact: true, source: 'estimate', missed_windows: [] });
    expect(route.legs[1].distance.text).toMatch(/^\d+(\.\d)? k?m$/);
  });

  it('keeps pinned markers, reports missed windows, and gives one leg without markers', async () => {
    const markers = [0, 1, 2, 3, 4].map(spot);
    const pinned = await owner.api.post(routeUrl(cid), {
      origin: BASE,
      dest: BASE,
      markers,
      pinned: [0],
    });
    expect(pinned.body.routes[0].waypoint_order[0]).toBe(0);
    const late = await owner.api.post(routeUrl(cid), {
      origin: BASE,
      dest: BASE,
      markers: markers.slice(0, 2),
      windows: [
        { from: 480, to: 480 },
        { from: 480, to: 480 },
      ],
    });
    expect(late.body.routes[0].missed_windows).toHaveLength(1);
    const none = await owner.api.post(routeUrl(cid), { origin: BASE, dest: spot(1), markers: [] });
    expect(none.body.routes[0].legs).toHaveLength(1);
  });

  it('refuses malformed bodies naming the field, and checks who asks', async () => {
    const bad = async (body: unknown, field: string) => {
      const r = await owner.api.post(routeUrl(cid), body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(field);
    };
    await bad({ origin: BASE, dest: BASE, markers: [{ lat: 91, lng: 0 }] }, 'markers.0.lat');
    await bad({ origin: BASE, dest: BASE, markers: [spot(1)], pinned: [3] }, 'pinned.0');
    await bad({ origin: BASE, dest: BASE, markers: [spot(1)], windows: [] }, 'windows');
    await bad(
      { origin: BASE, dest: BASE, markers: Array.from({ length: 201 }, (_, k) => spot(k)) },
      'markers',
    );
    const body = { origin: BASE, dest: BASE, markers: [spot(1)] };
    expect((await anonymous(h).post(routeUrl(cid), body)).status).toBe(401);
    expect((await owner.api.post(routeUrl(other), body)).status).toBe(404);
    const m = await buildMember(h, cid, { clients: { r: true } });
    expect((await m.api.post(routeUrl(cid), body)).status).toBe(403);
  });
});

describe('calculateRoute with an OSRM server', () => {
  it('uses its table, says ZERO_RESULTS for an unreachable stop and UNKNOWN_ERROR when it fails', async () => {
    let mode: 'ok' | 'null' | 'bad' = 'ok';
    const osrm = http.createServer((req, res) => {
      const coords = decodeURIComponent(
        req.url!.split('/table/v1/driving/')[1]!.split('?')[0]!,
      ).split(';');
      const n = coords.length;
      const m = (f: number) =>
        Array.from({ length: n }, (_, i) =>
          Array.from({ length: n }, (_, j) => (i === j ? 0 : f * (i + j))),
        );
      if (mode === 'bad') return res.writeHead(500).end('{"code":"InvalidQuery"}');
      const durations = m(60);
      if (mode === 'null') durations[1]![2] = null as unknown as number;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'Ok', durations, distances: m(1000) }));
    });
    await new Promise<void>((r) => osrm.listen(0, '127.0.0.1', r));
    const port = (osrm.address() as AddressInfo).port;
    const h2 = await startHarness({ OSRM_URL: `http://127.0.0.1:${port}/` });
    try {
      const c = await buildCompany(h2);
      const body = { origin: BASE, dest: BASE, markers: [spot(1), spot(2)] };
      const ok = await c.owner.api.post(routeUrl(c.id), body);
      expect(ok.body.status).toBe('OK');
      expect(ok.body.routes[0].source).toBe('osrm');
      // Node i to node j costs 60 * (i + j) seconds: legs 0->a->b->3.
      expect(ok.body.routes[0].after.duration).toBe(60 * (1 + 3 + 5));
      mode = 'null';
      expect((await c.owner.api.post(routeUrl(c.id), body)).body).toMatchObject({
        status: 'ZERO_RESULTS',
        routes: [],
      });
      mode = 'bad';
      expect((await c.owner.api.post(routeUrl(c.id), body)).body).toMatchObject({
        status: 'UNKNOWN_ERROR',
        routes: [],
      });
    } finally {
      await h2.close();
      osrm.close();
    }
  });
});

describe('plan (the route fields and times of a day)', () => {
  const day = (hh: number) => `2026-12-01T${String(hh).padStart(2, '0')}:00:00.000Z`;
  async function twoJobs() {
    const a = await buildJob(owner.api, cid, {
      startDate: day(9),
      endDate: day(10),
      isAllDayEvent: false,
    });
    const b = await buildJob(owner.api, cid, {
      startDate: day(11),
      endDate: day(12),
      isAllDayEvent: false,
    });
    return [a, b] as const;
  }
  const stop = (j: Loose, hh: number, order: number, deps: string[] = []) => ({
    _id: j._id,
    updatedAt: j.updatedAt,
    startDate: day(hh),
    endDate: day(hh + 1),
    depart: day(hh - 1),
    distance: 12.5,
    duration: 60,
    displayOrder: order,
    progress: order === 1 ? 40 : 100,
    dependencies: deps,
  });
  const read = async (id: string) => (await owner.api.get(`${jobsUrl(cid)}/activeJobs/${id}`)).body;

  it('writes every stop, and Undo (the old values with the new updatedAt) brings them back', async () => {
    const [a, b] = await twoJobs();
    const r = await owner.api.post(planUrl(cid), {
      stops: [stop(b, 6, 1), stop(a, 8, 2, [b._id])],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const nb = await read(b._id);
    expect(nb).toMatchObject({
      startDate: day(6),
      depart: day(5),
      distance: 12.5,
      duration: 60,
      displayOrder: 1,
      progress: 40,
    });
    expect((await read(a._id)).dependencies).toEqual([b._id]);
    const fresh = Object.fromEntries(r.body.jobs.map((j: Loose) => [j._id, j.updatedAt]));
    const undo = [a, b].map((j) => ({
      _id: j._id,
      updatedAt: fresh[j._id],
      startDate: j.startDate,
      endDate: j.endDate,
      depart: null,
      distance: null,
      duration: null,
      displayOrder: null,
      progress: null,
      dependencies: [],
    }));
    expect((await owner.api.post(planUrl(cid), { stops: undo })).status).toBe(200);
    const back = await read(a._id);
    expect(back).toMatchObject({
      startDate: a.startDate,
      endDate: a.endDate,
      depart: null,
      displayOrder: null,
      dependencies: [],
    });
  });

  it("writes nothing when one job is stale (409) or not the company's (404)", async () => {
    const [a, b] = await twoJobs();
    const stale = await owner.api.post(planUrl(cid), {
      stops: [stop(a, 6, 1), { ...stop(b, 8, 2), updatedAt: '2000-01-01T00:00:00.000Z' }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('This job was changed by someone else; reload it');
    expect((await read(a._id)).startDate).toBe(a.startDate);
    const foreign = await buildJob((await buildCompany(h)).owner.api, other, {}).catch(() => null);
    const missing = await owner.api.post(planUrl(cid), {
      stops: [
        stop(a, 6, 1),
        { ...stop(b, 8, 2), _id: foreign?._id ?? '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(missing.status).toBe(404);
    expect((await read(a._id)).startDate).toBe(a.startDate);
  });

  it('refuses bad plans naming the field, and checks who asks', async () => {
    const [a, b] = await twoJobs();
    const bad = async (stops: unknown[], field: string) => {
      const r = await owner.api.post(planUrl(cid), { stops });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(field);
    };
    await bad([stop(a, 6, 1), stop(a, 8, 2)], 'stops.1._id');
    await bad([stop(a, 6, 1, [b._id])], 'stops.0.dependencies');
    await bad([{ ...stop(a, 6, 1), endDate: day(5) }], 'stops.0.endDate');
    await bad([{ ...stop(a, 6, 1), displayOrder: 0 }], 'stops.0.displayOrder');
    await bad([], 'stops');
    const body = { stops: [stop(a, 6, 1)] };
    expect((await anonymous(h).post(planUrl(cid), body)).status).toBe(401);
    expect((await owner.api.post(planUrl(other), body)).status).toBe(404);
    const reader = await buildMember(h, cid, { appointments: { r: true } });
    expect((await reader.api.post(planUrl(cid), body)).status).toBe(403);
  });
});

describe('routeBase', () => {
  it('is null until set, keeps what is saved, and checks who asks', async () => {
    expect((await owner.api.get(baseUrl(cid))).body).toEqual({ basePosition: null });
    expect((await owner.api.post(baseUrl(cid), { basePosition: BASE })).status).toBe(200);
    expect((await owner.api.get(baseUrl(cid))).body).toEqual({ basePosition: BASE });
    const bad = await owner.api.post(baseUrl(cid), { basePosition: { lat: 100, lng: 0 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('basePosition.lat');
    expect((await anonymous(h).get(baseUrl(cid))).status).toBe(401);
    expect((await owner.api.get(baseUrl(other))).status).toBe(404);
    const reader = await buildMember(h, cid, { appointments: { r: true } });
    expect((await reader.api.get(baseUrl(cid))).status).toBe(200);
    expect((await reader.api.post(baseUrl(cid), { basePosition: null })).status).toBe(403);
  });
});

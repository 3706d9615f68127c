import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_BOOK_LIST_LIMIT } from '@fieldbook/core';
import { logBookTrips } from '../../src/db/schema/index.js';
import { buildCompany, buildMember, type Loose } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { car, carsUrl, createCar, createTrip, logUrl, trip } from '../support/vehicles-helpers.js';

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
});
afterAll(() => h.close());

const api = () => co.owner.api;
const newCar = (over: Record<string, unknown> = {}) => createCar(api(), co.id, over);

describe('overlapping trips', () => {
  it('refuses a trip saved twice, also at once, and one overlapping another', async () => {
    const c = await newCar({ openingOdometer: 10_000 });
    const body = trip(c._id, co.owner.id, { openingOdometer: 10_000, closingOdometer: 10_500 });
    // A double click: both posts at once, the car's lock makes one wait and fail.
    const both = await Promise.all([
      api().post(logUrl(co.id), body),
      api().post(logUrl(co.id), body),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = both.find((r) => r.status === 400)!;
    expect(refused.body.fields.openingOdometer).toBe(
      'overlaps another trip of this car (10000–10500 on 2026-03-10)',
    );
    const first = both.find((r) => r.status === 200)!.body as Loose;

    const inside = await api().post(
      logUrl(co.id),
      trip(c._id, co.owner.id, { openingOdometer: 10_100, closingOdometer: 10_200 }),
    );
    expect(inside.status).toBe(400);
    expect(inside.body.fields.openingOdometer).toMatch(/^overlaps another trip of this car/);

    // Touching is not overlapping; a trip updated in place does not overlap itself.
    const next = await createTrip(
      api(),
      co.id,
      trip(c._id, co.owner.id, { openingOdometer: 10_500, closingOdometer: 10_600 }),
    );
    const same = await api().post(logUrl(co.id), { ...body, _id: first._id, reason: 'Again' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const moved = await api().post(logUrl(co.id), {
      ...trip(c._id, co.owner.id, { openingOdometer: 10_450, closingOdometer: 10_600 }),
      _id: next._id,
    });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.body.fields)).toEqual(['openingOdometer']);

    const sum = await api().get(logUrl(co.id, `/summary?year=2026&carId=${c._id}`));
    expect(sum.body.cars[0]).toMatchObject({
      totalKm: 600,
      businessKm: 600,
      privateKm: 0,
      inconsistent: false,
    });
  });

  it("refuses a trip opening below the car's opening odometer", async () => {
    const c = await newCar({ openingOdometer: 20_000 });
    const r = await api().post(
      logUrl(co.id),
      trip(c._id, co.owner.id, { openingOdometer: 19_990, closingOdometer: 20_010 }),
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.openingOdometer).toBe(
      "must not be below the car's opening odometer (20000)",
    );
  });
});

describe('the tax year’s figures', () => {
  it('counts km between two years’ trips in the later year, as private', async () => {
    const c = await newCar({ openingOdometer: 1_000 });
    await createTrip(
      api(),
      co.id,
      trip(c._id, co.owner.id, {
        date: '2026-02-20',
        openingOdometer: 1_000,
        closingOdometer: 1_100,
      }),
    );
    await createTrip(
      api(),
      co.id,
      trip(c._id, co.owner.id, {
        date: '2026-03-05',
        openingOdometer: 1_200,
        closingOdometer: 1_250,
      }),
    );
    const r = await api().get(logUrl(co.id, `/summary?year=2026&carId=${c._id}`));
    expect(r.body.cars[0]).toMatchObject({
      openingOdometer: 1_100,
      closingOdometer: 1_250,
      totalKm: 150,
      businessKm: 50,
      privateKm: 100,
    });
  });

  it('covers all drivers of a car, whatever driver the query names', async () => {
    const c = await newCar({ openingOdometer: 5_000 });
    const other = await buildMember(h, co.id, null);
    await createTrip(
      api(),
      co.id,
      trip(c._id, co.owner.id, { openingOdometer: 5_000, closingOdometer: 5_100 }),
    );
    await createTrip(
      api(),
      co.id,
      trip(c._id, other.id, { openingOdometer: 5_100, closingOdometer: 5_400 }),
    );
    const all = await api().get(logUrl(co.id, `/summary?year=2026&carId=${c._id}`));
    const one = await api().get(
      logUrl(co.id, `/summary?year=2026&carId=${c._id}&driverId=${co.owner.id}`),
    );
    expect(one.body).toEqual(all.body);
    expect(all.body.cars[0]).toMatchObject({ totalKm: 400, businessKm: 400, privateKm: 0 });
    const csv = await api().get(
      logUrl(co.id, `/export?year=2026&carId=${c._id}&driverId=${other.id}`),
    );
    const rows = (csv.body as Buffer).toString('utf8').trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 2 + 2);
    // The trip list may still be filtered by driver.
    const list = await api().get(logUrl(co.id, `?year=2026&carId=${c._id}&driverId=${other.id}`));
    expect(list.body.map((t: Loose) => t.driverId)).toEqual([other.id]);
  });
});

describe('drivers and cars no longer in use', () => {
  it('refuses a new trip by a disabled member, keeps an old one editable', async () => {
    const c = await newCar({ openingOdometer: 30_000 });
    const gone = await buildMember(h, co.id, null);
    const left = await buildMember(h, co.id, null);
    const t1 = await createTrip(
      api(),
      co.id,
      trip(c._id, gone.id, { openingOdometer: 30_000, closingOdometer: 30_010 }),
    );
    const t2 = await createTrip(
      api(),
      co.id,
      trip(c._id, left.id, { openingOdometer: 30_010, closingOdometer: 30_020 }),
    );
    const d = await api().post(`/api/companies/${co.id}/users/${gone.id}`, { disabled: true });
    expect(d.status).toBe(200);
    const rm = await api().post(`/api/companies/${co.id}/users/${left.id}/delete`);
    expect(rm.status).toBe(200);

    const fresh = await api().post(
      logUrl(co.id),
      trip(c._id, gone.id, { openingOdometer: 30_100, closingOdometer: 30_110 }),
    );
    expect(fresh.status).toBe(400);
    expect(fresh.body.fields.driverId).toBe('is disabled in this company');
    const moved = await api().post(logUrl(co.id), {
      ...trip(c._id, gone.id, { openingOdometer: 30_010, closingOdometer: 30_020 }),
      _id: t2._id,
    });
    expect(moved.status).toBe(400);

    for (const [t, driverId] of [
      [t1, gone.id],
      [t2, left.id],
    ] as const) {
      const r = await api().post(logUrl(co.id), {
        ...trip(c._id, driverId, {
          openingOdometer: t.openingOdometer,
          closingOdometer: t.closingOdometer,
          reason: 'Corrected',
        }),
        _id: t._id,
        updatedAt: t.updatedAt,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.reason).toBe('Corrected');
    }
  });

  it('refuses a new trip on an inactive car, keeps an old one editable', async () => {
    const c = await newCar({ registration: 'OLD 1', openingOdometer: 40_000 });
    const t = await createTrip(
      api(),
      co.id,
      trip(c._id, co.owner.id, { openingOdometer: 40_000, closingOdometer: 40_010 }),
    );
    const off = await api().post(carsUrl(co.id), {
      ...car({ registration: 'OLD 1', openingOdometer: 40_000, active: false }),
      _id: c._id,
    });
    expect(off.status).toBe(200);
    const fresh = await api().post(
      logUrl(co.id),
      trip(c._id, co.owner.id, { openingOdometer: 40_010, closingOdometer: 40_020 }),
    );
    expect(fresh.status).toBe(400);
    expect(fresh.body.fields.carId).toBe('is not in use');
    const edit = await api().post(logUrl(co.id), {
      ...trip(c._id, co.owner.id, { openingOdometer: 40_000, closingOdometer: 40_015 }),
      _id: t._id,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.kilometres).toBe(15);
  });
});

describe('ids in upper case', () => {
  it('name the same car as in lower case', async () => {
    const c = await newCar({ openingOdometer: 50_000 });
    const up = String(c._id).toUpperCase();
    const one = await api().get(carsUrl(co.id, `/${up}`));
    expect(one.status).toBe(200);
    expect(one.body._id).toBe(c._id);
    const t = await createTrip(
      api(),
      co.id,
      trip(up, co.owner.id.toUpperCase(), { openingOdometer: 50_000, closingOdometer: 50_020 }),
    );
    expect(t.carId).toBe(c._id);
    const list = await api().get(logUrl(co.id, `?year=2026&carId=${up}`));
    expect(list.body.map((x: Loose) => x._id)).toEqual([t._id]);
    const sum = await api().get(logUrl(co.id, `/summary?year=2026&carId=${up}`));
    expect(sum.body.cars.map((x: Loose) => x.carId)).toEqual([c._id]);
    const upd = await api().post(carsUrl(co.id), {
      ...car({ registration: c.registration, model: 'Corolla' }),
      _id: up,
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body._id).toBe(c._id);
  });
});

describe('a huge log book', () => {
  it('lists the newest trips only, says so, and still sums and exports the year', async () => {
    const own = await buildCompany(h);
    const c = await createCar(own.owner.api, own.id, { openingOdometer: 0 });
    const n = LOG_BOOK_LIST_LIMIT + 5;
    await h.deps.database.db.insert(logBookTrips).values(
      Array.from({ length: n }, (_, i) => ({
        companyId: own.id,
        carId: c._id,
        driverId: own.owner.id,
        date: '2026-04-01',
        from: 'A',
        to: 'B',
        openingOdometer: i * 10,
        closingOdometer: i * 10 + 10,
        kilometres: 10,
        business: true,
        reason: 'Visit',
        createdBy: own.owner.id,
        id: randomUUID(),
      })),
    );
    const r = await own.owner.api.get(logUrl(own.id, '?year=2026'));
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(LOG_BOOK_LIST_LIMIT);
    expect(r.headers['x-truncated']).toBe('true');
    expect(r.body[0].closingOdometer).toBe(n * 10);
    const sum = await own.owner.api.get(logUrl(own.id, '/summary?year=2026'));
    expect(sum.status).toBe(200);
    expect(sum.body.cars[0]).toMatchObject({ totalKm: n * 10, trips: n });
    const few = await api().get(logUrl(co.id, '?year=2026'));
    expect(few.headers['x-truncated']).toBe('false');
  });
});

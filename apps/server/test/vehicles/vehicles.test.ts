import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights } from '@fieldbook/core';
import { anonymous, buildCompany, buildMember } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { car, carsUrl, createCar, createTrip, logUrl, trip } from '../support/vehicles-helpers.js';

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
});
afterAll(() => h.close());

describe('cars', () => {
  it('creates, lists, reads and updates a car', async () => {
    const c = await createCar(co.owner.api, co.id, { registration: 'nd 123-456', year: null });
    expect(c).toMatchObject({
      registration: 'nd 123-456',
      make: 'Toyota',
      model: 'Hilux',
      openingOdometer: 10_000,
      year: null,
      active: true,
      lastOdometer: 10_000,
    });
    const list = await co.owner.api.get(carsUrl(co.id));
    expect(list.status).toBe(200);
    expect(list.body.map((x: { _id: string }) => x._id)).toContain(c._id);
    const one = await co.owner.api.get(carsUrl(co.id, `/${c._id}`));
    expect(one.body).toEqual(c);

    const up = await co.owner.api.post(carsUrl(co.id), {
      ...car({ registration: 'ND 123-456', make: 'Ford', model: 'Ranger', active: false }),
      _id: c._id,
      updatedAt: c.updatedAt,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ _id: c._id, make: 'Ford', active: false });
    expect(Date.parse(up.body.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
  });

  it('keeps registrations unique per company, ignoring case and spaces', async () => {
    await createCar(co.owner.api, co.id, { registration: 'GP 77 XY' });
    const r = await co.owner.api.post(carsUrl(co.id), car({ registration: 'gp77xy' }));
    expect(r.status).toBe(400);
    expect(r.body.fields.registration).toBe('is already the registration of another car');
    // Another company may have the same car registration.
    await createCar(other.owner.api, other.id, { registration: 'GP 77 XY' });
  });

  it('refuses a stale update with 409 and keeps the newer one', async () => {
    const c = await createCar(co.owner.api, co.id);
    const first = await co.owner.api.post(carsUrl(co.id), {
      ...car({ registration: c.registration, model: 'Corolla' }),
      _id: c._id,
      updatedAt: c.updatedAt,
    });
    expect(first.status).toBe(200);
    const stale = await co.owner.api.post(carsUrl(co.id), {
      ...car({ registration: c.registration, model: 'Quantum' }),
      _id: c._id,
      updatedAt: c.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await co.owner.api.get(carsUrl(co.id, `/${c._id}`))).body.model).toBe('Corolla');
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ registration: '  ' }, 'registration'],
      [{ make: undefined }, 'make'],
      [{ model: '' }, 'model'],
      [{ openingOdometer: -1 }, 'openingOdometer'],
      [{ openingOdometer: 12.5 }, 'openingOdometer'],
      [{ year: 1800 }, 'year'],
      [{ registration: 'A\u0000B' }, 'registration'],
    ];
    for (const [over, field] of cases) {
      const r = await co.owner.api.post(carsUrl(co.id), car(over));
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), field).toContain(field);
    }
  });

  it("answers 404 for another company's car, to read or to update", async () => {
    const theirs = await createCar(other.owner.api, other.id);
    expect((await co.owner.api.get(carsUrl(co.id, `/${theirs._id}`))).status).toBe(404);
    expect((await co.owner.api.get(carsUrl(co.id, `/${randomUUID()}`))).status).toBe(404);
    const r = await co.owner.api.post(carsUrl(co.id), { ...car(), _id: theirs._id });
    expect(r.status).toBe(404);
    expect((await other.owner.api.get(carsUrl(other.id, `/${theirs._id}`))).body.make).toBe(
      'Toyota',
    );
  });
});

describe('rights (the expenses area)', () => {
  it('answers 401 without a token', async () => {
    const nobody = anonymous(h);
    expect((await nobody.get(carsUrl(co.id))).status).toBe(401);
    expect((await nobody.post(carsUrl(co.id), car())).status).toBe(401);
    expect((await nobody.get(logUrl(co.id))).status).toBe(401);
    expect((await nobody.get(logUrl(co.id, '/export'))).status).toBe(401);
  });

  it('answers 403 to a member without the flag, and lets one with it through', async () => {
    const c = await createCar(co.owner.api, co.id);
    const t = await createTrip(co.owner.api, co.id, trip(c._id, co.owner.id));

    const reader = await buildMember(h, co.id, { expenses: { r: true } });
    expect((await reader.api.get(carsUrl(co.id))).status).toBe(200);
    expect((await reader.api.get(logUrl(co.id, '/summary?year=2026'))).status).toBe(200);
    expect((await reader.api.post(carsUrl(co.id), car())).status).toBe(403);
    expect((await reader.api.post(logUrl(co.id), trip(c._id, reader.id))).status).toBe(403);
    expect((await reader.api.post(logUrl(co.id, `/${t._id}/delete`))).status).toBe(403);

    // Creating needs c, updating needs u: which one shows in the body's _id.
    const creator = await buildMember(h, co.id, { expenses: { c: true } });
    await createTrip(
      creator.api,
      co.id,
      trip(c._id, creator.id, { openingOdometer: 10_050, closingOdometer: 10_100 }),
    );
    const upd = await creator.api.post(logUrl(co.id), { ...trip(c._id, creator.id), _id: t._id });
    expect(upd.status).toBe(403);

    const rights = allRights(true);
    rights.expenses.r = false;
    const blind = await buildMember(h, co.id, rights);
    expect((await blind.api.get(carsUrl(co.id))).status).toBe(403);
    expect((await blind.api.get(logUrl(co.id))).status).toBe(403);
    expect((await blind.api.get(logUrl(co.id, `/${t._id}`))).status).toBe(403);
    expect((await blind.api.get(logUrl(co.id, '/export'))).status).toBe(403);

    const deleter = await buildMember(h, co.id, { expenses: { d: true } });
    expect((await deleter.api.post(logUrl(co.id, `/${t._id}/delete`))).status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildMember, buildUser, type Loose } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { carsUrl, createCar, createTrip, logUrl, trip } from '../support/vehicles-helpers.js';

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let carId: string;
let driver: Awaited<ReturnType<typeof buildMember>>;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  carId = (await createCar(co.owner.api, co.id, { registration: 'CA 1', openingOdometer: 10_000 }))
    ._id;
  driver = await buildMember(h, co.id, null);
});
afterAll(() => h.close());

const api = () => co.owner.api;

describe('saving a trip', () => {
  it('creates one with the km worked out by the server, reads, updates and deletes it', async () => {
    const t = await createTrip(api(), co.id, {
      ...trip(carId, driver.id, { reason: ' Quote at client ' }),
      // Never trusted: the server works the km out from the odometer.
      kilometres: 9999,
    });
    expect(t).toMatchObject({
      date: '2026-03-10',
      carId,
      registration: 'CA 1',
      driverId: driver.id,
      driverName: `Test ${driver.username}`,
      from: 'Office, Sandton',
      to: 'Client, Midrand',
      openingOdometer: 10_000,
      closingOdometer: 10_050,
      kilometres: 50,
      business: true,
      reason: 'Quote at client',
      jobId: null,
    });
    expect((await api().get(logUrl(co.id, `/${t._id}`))).body).toEqual(t);

    const up = await api().post(logUrl(co.id), {
      ...trip(carId, driver.id, { closingOdometer: 10_080, business: false, reason: '' }),
      _id: t._id,
      updatedAt: t.updatedAt,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ _id: t._id, kilometres: 80, business: false });

    // Stale: saved with the stamp read before the last save.
    const stale = await api().post(logUrl(co.id), {
      ...trip(carId, driver.id),
      _id: t._id,
      updatedAt: t.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await api().get(logUrl(co.id, `/${t._id}`))).body.kilometres).toBe(80);

    const del = await api().post(logUrl(co.id, `/${t._id}/delete`));
    expect(del.status).toBe(200);
    expect((await api().get(logUrl(co.id, `/${t._id}`))).status).toBe(404);
    expect((await api().post(logUrl(co.id, `/${t._id}/delete`))).status).toBe(404);
  });

  it('links a job of the company', async () => {
    const job = await api().post(`/api/companies/${co.id}/appointments`, {});
    expect(job.status).toBe(200);
    const t = await createTrip(
      api(),
      co.id,
      trip(carId, driver.id, {
        jobId: job.body._id,
        openingOdometer: 10_100,
        closingOdometer: 10_150,
      }),
    );
    expect(t.jobId).toBe(job.body._id);
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ closingOdometer: 9_999 }, 'closingOdometer'],
      [{ business: true, reason: '  ' }, 'reason'],
      [{ business: true, reason: undefined }, 'reason'],
      [{ date: '2026-02-30' }, 'date'],
      [{ from: '' }, 'from'],
      [{ to: undefined }, 'to'],
      [{ openingOdometer: -5 }, 'openingOdometer'],
      [{ closingOdometer: 1.5 }, 'closingOdometer'],
      [{ business: 'yes' }, 'business'],
      [{ carId: undefined }, 'carId'],
    ];
    for (const [over, field] of cases) {
      const r = await api().post(logUrl(co.id), trip(carId, driver.id, over));
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), field).toContain(field);
    }
    // A private trip needs no reason.
    await createTrip(
      api(),
      co.id,
      trip(carId, driver.id, {
        business: false,
        reason: undefined,
        openingOdometer: 10_200,
        closingOdometer: 10_250,
      }),
    );
  });

  it("answers 404 for another company's car, trip, driver or job", async () => {
    const theirCar = await createCar(other.owner.api, other.id);
    const theirTrip = await createTrip(
      other.owner.api,
      other.id,
      trip(theirCar._id, other.owner.id),
    );
    const theirJob = await other.owner.api.post(`/api/companies/${other.id}/appointments`, {});
    const outsider = await buildUser(h);
    const cases: [Record<string, unknown>, string][] = [
      [{ carId: theirCar._id }, 'carId'],
      [{ carId: 'not-a-uuid' }, 'carId'],
      [{ driverId: other.owner.id }, 'driverId'],
      [{ driverId: outsider.id }, 'driverId'],
      [{ jobId: theirJob.body._id }, 'jobId'],
      [{ jobId: randomUUID() }, 'jobId'],
    ];
    for (const [over, field] of cases) {
      const r = await api().post(logUrl(co.id), trip(carId, driver.id, over));
      expect(r.status, field).toBe(404);
      expect(Object.keys(r.body.fields ?? {}), field).toContain(field);
    }
    expect((await api().get(logUrl(co.id, `/${theirTrip._id}`))).status).toBe(404);
    expect((await api().get(logUrl(co.id, '/nope'))).status).toBe(404);
    const upd = await api().post(logUrl(co.id), { ...trip(carId, driver.id), _id: theirTrip._id });
    expect(upd.status).toBe(404);
    expect((await api().post(logUrl(co.id, `/${theirTrip._id}/delete`))).status).toBe(404);
    expect((await other.owner.api.get(logUrl(other.id, `/${theirTrip._id}`))).status).toBe(200);
  });
});

describe('a tax year', () => {
  let cid: string;
  let a: Loose;
  let b: Loose;

  beforeAll(async () => {
    const c = await buildCompany(h);
    cid = c.id;
    const owner = c.owner;
    a = await createCar(owner.api, cid, { registration: 'CA 100', openingOdometer: 1_000 });
    b = await createCar(owner.api, cid, { registration: 'GP 200', openingOdometer: 50_000 });
    const save = (over: Record<string, unknown>) =>
      createTrip(owner.api, cid, trip(a._id, owner.id, over));
    // The tax year before: not in 2026's figures, but its reading is the car's last.
    await save({ date: '2026-02-28', openingOdometer: 1_000, closingOdometer: 1_100 });
    await save({ date: '2026-03-01', openingOdometer: 1_100, closingOdometer: 1_150 });
    await save({
      date: '2026-06-15',
      openingOdometer: 1_150,
      closingOdometer: 1_180,
      business: false,
      reason: '',
      from: '=HYPERLINK("http://x")',
    });
    await save({ date: '2027-02-28', openingOdometer: 1_200, closingOdometer: 1_300 });
    await save({ date: '2027-03-01', openingOdometer: 1_300, closingOdometer: 1_310 });
    a.owner = owner;
  });

  it('lists the year’s trips newest first, by car and by driver', async () => {
    const r = await a.owner.api.get(logUrl(cid, '?year=2026'));
    expect(r.status).toBe(200);
    expect(r.body.map((t: Loose) => t.date)).toEqual(['2027-02-28', '2026-06-15', '2026-03-01']);
    const none = await a.owner.api.get(logUrl(cid, `?year=2026&carId=${b._id}`));
    expect(none.body).toEqual([]);
    const other = await a.owner.api.get(logUrl(cid, `?year=2026&driverId=${randomUUID()}`));
    expect(other.body).toEqual([]);
    const range = await a.owner.api.get(logUrl(cid, '?from=2026-02-01&to=2026-03-31'));
    expect(range.body.map((t: Loose) => t.date)).toEqual(['2026-03-01', '2026-02-28']);
    for (const [q, field] of [
      ['year=26', 'year'],
      ['from=2026-13-01', 'from'],
      ['carId=x', 'carId'],
    ] as const) {
      const bad = await a.owner.api.get(logUrl(cid, `?${q}`));
      expect(bad.status, q).toBe(400);
      expect(Object.keys(bad.body.fields ?? {}), q).toContain(field);
    }
  });

  it('sums each car: opening and closing odometer, total, business and private km', async () => {
    const r = await a.owner.api.get(logUrl(cid, '/summary?year=2026'));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      from: '2026-03-01',
      to: '2027-02-28',
      cars: [
        {
          carId: a._id,
          registration: 'CA 100',
          openingOdometer: 1_100,
          closingOdometer: 1_300,
          totalKm: 200,
          businessKm: 150,
          privateKm: 50,
          businessShare: 75,
          trips: 3,
          inconsistent: false,
        },
        {
          carId: b._id,
          registration: 'GP 200',
          openingOdometer: 50_000,
          closingOdometer: 50_000,
          totalKm: 0,
          businessKm: 0,
          privateKm: 0,
          businessShare: 0,
          trips: 0,
          inconsistent: false,
        },
      ],
    });
    const cars = await a.owner.api.get(carsUrl(cid));
    expect(cars.body.map((c: Loose) => c.lastOdometer)).toEqual([1_310, 50_000]);
  });

  it('exports the year as CSV with total rows, formula cells neutralised', async () => {
    const r = await a.owner.api.get(logUrl(cid, `/export?year=2026&carId=${a._id}`));
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('text/csv');
    expect(String(r.headers['content-disposition'])).toContain(
      'log-book-2026-03-01-2027-02-28.csv',
    );
    const name = `Test ${a.owner.username}`;
    const lines = (r.body as Buffer)
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Date;Vehicle;Driver;From;To;Reason;Opening km;Closing km;Total km;Business km;Private km',
      `2026-03-01;CA 100;${name};Office, Sandton;Client, Midrand;Geyser installation;1100;1150;50;50;0`,
      `2026-06-15;CA 100;${name};"'=HYPERLINK(""http://x"")";Client, Midrand;;1150;1180;30;0;30`,
      `2027-02-28;CA 100;${name};Office, Sandton;Client, Midrand;Geyser installation;1200;1300;100;100;0`,
      'Total;CA 100;;;;Business share 75.00 %;1100;1300;200;150;50',
      'Total;All vehicles;;;;;;;200;150;50',
    ]);
  });
});

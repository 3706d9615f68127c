import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEEP_DAYS } from '@fieldbook/core';
import type { CompanyEvent } from '../../src/platform/events.js';
import {
  appointments,
  files,
  idempotencyKeys,
  invoices,
  jobComments,
  logBookTrips,
  queueJobs,
} from '../../src/db/schema/index.js';
import { buildCompany, buildMember, type Answer, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType } from '../support/jobs-helpers.js';
import { reviewCompany } from '../support/jobs-hidden-fields-fixture.js';
import { createCar, logUrl, trip } from '../support/vehicles-helpers.js';

/**
 * Exactly once (docs/offline.md, DECISIONS §18): a change sent with an
 * Idempotency-Key is applied once per company, user and key; a repeat is
 * answered as the first was, with Idempotent-Replayed, and changes nothing.
 */
let h: Harness;
let cid: string;
let owner: TestUser;
let typeId: string;
let carId: string;
const events: CompanyEvent[] = [];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  h = await startHarness({}, { workers: true });
  ({ id: cid, owner } = await buildCompany(h));
  typeId = (await buildType(owner.api, cid))._id;
  carId = (await createCar(owner.api, cid, { openingOdometer: 0 }))._id;
  h.deps.events.on((e) => events.push(e));
}, 60_000);
afterAll(() => h.close());

const key = () => randomUUID();
const keyed = (k: string) => ({ 'idempotency-key': k });
const post = (u: TestUser, url: string, body: unknown, k: string) =>
  u.api.request('POST', url, body, keyed(k));
const replayed = (r: Answer) => r.headers['idempotent-replayed'];
const db = () => h.deps.database.db;

async function count(
  table: typeof jobComments | typeof logBookTrips,
  where: ReturnType<typeof eq>,
) {
  const [r] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(r!.n);
}
const keysOf = async (companyId: string, k: string) =>
  db()
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, k)));

let odometer = 0;
/** A trip of the car that overlaps no other. */
const nextTrip = () => {
  odometer += 100;
  return trip(carId, owner.id, { openingOdometer: odometer, closingOdometer: odometer + 10 });
};

describe('the same key twice in turn', () => {
  it('adds one comment, answers the same, says the second was replayed and pushes once', async () => {
    const job = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    const k = key();
    const url = `${jobsUrl(cid)}/${job._id}/comments`;
    const seen = events.length;
    const a = await post(owner, url, { text: 'Geyser drained' }, k);
    const b = await post(owner, url, { text: 'Geyser drained' }, k);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(replayed(a)).toBeUndefined();
    expect(replayed(b)).toBe('true');
    expect(await count(jobComments, eq(jobComments.appointmentId, job._id))).toBe(1);
    expect(events.slice(seen).filter((e) => e.name === 'updateActiveJobs')).toHaveLength(1);
  });

  it('makes one job of a create, with one number', async () => {
    const k = key();
    const body = { appointmentTypeId: typeId, faultDescription: `Leak ${k}` };
    const a = await post(owner, jobsUrl(cid), body, k);
    const b = await post(owner, jobsUrl(cid), body, k);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(replayed(b)).toBe('true');
    const made = await db()
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.faultDescription, `Leak ${k}`));
    expect(made).toEqual([{ id: a.body._id }]);
  });

  it('logs one trip, answering the trip both times', async () => {
    const k = key();
    const body = nextTrip();
    const a = await post(owner, logUrl(cid), body, k);
    const b = await post(owner, logUrl(cid), body, k);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ openingOdometer: body.openingOdometer });
    expect(b.body).toEqual(a.body);
    expect(replayed(b)).toBe('true');
    expect(await count(logBookTrips, eq(logBookTrips.openingOdometer, body.openingOdometer))).toBe(
      1,
    );
  });

  it('stores one image file', async () => {
    const job = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    const k = key();
    const send = () =>
      owner.api.upload(
        `${jobsUrl(cid)}/${job._id}/images`,
        { kind: 'signature' },
        { file: { data: PNG, filename: 'sig.png', type: 'image/png' } },
        keyed(k),
      );
    const a = await send();
    const b = await send();
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(replayed(b)).toBe('true');
    const stored = await db().select().from(files).where(eq(files.appointmentId, job._id));
    expect(stored.map((f) => f.id)).toEqual([a.body.file]);
    // Other bytes under the key are another request.
    const other = await owner.api.upload(
      `${jobsUrl(cid)}/${job._id}/images`,
      { kind: 'signature' },
      {
        file: {
          data: Buffer.concat([PNG, Buffer.from([0])]),
          filename: 's.png',
          type: 'image/png',
        },
      },
      keyed(k),
    );
    expect(other.status).toBe(422);
  });
});

describe('the same key twice at once', () => {
  it('applies a comment once and answers both the same', async () => {
    const job = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    const k = key();
    const url = `${jobsUrl(cid)}/${job._id}/comments`;
    const [a, b] = await Promise.all([
      post(owner, url, { text: 'At once' }, k),
      post(owner, url, { text: 'At once' }, k),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect([replayed(a), replayed(b)].filter(Boolean)).toEqual(['true']);
    expect(await count(jobComments, eq(jobComments.appointmentId, job._id))).toBe(1);
  });

  it('makes one job and one trip', async () => {
    const k = key();
    const body = { appointmentTypeId: typeId, faultDescription: `Twice ${k}` };
    const [a, b] = await Promise.all([
      post(owner, jobsUrl(cid), body, k),
      post(owner, jobsUrl(cid), body, k),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    const made = await db()
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.faultDescription, `Twice ${k}`));
    expect(made).toHaveLength(1);

    const t = key();
    const tb = nextTrip();
    const [c, d] = await Promise.all([
      post(owner, logUrl(cid), tb, t),
      post(owner, logUrl(cid), tb, t),
    ]);
    expect([c.status, d.status]).toEqual([200, 200]);
    expect(d.body).toEqual(c.body);
    expect(await count(logBookTrips, eq(logBookTrips.openingOdometer, tb.openingOdometer))).toBe(1);
  });
});

describe('a Job Done move replayed', () => {
  it('makes exactly one invoice through the automation', async () => {
    const client = await buildClient(owner.api, cid, { name: 'Thandi', email: 't@example.test' });
    const done = await buildType(
      owner.api,
      cid,
      plumbingType(undefined, { 'Job Done': { autoGenerateInvoice: true } }),
    );
    const base = {
      appointmentTypeId: done._id,
      hasSchedule: true,
      startDate: '2026-11-26T08:00:00.000Z',
      endDate: '2026-11-26T09:00:00.000Z',
      entityId: client,
      lineItems: [{ description: 'Geyser 150 l', qty: 1, price: 6500 }],
    };
    let job = await buildJob(owner.api, cid, { ...base, status: 'New' });
    for (const status of ['Quoted', 'On site']) {
      const r = await post(owner, jobsUrl(cid), { ...base, _id: job._id, status }, key());
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    job = (await owner.api.get(`${jobsUrl(cid)}/activeJobs/${job._id}`)).body;
    const k = key();
    const move = { ...base, _id: job._id, status: 'Job Done', updatedAt: job.updatedAt };
    const a = await post(owner, jobsUrl(cid), move, k);
    const [b, c] = await Promise.all([
      post(owner, jobsUrl(cid), move, k),
      post(owner, jobsUrl(cid), move, k),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect([b.body, c.body]).toEqual([a.body, a.body]);
    const made = () =>
      db()
        .select()
        .from(invoices)
        .where(eq(invoices.appointmentId, job._id as string));
    await expect.poll(async () => (await made()).length).toBe(1);
    // Once the company's queue holds nothing still to run, no later invoice can come.
    await expect
      .poll(
        async () =>
          (
            await db()
              .select({ id: queueJobs.id })
              .from(queueJobs)
              .where(and(eq(queueJobs.companyId, cid), eq(queueJobs.state, 'queued')))
          ).length,
      )
      .toBe(0);
    expect(await made()).toHaveLength(1);
  }, 60_000);
});

describe('a key is bound to its request', () => {
  it('answers 422 to the same key with another body, and changes nothing', async () => {
    const job = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    const k = key();
    const url = `${jobsUrl(cid)}/${job._id}/comments`;
    expect((await post(owner, url, { text: 'One' }, k)).status).toBe(200);
    const r = await post(owner, url, { text: 'Two' }, k);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('This Idempotency-Key was used for a different request');
    // Another job under the key is another request too.
    const other = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    const o = await post(owner, `${jobsUrl(cid)}/${other._id}/comments`, { text: 'One' }, k);
    expect(o.status).toBe(422);
    expect(await count(jobComments, eq(jobComments.appointmentId, job._id))).toBe(1);
    expect(await count(jobComments, eq(jobComments.appointmentId, other._id))).toBe(0);
  });

  it('takes the same body with its keys in another order as the same request', async () => {
    const k = key();
    const a = await post(owner, jobsUrl(cid), { appointmentTypeId: typeId, resolution: k }, k);
    const b = await post(owner, jobsUrl(cid), { resolution: k, appointmentTypeId: typeId }, k);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it('refuses a malformed key with a 400 naming Idempotency-Key, storing nothing', async () => {
    const job = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    for (const bad of ['short', 'has space in it', 'x'.repeat(101), 'semi;colon-key']) {
      for (const [url, body] of [
        [`${jobsUrl(cid)}/${job._id}/comments`, { text: 'Nope' }],
        [jobsUrl(cid), { appointmentTypeId: typeId }],
        [logUrl(cid), nextTrip()],
      ] as const) {
        const r = await post(owner, url, body, bad);
        expect(r.status, `${url} ${bad}`).toBe(400);
        expect(r.body.fields).toHaveProperty(['Idempotency-Key']);
      }
      const up = await owner.api.upload(
        `${jobsUrl(cid)}/${job._id}/images`,
        {},
        { file: { data: PNG, filename: 'a.png', type: 'image/png' } },
        keyed(bad),
      );
      expect(up.status).toBe(400);
      expect(up.body.fields).toHaveProperty(['Idempotency-Key']);
    }
    expect(await count(jobComments, eq(jobComments.appointmentId, job._id))).toBe(0);
  });

  it('keeps keys per user and per company', async () => {
    const mate = await buildMember(h, cid, { appointments: { r: true, c: true, u: true } });
    const job = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    const k = key();
    const url = `${jobsUrl(cid)}/${job._id}/comments`;
    const a = await post(owner, url, { text: 'Same' }, k);
    const b = await post(mate, url, { text: 'Same' }, k);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body._id).not.toBe(a.body._id);
    expect(replayed(b)).toBeUndefined();
    expect(await count(jobComments, eq(jobComments.appointmentId, job._id))).toBe(2);

    // The owner's own second company, under the same key.
    const second = await buildCompany(h, owner);
    const t2 = (await buildType(owner.api, second.id))._id;
    const j2 = await buildJob(owner.api, second.id, { appointmentTypeId: t2 });
    const c = await post(owner, `${jobsUrl(second.id)}/${j2._id}/comments`, { text: 'Same' }, k);
    expect(c.status).toBe(200);
    expect(replayed(c)).toBeUndefined();
    expect(await keysOf(second.id, k)).toHaveLength(1);
  });
});

describe('a replay after the job moved on', () => {
  it('answers the stored comment though comments are locked in the new status', async () => {
    const { cid: rc, tech, typeId: plumb, owner: boss } = await reviewCompany(h);
    const job = await buildJob(boss.api, rc, {
      appointmentTypeId: plumb,
      status: 'New',
      assignedUsers: [tech.id],
    });
    const k = key();
    const url = `${jobsUrl(rc)}/${job._id}/comments`;
    const a = await post(tech, url, { text: 'On my way' }, k);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    // 'Quoted' hides the comments from the technician's group: a new comment is a 403 there.
    expect((await boss.api.post(jobsUrl(rc), { _id: job._id, status: 'Quoted' })).status).toBe(200);
    expect((await tech.api.post(url, { text: 'Another' })).status).toBe(403);
    const b = await post(tech, url, { text: 'On my way' }, k);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(replayed(b)).toBe('true');
  });
});

describe('a refused request stores nothing', () => {
  it('a 409 stale save: its retry with the key runs', async () => {
    const job = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    const stale = job.updatedAt;
    await post(owner, jobsUrl(cid), { _id: job._id, faultDescription: 'Office' }, key());
    const k = key();
    const r = await post(
      owner,
      jobsUrl(cid),
      { _id: job._id, resolution: 'Mine', updatedAt: stale },
      k,
    );
    expect(r.status).toBe(409);
    expect(await keysOf(cid, k)).toEqual([]);
    const fresh = (await owner.api.get(`${jobsUrl(cid)}/activeJobs/${job._id}`)).body;
    const again = await post(
      owner,
      jobsUrl(cid),
      { _id: job._id, resolution: 'Mine', updatedAt: fresh.updatedAt },
      k,
    );
    expect(again.status).toBe(200);
    expect(replayed(again)).toBeUndefined();
    expect((await keysOf(cid, k))[0]?.answer).toEqual(again.body);
  });

  it('a 400 from the service: its retry runs', async () => {
    const k = key();
    const bad = await post(
      owner,
      jobsUrl(cid),
      { appointmentTypeId: typeId, entityId: randomUUID() },
      k,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('entityId');
    expect(await keysOf(cid, k)).toEqual([]);
    const ok = await post(owner, jobsUrl(cid), { appointmentTypeId: typeId }, k);
    expect(ok.status).toBe(200);

    const t = key();
    const first = nextTrip();
    expect((await owner.api.post(logUrl(cid), first)).status).toBe(200);
    const overlap = { ...first, openingOdometer: first.openingOdometer + 5 };
    expect((await post(owner, logUrl(cid), overlap, t)).status).toBe(400);
    expect(await keysOf(cid, t)).toEqual([]);
    expect((await post(owner, logUrl(cid), nextTrip(), t)).status).toBe(200);
  });
});

describe('keeping keys', () => {
  it(`prunes the company's keys older than ${IDEMPOTENCY_KEEP_DAYS} days when a key is stored`, async () => {
    const old = key();
    const recent = key();
    await db()
      .insert(idempotencyKeys)
      .values([
        {
          companyId: cid,
          userId: owner.id,
          key: old,
          requestHash: 'x',
          answer: {},
          createdAt: new Date(Date.now() - (IDEMPOTENCY_KEEP_DAYS + 1) * 86_400_000),
        },
        {
          companyId: cid,
          userId: owner.id,
          key: recent,
          requestHash: 'x',
          answer: {},
          createdAt: new Date(Date.now() - (IDEMPOTENCY_KEEP_DAYS - 1) * 86_400_000),
        },
      ]);
    expect((await post(owner, jobsUrl(cid), { appointmentTypeId: typeId }, key())).status).toBe(
      200,
    );
    expect(await keysOf(cid, old)).toEqual([]);
    expect(await keysOf(cid, recent)).toHaveLength(1);
  });

  it('works without the header as before', async () => {
    const job = await buildJob(owner.api, cid, { appointmentTypeId: typeId });
    const url = `${jobsUrl(cid)}/${job._id}/comments`;
    const a = await owner.api.post(url, { text: 'Plain' });
    const b = await owner.api.post(url, { text: 'Plain' });
    expect(b.body._id).not.toBe(a.body._id);
    expect(replayed(b)).toBeUndefined();
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERIES_PAGE, WEBHOOK_ENDPOINTS_MAX } from '@fieldbook/core';
import { emitWebhook, webhookHandlers } from '../../src/areas/webhooks/index.js';
import { insertDeliveries } from '../../src/areas/webhooks/webhooks.repo.js';
import type { QueueJob } from '../../src/platform/queue.js';
import { queueJobs, webhookDeliveries, webhookEndpoints } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * The endpoint calls through HTTP, with the operator's switch off (the
 * default): https only, private and loopback hosts refused. Public addresses
 * are IP literals of a documentation range, so no test looks a name up.
 */
let h: Harness;
let mine: Awaited<ReturnType<typeof buildCompany>>;
let theirs: Awaited<ReturnType<typeof buildCompany>>;
const PUBLIC = 'https://203.0.113.10/hooks';
const base = (cid: string) => `/api/companies/${cid}/webhooks`;

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  theirs = await buildCompany(h);
});
afterAll(() => h.close());

const create = (body: Record<string, unknown>, cid = mine.id, api = mine.owner.api) =>
  api.post(base(cid), body);

describe('webhook endpoints', () => {
  it('creates one, shows its secret once, and keeps it sealed', async () => {
    const r = await create({ url: PUBLIC, description: 'Books', events: ['invoice.paid'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(r.body.endpoint).toMatchObject({
      url: PUBLIC,
      description: 'Books',
      events: ['invoice.paid'],
      enabled: true,
      disabledReason: null,
    });
    const list = await mine.owner.api.get(base(mine.id));
    expect(list.status).toBe(200);
    expect(list.body.allowPrivate).toBe(false);
    expect(JSON.stringify(list.body)).not.toContain(r.body.secret.slice(6));
    const [row] = await h.deps.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, r.body.endpoint._id));
    expect(row!.secretSealed).not.toContain(r.body.secret.slice(6));
    expect(h.deps.sealer.open(row!.secretSealed)).toBe(r.body.secret);
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'not a url', events: ['job.done'] }, 'url'],
      [{ url: 'http://203.0.113.10/x', events: ['job.done'] }, 'url'],
      [{ url: 'ftp://203.0.113.10/x', events: ['job.done'] }, 'url'],
      [{ url: 'https://127.0.0.1/x', events: ['job.done'] }, 'url'],
      [{ url: 'https://[::1]/x', events: ['job.done'] }, 'url'],
      [{ url: 'https://10.1.2.3/x', events: ['job.done'] }, 'url'],
      [{ url: 'https://169.254.169.254/latest', events: ['job.done'] }, 'url'],
      [{ url: 'https://2130706433/x', events: ['job.done'] }, 'url'],
      [{ url: 'https://0x7f.1/x', events: ['job.done'] }, 'url'],
      [{ url: 'https://[::ffff:127.0.0.1]/x', events: ['job.done'] }, 'url'],
      [{ url: 'https://localhost/x', events: ['job.done'] }, 'url'],
      [{ url: 'https://me:pw@203.0.113.10/x', events: ['job.done'] }, 'url'],
      [{ url: `https://203.0.113.10/${'a'.repeat(2001)}`, events: ['job.done'] }, 'url'],
      [{ url: PUBLIC, events: [] }, 'events'],
      [{ url: PUBLIC, events: ['invoice.stolen'] }, 'events.0'],
      [{ url: PUBLIC }, 'events'],
      [{ events: ['job.done'] }, 'url'],
      [{ url: PUBLIC, events: ['job.done'], description: 'x'.repeat(201) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify([body, r.body])).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('keeps no line break of a URL (no header can be smuggled into the request line)', async () => {
    const r = await create({ url: 'https://203.0.113.10/a\r\nX-Evil: 1', events: ['job.done'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.endpoint.url).not.toMatch(/[\r\n ]/);
  });

  it('changes, turns off and on, rotates and deletes', async () => {
    const made = (await create({ url: PUBLIC, events: ['job.done'] })).body;
    const url = `${base(mine.id)}/${made.endpoint._id}`;
    const changed = await mine.owner.api.post(url, {
      url: 'https://203.0.113.11/other',
      events: ['job.done', 'job.created', 'job.done'],
      enabled: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      url: 'https://203.0.113.11/other',
      events: ['job.done', 'job.created'],
      enabled: false,
      disabledReason: 'Turned off by hand',
    });
    expect((await mine.owner.api.post(url, { url: 'https://192.168.1.1/' })).body.fields).toEqual({
      url: 'is a private or local network address',
    });
    const on = await mine.owner.api.post(url, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    const rotated = await mine.owner.api.post(`${url}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(made.secret);
    expect((await mine.owner.api.post(`${url}/delete`)).status).toBe(200);
    expect((await mine.owner.api.post(`${url}/delete`)).status).toBe(404);
    expect((await mine.owner.api.get(`${url}/deliveries`)).status).toBe(404);
  });

  it(`refuses more than ${WEBHOOK_ENDPOINTS_MAX} endpoints in a company`, async () => {
    const c = await buildCompany(h);
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++)
      expect((await create({ url: PUBLIC, events: ['job.done'] }, c.id, c.owner.api)).status).toBe(
        200,
      );
    const over = await create({ url: PUBLIC, events: ['job.done'] }, c.id, c.owner.api);
    expect(over.status).toBe(409);
    // Saves at once cannot pass the cap together (the company's list is locked).
    const d = await buildCompany(h);
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX - 1; i++)
      await create({ url: PUBLIC, events: ['job.done'] }, d.id, d.owner.api);
    const racing = await Promise.all(
      [1, 2, 3].map(() => create({ url: PUBLIC, events: ['job.done'] }, d.id, d.owner.api)),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('answers 401 without a session, 404 for another company and 403 without the right', async () => {
    const made = (await create({ url: PUBLIC, events: ['job.done'] })).body;
    const id = made.endpoint._id as string;
    expect((await anonymous(h).get(base(mine.id))).status).toBe(401);
    // Another company's owner naming this endpoint under their own company.
    for (const path of ['', '/deliveries']) {
      const r = await theirs.owner.api.get(`${base(theirs.id)}/${id}${path}`);
      expect(r.status, path).toBe(404);
    }
    for (const path of ['', '/delete', '/rotate', '/test'])
      expect((await theirs.owner.api.post(`${base(theirs.id)}/${id}${path}`, {})).status).toBe(404);
    expect(
      (await theirs.owner.api.post(`${base(theirs.id)}/${id}/deliveries/${randomUUID()}/resend`))
        .status,
    ).toBe(404);
    // Or under this one, where they are no member.
    expect((await theirs.owner.api.get(base(mine.id))).status).toBe(404);
    // A member who may read settings but not change them.
    const reader = await buildMember(h, mine.id, { settings: { r: true } });
    expect((await reader.api.get(base(mine.id))).status).toBe(200);
    expect((await create({ url: PUBLIC, events: ['job.done'] }, mine.id, reader.api)).status).toBe(
      403,
    );
    expect((await reader.api.post(`${base(mine.id)}/${id}/delete`)).status).toBe(403);
    const none = await buildMember(h, mine.id, { invoices: { r: true, c: true } });
    expect((await none.api.get(base(mine.id))).status).toBe(403);
    // The endpoint is untouched.
    expect((await mine.owner.api.get(`${base(mine.id)}/${id}/deliveries`)).status).toBe(200);
  });

  it('pages the delivery log, newest first, 50 at a time', async () => {
    const made = (await create({ url: PUBLIC, events: ['job.done'] })).body;
    const id = made.endpoint._id as string;
    await insertDeliveries(
      h.deps.database.db,
      Array.from({ length: WEBHOOK_DELIVERIES_PAGE + 5 }, (_, n) => ({
        companyId: mine.id,
        endpointId: id,
        messageId: `msg_${n}`,
        eventType: 'job.done',
        body: '{}',
      })),
    );
    const url = `${base(mine.id)}/${id}/deliveries`;
    const first = await mine.owner.api.get(url);
    expect(first.body.deliveries).toHaveLength(WEBHOOK_DELIVERIES_PAGE);
    expect(first.body.deliveries[0].messageId).toBe(`msg_${WEBHOOK_DELIVERIES_PAGE + 4}`);
    expect(first.body.next).toEqual(expect.any(Number));
    const second = await mine.owner.api.get(`${url}?before=${first.body.next}`);
    expect(second.body.deliveries.map((d: { messageId: string }) => d.messageId)).toEqual([
      'msg_4',
      'msg_3',
      'msg_2',
      'msg_1',
      'msg_0',
    ]);
    expect(second.body.next).toBeNull();
    expect((await mine.owner.api.get(`${url}?before=abc`)).status).toBe(400);
  });

  it('gives up what was queued for an endpoint turned off, without sending it', async () => {
    const c = await buildCompany(h);
    const made = (await create({ url: PUBLIC, events: ['job.done'] }, c.id, c.owner.api)).body;
    const db = h.deps.database.db;
    await db.transaction((tx) => emitWebhook(tx, c.id, 'job.done', { jobId: 'j1' }));
    const off = await c.owner.api.post(`${base(c.id)}/${made.endpoint._id}`, { enabled: false });
    expect(off.body.enabled).toBe(false);
    // This harness runs no workers: the queued row is run by hand, as a worker would.
    const [job] = await db.select().from(queueJobs).where(eq(queueJobs.companyId, c.id));
    expect(job!.kind).toBe('webhook-delivery');
    const outcome = await webhookHandlers(h.deps)['webhook-delivery']!.run({
      ...job!,
      attempts: 1,
    } as QueueJob);
    await db.transaction(async (tx) => outcome?.write?.(tx));
    const [d] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, made.endpoint._id));
    expect(d).toMatchObject({ status: 'gave-up', error: 'The endpoint is turned off', attempt: 0 });
    expect(
      (await c.owner.api.post(`${base(c.id)}/${made.endpoint._id}/deliveries/${d!.id}/resend`))
        .status,
    ).toBe(409);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emitWebhook } from '../../src/areas/webhooks/index.js';
import { queueJobs, webhookDeliveries, webhookEndpoints } from '../../src/db/schema/index.js';
import { buildCompany } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { vat } from '../support/invoices-helpers.js';
import { buildType, jobsUrl } from '../support/jobs-helpers.js';
import { startReceiver, until, verified, type Received } from '../support/webhook-receiver.js';

/**
 * Deliveries to a receiver in the test on 127.0.0.1 (the operator's switch
 * on, as a test of loopback needs; one test turns it off), with a quick
 * schedule (three waits of 30 ms: four attempts). Every request received is
 * verified with the standardwebhooks library.
 */
let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let co: Awaited<ReturnType<typeof buildCompany>>;

beforeAll(async () => {
  h = await startHarness(
    { WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_BACKOFF_MS: '30,30,30', QUEUE_POLL_MS: '50' },
    { workers: true },
  );
  receiver = await startReceiver();
}, 60_000);
// A company per test: each stays within the endpoints a company may have.
beforeEach(async () => {
  co = await buildCompany(h);
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

const base = (cid = co.id) => `/api/companies/${cid}/webhooks`;
const db = () => h.deps.database.db;

async function endpoint(events: string[], path = `/${Math.random().toString(36).slice(2)}`) {
  const r = await co.owner.api.post(base(), { url: receiver.url(path), events });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body.endpoint._id as string, secret: r.body.secret as string, path };
}
const at = (path: string) => (list: Received[]) => list.filter((r) => r.path === path);
/** Deliveries run in parallel, so events arrive in any order (docs/webhooks.md): by type. */
const byType = <T extends { type: string }>(list: T[]) =>
  [...list].sort((a, b) => a.type.localeCompare(b.type));
const deliveries = (endpointId: string) =>
  db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const settled = (endpointId: string, n = 1) =>
  until(async () => {
    const rows = await deliveries(endpointId);
    const done = rows.filter((d) => d.status === 'delivered' || d.status === 'gave-up');
    return done.length >= n ? rows : null;
  });

describe('webhook deliveries', () => {
  it('signs each event as Standard Webhooks says, with small payloads, and logs it', async () => {
    const ep = await endpoint(['client.created', 'client.updated', 'invoice.created']);
    const client = await buildClient(co.owner.api, co.id, { name: 'Thandi' });
    await co.owner.api.post(`/api/companies/${co.id}/entities`, {
      _id: client,
      name: 'Thandi M',
    });
    const inv = await buildInvoice(co.owner.api, co.id, client);
    const got = at(ep.path)(await receiver.until((l) => at(ep.path)(l).length >= 3));
    const bodies = byType(got.map((r) => verified(ep.secret, r)));
    expect(bodies.map((b) => b.type)).toEqual([
      'client.created',
      'client.updated',
      'invoice.created',
    ]);
    expect(bodies[0]!.data).toEqual({ clientId: client, name: 'Thandi', surname: 'Test' });
    expect(bodies[2]!.data).toMatchObject({
      invoiceId: inv._id,
      invoiceNumber: inv.invoiceNumber,
      clientId: client,
      total: 100,
      fromQuote: false,
    });
    const r = got.find((x) => x.body.includes('client.created'))!;
    expect(r.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]{44}$/);
    expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['user-agent']).toMatch(/^Fieldbook-Webhooks\//);
    // A wrong secret does not verify.
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, r)).toThrow();
    // The log: newest first, delivered, with the answer's status and first bytes.
    const rows = await settled(ep.id, 3);
    const log = await co.owner.api.get(`${base()}/${ep.id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.body.deliveries.map((d: { eventType: string }) => d.eventType)).toEqual([
      'invoice.created',
      'client.updated',
      'client.created',
    ]);
    expect(log.body.deliveries[0]).toMatchObject({
      status: 'delivered',
      attempt: 1,
      responseStatus: 200,
      responseBody: 'ok',
      error: null,
    });
    expect(rows).toHaveLength(3);
  });

  it('tells invoice.part_paid, then invoice.paid, and credit_note.issued', async () => {
    const ep = await endpoint(['invoice.paid', 'invoice.part_paid', 'credit_note.issued']);
    const client = await buildClient(co.owner.api, co.id);
    const inv = await buildInvoice(co.owner.api, co.id, client, {
      descriptions: [line({ price: 1000 })],
      tax: vat({ hasTax: false }),
    });
    const pay = (amount: number) =>
      co.owner.api.post(`/api/companies/${co.id}/invoices/${inv._id}/payments`, {
        amount,
        datePaid: '2026-11-03',
        method: 'EFT',
      });
    expect((await pay(300)).status).toBe(200);
    const credited = await co.owner.api.post(
      `/api/companies/${co.id}/invoices/${inv._id}/credit-notes`,
      { amount: 100, reason: 'Goodwill' },
    );
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    expect((await pay(600)).status).toBe(200);
    const got = at(ep.path)(await receiver.until((l) => at(ep.path)(l).length >= 3));
    const bodies = byType(got.map((r) => verified(ep.secret, r)));
    expect(bodies.map((b) => b.type)).toEqual([
      'credit_note.issued',
      'invoice.paid',
      'invoice.part_paid',
    ]);
    expect(bodies[0]!.data).toMatchObject({ invoiceId: inv._id, total: 100 });
    expect(bodies[1]!.data).toMatchObject({ amountPaid: 900, balance: 0, method: 'EFT' });
    expect(bodies[2]!.data).toMatchObject({ invoiceId: inv._id, amountPaid: 300, balance: 700 });
  });

  it('tells job.created, job.status_changed and job.done', async () => {
    const ep = await endpoint(['job.created', 'job.status_changed', 'job.done']);
    const type = await buildType(co.owner.api, co.id);
    const made = await co.owner.api.post(jobsUrl(co.id), {
      appointmentTypeId: type._id,
      status: 'New',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    for (const status of ['Quoted', 'On site', 'Job Done']) {
      const r = await co.owner.api.post(jobsUrl(co.id), { _id: made.body._id, status });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const got = at(ep.path)(await receiver.until((l) => at(ep.path)(l).length >= 5));
    const bodies = got.map((r) => verified(ep.secret, r));
    const seen = bodies.map((b) => `${b.type} ${String(b.data.status)}`).sort();
    expect(seen).toEqual([
      'job.created New',
      'job.done Job Done',
      'job.status_changed Job Done',
      'job.status_changed On site',
      'job.status_changed Quoted',
    ]);
    const done = bodies.find(
      (b) => b.type === 'job.status_changed' && b.data.status === 'Job Done',
    );
    expect(done!.data).toMatchObject({ jobId: made.body._id, from: 'On site' });
  });

  it('sends nothing for a change that rolled back', async () => {
    const ep = await endpoint(['client.created']);
    await expect(
      db().transaction(async (tx) => {
        await emitWebhook(tx, co.id, 'client.created', { clientId: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveries(ep.id)).toHaveLength(0);
    const queued = await db()
      .select()
      .from(queueJobs)
      .where(and(eq(queueJobs.companyId, co.id), eq(queueJobs.state, 'queued')));
    expect(queued.filter((j) => j.kind === 'webhook-delivery')).toHaveLength(0);
    // The same event committed is delivered (so the receiver would have seen the other).
    await db().transaction((tx) =>
      emitWebhook(tx, co.id, 'client.created', { clientId: 'committed' }),
    );
    const [r] = at(ep.path)(await receiver.until((l) => at(ep.path)(l).length >= 1));
    expect(verified(ep.secret, r!).data).toEqual({ clientId: 'committed' });
  });

  it('tries a 500 again with the same message id, and logs each attempt', async () => {
    const ep = await endpoint(['client.created']);
    let n = 0;
    receiver.answerWith((r) =>
      r.path === ep.path && ++n <= 2 ? { status: 500, body: 'down' } : { status: 200 },
    );
    await buildClient(co.owner.api, co.id);
    const got = at(ep.path)(await receiver.until((l) => at(ep.path)(l).length >= 3));
    receiver.answerWith(() => ({ status: 200 }));
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of got) verified(ep.secret, r);
    const [d] = await settled(ep.id);
    expect(d).toMatchObject({ status: 'delivered', attempt: 3, responseStatus: 200 });
  });

  it('gives up after the last attempt, and "send again" sends the same event once more', async () => {
    const ep = await endpoint(['client.created']);
    receiver.answerWith((r) => (r.path === ep.path ? { status: 503 } : { status: 200 }));
    await buildClient(co.owner.api, co.id);
    const [d] = await settled(ep.id);
    expect(d).toMatchObject({ status: 'gave-up', attempt: 4, responseStatus: 503 });
    expect(at(ep.path)(receiver.received)).toHaveLength(4);
    receiver.answerWith(() => ({ status: 200 }));
    const again = await co.owner.api.post(`${base()}/${ep.id}/deliveries/${d!.id}/resend`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ messageId: d!.messageId, status: 'pending' });
    const got = at(ep.path)(await receiver.until((l) => at(ep.path)(l).length >= 5));
    expect(got[4]!.headers['webhook-id']).toBe(d!.messageId);
    expect(got[4]!.body).toBe(got[0]!.body);
  });

  it('does not follow a redirect (a 3xx is a failure)', async () => {
    const ep = await endpoint(['client.created']);
    receiver.answerWith((r) =>
      r.path === ep.path
        ? { status: 302, headers: { location: receiver.url(`${ep.path}-moved`) } }
        : { status: 200 },
    );
    await buildClient(co.owner.api, co.id);
    const [d] = await settled(ep.id);
    receiver.answerWith(() => ({ status: 200 }));
    expect(d).toMatchObject({ status: 'gave-up', responseStatus: 302 });
    expect(d!.error).toMatch(/redirect, not followed/);
    expect(at(`${ep.path}-moved`)(receiver.received)).toHaveLength(0);
  });

  it('turns an endpoint off when it answers 410, and sends it nothing more', async () => {
    const ep = await endpoint(['client.created']);
    receiver.answerWith((r) => (r.path === ep.path ? { status: 410 } : { status: 200 }));
    await buildClient(co.owner.api, co.id);
    const [d] = await settled(ep.id);
    receiver.answerWith(() => ({ status: 200 }));
    expect(d).toMatchObject({ status: 'gave-up', attempt: 1, responseStatus: 410 });
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(row).toMatchObject({ enabled: false });
    expect(row!.disabledReason).toMatch(/410 Gone/);
    await buildClient(co.owner.api, co.id);
    expect(await deliveries(ep.id)).toHaveLength(1);
    const test = await co.owner.api.post(`${base()}/${ep.id}/test`);
    expect(test.status).toBe(409);
    expect(at(ep.path)(receiver.received)).toHaveLength(1);
  });

  it('reads at most the first 1 KB of an answer, and ends an attempt at the timeout', async () => {
    const ep = await endpoint(['client.created']);
    receiver.answerWith((r) =>
      r.path === ep.path
        ? { status: 200, body: Buffer.alloc(5 * 1024 * 1024, 'a') }
        : { status: 200 },
    );
    const test = await co.owner.api.post(`${base()}/${ep.id}/test`);
    expect(test.status).toBe(200);
    const [d] = await settled(ep.id);
    expect(d!.status).toBe('delivered');
    expect(d!.responseBody).toBe('a'.repeat(1024));
    expect(JSON.parse(d!.body)).toMatchObject({ type: 'webhook.test' });

    const slow = await endpoint(['client.created']);
    const cfg = h.deps.config.webhooks;
    cfg.timeoutMs = 300;
    receiver.answerWith((r) =>
      r.path === slow.path ? { status: 200, hang: true } : { status: 200 },
    );
    try {
      await co.owner.api.post(`${base()}/${slow.id}/test`);
      const [s] = await settled(slow.id);
      expect(s).toMatchObject({ status: 'gave-up', attempt: 4, responseStatus: null });
      expect(s!.error).toMatch(/No answer within/);
    } finally {
      cfg.timeoutMs = 15_000;
      receiver.answerWith(() => ({ status: 200 }));
    }
  });

  it('refuses loopback and private addresses when the operator has not allowed them', async () => {
    // Saved while allowed; then the operator turns the switch off.
    const urls = ['https://127.0.0.1:9/x', 'https://localhost:9/x', 'https://[::ffff:10.0.0.1]/x'];
    const eps = [];
    for (const url of urls) {
      const r = await co.owner.api.post(base(), { url, events: ['client.created'] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      eps.push(r.body.endpoint._id as string);
    }
    const plain = await endpoint(['job.done']);
    const cfg = h.deps.config.webhooks;
    cfg.allowPrivate = false;
    try {
      await buildClient(co.owner.api, co.id);
      for (const id of eps) {
        const [d] = await settled(id);
        expect(d).toMatchObject({ status: 'gave-up', attempt: 1, responseStatus: null });
        expect(d!.error).toMatch(/private or local network address/);
      }
      // And plain http is refused too without the switch.
      await co.owner.api.post(`${base()}/${plain.id}/test`);
      const [d] = await settled(plain.id);
      expect(d!.error).toBe('Only https endpoints are called');
      expect(at(plain.path)(receiver.received)).toHaveLength(0);
    } finally {
      cfg.allowPrivate = true;
    }
  });
});

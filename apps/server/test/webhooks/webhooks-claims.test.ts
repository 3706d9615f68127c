import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWebhook, webhookHandlers } from '../../src/areas/webhooks/index.js';
import { WEBHOOK_LOG_KEPT } from '../../src/areas/webhooks/webhooks.queue.js';
import { insertDeliveries } from '../../src/areas/webhooks/webhooks.repo.js';
import { queueJobs, webhookDeliveries } from '../../src/db/schema/index.js';
import { startWorker } from '../../src/platform/queue.js';
import { buildCompany } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { startReceiver, until, verified, type Received } from '../support/webhook-receiver.js';

/**
 * How deliveries share the queue's workers: two workers never deliver one
 * event twice, and a company whose endpoint hangs holds at most half the
 * slots (DECISIONS §15), so another company's event goes at once; and an
 * endpoint's log keeps its newest 1,000 rows, whatever the endpoint answers.
 */
let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  h = await startHarness(
    {
      WEBHOOKS_ALLOW_PRIVATE: '1',
      WEBHOOKS_TIMEOUT_MS: '4000',
      QUEUE_CONCURRENCY: '4',
      QUEUE_POLL_MS: '50',
    },
    { workers: true },
  );
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await h.close();
});

const db = () => h.deps.database.db;
const at = (path: string) => (list: Received[]) => list.filter((r) => r.path === path);

async function companyWithEndpoint(path: string) {
  const co = await buildCompany(h);
  const r = await co.owner.api.post(`/api/companies/${co.id}/webhooks`, {
    url: receiver.url(path),
    events: ['client.updated'],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { co, id: r.body.endpoint._id as string, secret: r.body.secret as string };
}
const deliveries = (endpointId: string) =>
  db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhook deliveries on shared workers', () => {
  it('never delivers one event twice with two workers claiming', async () => {
    const { co, id, secret } = await companyWithEndpoint('/twice');
    const other = startWorker(db(), webhookHandlers(h.deps), {
      concurrency: 4,
      leaseMs: 60_000,
      pollMs: 20,
    });
    try {
      for (let i = 0; i < 30; i++)
        await db().transaction((tx) => emitWebhook(tx, co.id, 'client.updated', { n: i }));
      const rows = await until(async () => {
        const list = await deliveries(id);
        return list.every((d) => d.status === 'delivered') ? list : null;
      }, 60_000);
      expect(rows).toHaveLength(30);
      expect(rows.every((d) => d.attempt === 1)).toBe(true);
      const got = at('/twice')(receiver.received);
      expect(got).toHaveLength(30);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(30);
      for (const r of got) verified(secret, r);
    } finally {
      await other.stop();
    }
  });

  it("a company's hanging endpoint holds at most half the slots: another's event goes at once", async () => {
    const a = await companyWithEndpoint('/hangs');
    const b = await companyWithEndpoint('/fine');
    receiver.answerWith((r) =>
      r.path === '/hangs' ? { status: 200, hang: true } : { status: 200 },
    );
    try {
      // A's eight events are older than B's one.
      for (let i = 0; i < 8; i++)
        await db().transaction((tx) => emitWebhook(tx, a.co.id, 'client.updated', { n: i }));
      await receiver.until((l) => at('/hangs')(l).length >= 1);
      await db().transaction((tx) => emitWebhook(tx, b.co.id, 'client.updated', { n: 'b' }));
      await receiver.until((l) => at('/fine')(l).length >= 1);
      // B's event arrived while A's first attempts still hang: none of them had ended.
      const aTried = (await deliveries(a.id)).filter((d) => d.lastAttemptAt !== null);
      expect(aTried).toHaveLength(0);
      expect(at('/hangs')(receiver.received).length).toBeLessThanOrEqual(2);
      // A's others wait in the queue: at most the first claim's extra two were claimed and put
      // off (before any of A's ran); the rest were never claimed while A was at its cap.
      const aRows = await db().select().from(queueJobs).where(eq(queueJobs.companyId, a.co.id));
      expect(aRows.filter((j) => j.lastError !== null).length).toBeLessThanOrEqual(2);
      expect(
        aRows.filter((j) => j.attempts === 0 && j.lastError === null).length,
      ).toBeGreaterThanOrEqual(4);
    } finally {
      receiver.answerWith(() => ({ status: 200 }));
    }
  });

  it(`keeps an endpoint's log to its newest ${WEBHOOK_LOG_KEPT} deliveries`, async () => {
    const { co, id } = await companyWithEndpoint('/log');
    const old = Array.from({ length: WEBHOOK_LOG_KEPT + 5 }, (_, n) => ({
      companyId: co.id,
      endpointId: id,
      messageId: `msg_old${n}`,
      eventType: 'client.updated',
      body: '{}',
    }));
    await db().transaction(async (tx) => {
      const rows = await insertDeliveries(tx, old);
      await tx
        .update(webhookDeliveries)
        .set({ status: 'delivered' })
        .where(eq(webhookDeliveries.endpointId, id));
      expect(rows).toHaveLength(WEBHOOK_LOG_KEPT + 5);
    });
    await db().transaction((tx) => emitWebhook(tx, co.id, 'client.updated', { n: 'new' }));
    const rows = await until(async () => {
      const list = await deliveries(id);
      return list.some((d) => d.body.includes('"new"') && d.status === 'delivered') ? list : null;
    });
    expect(rows).toHaveLength(WEBHOOK_LOG_KEPT);
    expect(rows.some((d) => d.messageId === 'msg_old0')).toBe(false);
    expect(rows.some((d) => d.body.includes('"new"') && d.status === 'delivered')).toBe(true);
  });

  it(`keeps a failing endpoint's log to ${WEBHOOK_LOG_KEPT} too: every new delivery prunes`, async () => {
    const { co, id } = await companyWithEndpoint('/failing');
    receiver.answerWith((r) => ({ status: r.path === '/failing' ? 500 : 200 }));
    try {
      // Its past: deliveries that all gave up (it never answered 2xx).
      await db().transaction(async (tx) => {
        await insertDeliveries(
          tx,
          Array.from({ length: WEBHOOK_LOG_KEPT }, (_, n) => ({
            companyId: co.id,
            endpointId: id,
            messageId: `msg_dead${n}`,
            eventType: 'client.updated',
            body: '{}',
          })),
        );
        await tx
          .update(webhookDeliveries)
          .set({ status: 'gave-up' })
          .where(eq(webhookDeliveries.endpointId, id));
      });
      await db().transaction((tx) => emitWebhook(tx, co.id, 'client.updated', { n: 'next' }));
      // Its attempt fails, and the log is at the cap, the oldest gone.
      const rows = await until(async () => {
        const list = await deliveries(id);
        return list.some((d) => d.body.includes('"next"') && d.status === 'failed') ? list : null;
      });
      expect(rows).toHaveLength(WEBHOOK_LOG_KEPT);
      expect(rows.some((d) => d.messageId === 'msg_dead0')).toBe(false);
      // A Send again is a new row too: it prunes the same way.
      const dead = rows.find((d) => d.messageId === 'msg_dead5')!;
      const again = await co.owner.api.post(
        `/api/companies/${co.id}/webhooks/${id}/deliveries/${dead.id}/resend`,
      );
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const after = await deliveries(id);
      expect(after).toHaveLength(WEBHOOK_LOG_KEPT);
      expect(after.some((d) => d.messageId === 'msg_dead1')).toBe(false);
    } finally {
      receiver.answerWith(() => ({ status: 200 }));
    }
  });
});

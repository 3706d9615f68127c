import type { AppDeps } from '../../platform/deps.js';
import {
  DeferQueueError,
  PermanentQueueError,
  RetryQueueError,
  type QueueHandler,
  type QueueJob,
} from '../../platform/queue.js';
import { WEBHOOK_DELIVERY } from './webhooks.emit.js';
import * as repo from './webhooks.repo.js';
import { postWebhook, signedHeaders } from './webhooks.send.js';

type Deps = Pick<AppDeps, 'database' | 'sealer' | 'config'>;

/** The log's cap, pruned as deliveries are written (webhooks.emit.ts). */
export { WEBHOOK_LOG_KEPT } from './webhooks.emit.js';

/** A wait of the schedule, 20 % either way, so endpoints that failed together retry apart. */
export const jittered = (ms: number, random = Math.random) =>
  Math.round(ms * (0.8 + random() * 0.4));

/**
 * The delivery worker (docs/webhooks.md): one attempt per run of a queue row.
 * 2xx: delivered. 410: the endpoint is turned off and the delivery gives up.
 * Anything else: tried again on the schedule (`config.webhooks.backoffMs`,
 * jittered), then gave-up. Every attempt carries the delivery's message id.
 *
 * Fairness (DECISIONS §15): the queue's claim already takes companies in turn;
 * on top, one company has at most half this process's slots in webhook
 * attempts at once (the worker does not claim more of theirs meanwhile; one
 * claimed in a race is put off a few seconds without using an attempt), and
 * an attempt ends within `timeoutMs`, so a company's dead endpoint cannot hold
 * every worker.
 */
export function webhookHandlers(deps: Deps): Record<string, QueueHandler> {
  const db = deps.database.db;
  const cfg = deps.config.webhooks;
  const perCompany = Math.max(1, Math.floor(deps.config.queue.concurrency / 2));
  const running = new Map<string, number>();

  async function attempt(job: QueueJob) {
    const companyId = job.companyId;
    const deliveryId = job.payload.deliveryId;
    if (!companyId || typeof deliveryId !== 'string')
      throw new PermanentQueueError('Not a webhook delivery');
    const d = await repo.findDelivery(db, companyId, deliveryId);
    // Its endpoint was deleted (and its log with it): nothing to send.
    if (!d) return;
    const endpoint = await repo.findEndpoint(db, companyId, d.endpointId);
    if (!endpoint) return;
    if (!endpoint.enabled)
      return {
        write: (tx: Parameters<typeof repo.updateDelivery>[0]) =>
          repo.updateDelivery(tx, companyId, d.id, {
            status: 'gave-up',
            error: 'The endpoint is turned off',
            nextAttemptAt: null,
          }),
      };
    const held = running.get(companyId) ?? 0;
    if (held >= perCompany)
      throw new DeferQueueError(
        new Date(Date.now() + jittered(3_000)),
        "Waiting for the company's other webhook deliveries",
      );
    running.set(companyId, held + 1);
    const at = new Date();
    let r;
    try {
      r = await postWebhook({
        url: endpoint.url,
        headers: signedHeaders(deps.sealer.open(endpoint.secretSealed), d.messageId, d.body, at),
        body: d.body,
        allowPrivate: cfg.allowPrivate,
        timeoutMs: cfg.timeoutMs,
      });
    } finally {
      const n = (running.get(companyId) ?? 1) - 1;
      if (n > 0) running.set(companyId, n);
      else running.delete(companyId);
    }
    const seen = {
      attempt: job.attempts,
      lastAttemptAt: at,
      responseStatus: r.status,
      responseBody: r.body,
      error: r.error,
    };
    if (r.ok)
      return {
        write: (tx: Parameters<typeof repo.updateDelivery>[0]) =>
          repo.updateDelivery(tx, companyId, d.id, {
            ...seen,
            status: 'delivered',
            deliveredAt: new Date(),
            nextAttemptAt: null,
          }),
      };
    if (r.status === 410) {
      await db.transaction(async (tx) => {
        await repo.updateDelivery(tx, companyId, d.id, {
          ...seen,
          status: 'gave-up',
          error: 'Answered 410 Gone: the endpoint was turned off',
          nextAttemptAt: null,
        });
        await repo.updateEndpoint(tx, companyId, endpoint.id, {
          enabled: false,
          disabledReason: `It answered 410 Gone at ${at.toISOString()}`,
        });
      });
      throw new PermanentQueueError('Answered 410 Gone: the endpoint was turned off');
    }
    const wait = cfg.backoffMs[job.attempts - 1];
    if (r.permanent || wait === undefined) {
      await repo.updateDelivery(db, companyId, d.id, {
        ...seen,
        status: 'gave-up',
        nextAttemptAt: null,
      });
      throw new PermanentQueueError(r.error ?? 'Failed');
    }
    const waitMs = jittered(wait);
    await repo.updateDelivery(db, companyId, d.id, {
      ...seen,
      status: 'failed',
      nextAttemptAt: new Date(Date.now() + waitMs),
    });
    throw new RetryQueueError(waitMs, r.error ?? 'Failed');
  }

  return {
    [WEBHOOK_DELIVERY]: {
      run: attempt,
      // Not claimed while at the cap: a company's backlog then waits in the queue unread.
      busyCompanies: () => [...running].filter(([, n]) => n >= perCompany).map(([c]) => c),
      // The queue gave up (the last attempt, or one that failed unexpectedly): the log says so.
      async failed(tx, job, error) {
        const deliveryId = job.payload.deliveryId;
        if (!job.companyId || typeof deliveryId !== 'string') return;
        const d = await repo.findDelivery(tx, job.companyId, deliveryId);
        if (!d || d.status === 'delivered' || d.status === 'gave-up') return;
        await repo.updateDelivery(tx, job.companyId, d.id, {
          status: 'gave-up',
          error: error.slice(0, 1000),
          nextAttemptAt: null,
        });
      },
    },
  };
}

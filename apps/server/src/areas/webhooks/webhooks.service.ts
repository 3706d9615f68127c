import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_AREAS,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
  type TWebhookDeliveries,
  type TWebhookEndpointCreate,
  type TWebhookEndpointUpdate,
  type TWebhookEndpointWithSecret,
  type TWebhookEndpoints,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { may, type Caller } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, forbidden, notFound } from '../../platform/errors.js';
import { outboundHostAllowed } from '../../platform/outbound-guard.js';
import { wakeWorkers } from '../../platform/queue.js';
import { eventBody, newMessageId, queueDeliveries, writeDeliveries } from './webhooks.emit.js';
import { presentDelivery, presentEndpoint } from './webhooks.present.js';
import * as repo from './webhooks.repo.js';

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const missing = () => notFound('Webhook endpoint not found');

/** The caller reads what the event's payload carries (WEBHOOK_EVENT_AREAS). */
const mayRead = (who: Caller, e: WebhookEvent) =>
  WEBHOOK_EVENT_AREAS[e].every((area) => may(who, area, 'r'));

/** The event types whose deliveries the caller may see: the test event and each they may read. */
export const readableEvents = (who: Caller): string[] => [
  WEBHOOK_TEST_EVENT,
  ...WEBHOOK_EVENTS.filter((e) => mayRead(who, e)),
];

/** 403 naming the first event whose payload the caller may not read (docs/webhooks.md). */
function requireReadable(who: Caller, events: readonly WebhookEvent[]) {
  const refused = events.find((e) => !mayRead(who, e));
  if (!refused) return;
  const areas = WEBHOOK_EVENT_AREAS[refused].join(', ').replace(/, ([^,]*)$/, ' and $1');
  throw forbidden(
    `The event ${refused} carries ${areas} data: receiving it needs the read right of ${areas}`,
  );
}

/** A company's webhook endpoints and their delivery logs (docs/webhooks.md). */
export function createWebhooksService(deps: Pick<AppDeps, 'database' | 'sealer' | 'config'>) {
  const db = deps.database.db;
  const cfg = deps.config.webhooks;

  /**
   * https only (http too when the operator allows private addresses), no
   * user name or password in it, and not a host that is or resolves to a
   * private address unless allowed; sending checks the address again.
   */
  async function checkUrl(raw: string): Promise<string> {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw badField('url', 'must be a web address such as https://example.com/hooks');
    }
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && cfg.allowPrivate))
      throw badField('url', 'must start with https://');
    if (u.username || u.password) throw badField('url', 'must not carry a user name or password');
    if (!u.hostname) throw badField('url', 'must name a host');
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
    const allowed = await outboundHostAllowed(host, {
      allowPrivate: cfg.allowPrivate,
      timeoutMs: 5_000,
    });
    if (!allowed) throw badField('url', 'is a private or local network address');
    return u.href;
  }

  async function endpointOf(tx: Tx, companyId: string, id: string, forUpdate = false) {
    const e = await repo.findEndpoint(tx, companyId, id.toLowerCase(), { forUpdate });
    if (!e) throw missing();
    return e;
  }

  /** A new delivery of `body` to the endpoint (a test, or a delivery sent again). */
  async function deliverOnce(
    companyId: string,
    id: string,
    make: (tx: Tx) => Promise<{ messageId: string; eventType: string; body: string }>,
  ) {
    const delivery = await db.transaction(async (tx) => {
      const e = await endpointOf(tx, companyId, id);
      if (!e.enabled) throw new HttpError(409, 'The endpoint is turned off: turn it on first');
      const m = await make(tx);
      const [row] = await writeDeliveries(tx, [{ companyId, endpointId: e.id, ...m }]);
      await queueDeliveries(tx, companyId, [row!.id]);
      return (await repo.findDelivery(tx, companyId, row!.id))!;
    });
    wakeWorkers();
    return presentDelivery(delivery);
  }

  return {
    async list(companyId: string): Promise<TWebhookEndpoints> {
      const rows = await repo.listEndpoints(db, companyId);
      return { endpoints: rows.map(presentEndpoint), allowPrivate: cfg.allowPrivate };
    },

    async create(
      companyId: string,
      b: TWebhookEndpointCreate,
      who: Caller,
    ): Promise<TWebhookEndpointWithSecret> {
      requireReadable(who, b.events);
      const url = await checkUrl(b.url);
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        await repo.lockCompanyEndpoints(tx, companyId);
        if ((await repo.countEndpoints(tx, companyId)) >= WEBHOOK_ENDPOINTS_MAX)
          throw new HttpError(409, `A company may have at most ${WEBHOOK_ENDPOINTS_MAX} endpoints`);
        return repo.insertEndpoint(tx, companyId, {
          url,
          description: b.description,
          events: b.events,
          secretSealed: deps.sealer.seal(secret),
        });
      });
      return { endpoint: presentEndpoint(row), secret };
    },

    async update(companyId: string, id: string, b: TWebhookEndpointUpdate, who: Caller) {
      if (b.events) requireReadable(who, b.events);
      const url = b.url === undefined ? undefined : await checkUrl(b.url);
      const row = await db.transaction(async (tx) => {
        const e = await endpointOf(tx, companyId, id, true);
        // A new address, or turning it on, sends what it receives somewhere: the caller must read it all.
        if (b.url !== undefined || b.enabled === true)
          requireReadable(who, (b.events ?? e.events) as WebhookEvent[]);
        const turning =
          b.enabled === undefined || b.enabled === e.enabled
            ? {}
            : { enabled: b.enabled, disabledReason: b.enabled ? null : 'Turned off by hand' };
        return repo.updateEndpoint(tx, companyId, e.id, {
          ...(url !== undefined && { url }),
          ...(b.description !== undefined && { description: b.description }),
          ...(b.events !== undefined && { events: b.events }),
          ...turning,
        });
      });
      return presentEndpoint(row!);
    },

    async remove(companyId: string, id: string) {
      if (!(await repo.deleteEndpoint(db, companyId, id.toLowerCase()))) throw missing();
      return { message: 'Deleted' };
    },

    /** A new secret, shown once; the old one stops signing at once. */
    async rotate(companyId: string, id: string): Promise<TWebhookEndpointWithSecret> {
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        const e = await endpointOf(tx, companyId, id, true);
        return repo.updateEndpoint(tx, companyId, e.id, {
          secretSealed: deps.sealer.seal(secret),
        });
      });
      return { endpoint: presentEndpoint(row!), secret };
    },

    /** The log, only of the events the caller may read (docs/webhooks.md). */
    async deliveries(
      companyId: string,
      id: string,
      who: Caller,
      before?: number,
    ): Promise<TWebhookDeliveries> {
      const e = await endpointOf(db, companyId, id);
      const rows = await repo.listDeliveries(db, companyId, e.id, {
        limit: WEBHOOK_DELIVERIES_PAGE,
        eventTypes: readableEvents(who),
        before,
      });
      const last = rows.length === WEBHOOK_DELIVERIES_PAGE ? rows[rows.length - 1] : undefined;
      return { deliveries: rows.map(presentDelivery), next: last?.seq ?? null };
    },

    /** The same event (same message id and body) once more, as a new delivery; one the caller may read. */
    resend(companyId: string, id: string, deliveryId: string, who: Caller) {
      return deliverOnce(companyId, id, async (tx) => {
        const d = await repo.findDelivery(tx, companyId, deliveryId.toLowerCase());
        if (!d || d.endpointId !== id.toLowerCase() || !readableEvents(who).includes(d.eventType))
          throw notFound('Delivery not found');
        return { messageId: d.messageId, eventType: d.eventType, body: d.body };
      });
    },

    /** A `webhook.test` event to this endpoint alone. */
    test(companyId: string, id: string) {
      return deliverOnce(companyId, id, async () => ({
        messageId: newMessageId(),
        eventType: WEBHOOK_TEST_EVENT,
        body: eventBody(WEBHOOK_TEST_EVENT, {
          endpointId: id.toLowerCase(),
          message: 'A test event from Fieldbook',
        }),
      }));
    },
  };
}

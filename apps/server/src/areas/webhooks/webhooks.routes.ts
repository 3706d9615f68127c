import { z } from 'zod';
import {
  ZMessage,
  ZWebhookDeliveries,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointCreate,
  ZWebhookEndpointUpdate,
  ZWebhookEndpointWithSecret,
  ZWebhookEndpoints,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, callerOf } from '../../platform/access.js';
import type { WebhooksService } from './webhooks.service.js';

const BASE = '/api/companies/:cid/webhooks';
const tags = ['webhooks'];
const cid = z.object({ cid: z.string() });
const one = z.object({ cid: z.string(), id: z.string() });
/** Test events and deliveries sent again: a person's clicks, not a load to put on receivers. */
const clicks = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** A company's webhook endpoints and their delivery logs (docs/webhooks.md): the settings area. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.get(BASE, {
    config: { access: access.company('settings', 'r') },
    schema: {
      tags,
      description: "The company's webhook endpoints (never their secrets).",
      params: cid,
      response: { 200: ZWebhookEndpoints },
    },
    handler: (req) => webhooks.list(req.company!.id),
  });

  app.post(BASE, {
    config: { access: access.company('settings', 'c') },
    schema: {
      tags,
      description:
        'A new endpoint; the answer carries its signing secret (whsec_...), shown this once.',
      params: cid,
      body: ZWebhookEndpointCreate,
      response: { 200: ZWebhookEndpointWithSecret },
    },
    handler: (req) => webhooks.create(req.company!.id, req.body, callerOf(req)),
  });

  app.post(`${BASE}/:id`, {
    config: { access: access.company('settings', 'u') },
    schema: {
      tags,
      description: 'Changes an endpoint; `enabled: true` turns one that was turned off on again.',
      params: one,
      body: ZWebhookEndpointUpdate,
      response: { 200: ZWebhookEndpoint },
    },
    handler: (req) => webhooks.update(req.company!.id, req.params.id, req.body, callerOf(req)),
  });

  app.post(`${BASE}/:id/delete`, {
    config: { access: access.company('settings', 'd') },
    schema: {
      tags,
      description: 'Deletes an endpoint and its delivery log; what is queued for it is not sent.',
      params: one,
      response: { 200: ZMessage },
    },
    handler: (req) => webhooks.remove(req.company!.id, req.params.id),
  });

  app.post(`${BASE}/:id/rotate`, {
    config: { access: access.company('settings', 'u') },
    schema: {
      tags,
      description: 'A new signing secret, shown this once; the old one stops signing at once.',
      params: one,
      response: { 200: ZWebhookEndpointWithSecret },
    },
    handler: (req) => webhooks.rotate(req.company!.id, req.params.id),
  });

  app.get(`${BASE}/:id/deliveries`, {
    config: { access: access.company('settings', 'r') },
    schema: {
      tags,
      description: "The endpoint's deliveries, newest first, 50 a page (`before`: the `next`).",
      params: one,
      querystring: ZWebhookDeliveriesQuery,
      response: { 200: ZWebhookDeliveries },
    },
    handler: (req) =>
      webhooks.deliveries(req.company!.id, req.params.id, callerOf(req), req.query.before),
  });

  app.post(`${BASE}/:id/test`, {
    config: { access: access.company('settings', 'u'), ...clicks },
    schema: {
      tags,
      description: 'Sends a webhook.test event to this endpoint.',
      params: one,
      response: { 200: ZWebhookDelivery },
    },
    handler: (req) => webhooks.test(req.company!.id, req.params.id),
  });

  app.post(`${BASE}/:id/deliveries/:deliveryId/resend`, {
    config: { access: access.company('settings', 'u'), ...clicks },
    schema: {
      tags,
      description: 'Sends a delivered or failed event again: a new delivery, the same message id.',
      params: z.object({ cid: z.string(), id: z.string(), deliveryId: z.string() }),
      response: { 200: ZWebhookDelivery },
    },
    handler: (req) =>
      webhooks.resend(req.company!.id, req.params.id, req.params.deliveryId, callerOf(req)),
  });
};

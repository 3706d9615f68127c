import { z } from 'zod';
import { ZBulkEmail, ZEmailDraft, ZMessage, ZSendEmail } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { DeliveryService } from './delivery.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['delivery'];

/**
 * E-mailing invoices, quotes, credit notes and statements (DECISIONS §7): the send modal's
 * draft, sending now, and the bulk send that goes through the job queue. All
 * count in the company's hourly sending limit (config `sendsPerHour`).
 */
export const deliveryRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  app.post('/api/companies/:cid/invoices/bulkemail', {
    config: { access: access.company('invoices', 'u') },
    schema: { tags, params: cid, body: ZBulkEmail, response: { 200: ZMessage } },
    handler: (req) => delivery.bulkEmail(req.company!.id, req.body.ids),
  });

  app.get('/api/companies/:cid/invoices/:id/email', {
    config: { access: access.company('invoices', 'r') },
    schema: { tags, params: cidId, response: { 200: ZEmailDraft } },
    handler: (req) => delivery.invoiceDraft(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/invoices/:id/email', {
    config: { access: access.company('invoices', 'u') },
    schema: { tags, params: cidId, body: ZSendEmail, response: { 200: ZMessage } },
    handler: (req) => delivery.sendInvoice(req.company!.id, req.params.id, req.body, req.user!.id),
  });

  app.get('/api/companies/:cid/credit-notes/:id/email', {
    config: { access: access.company('invoices', 'r') },
    schema: { tags, params: cidId, response: { 200: ZEmailDraft } },
    handler: (req) => delivery.creditNoteDraft(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/credit-notes/:id/email', {
    config: { access: access.company('invoices', 'u') },
    schema: { tags, params: cidId, body: ZSendEmail, response: { 200: ZMessage } },
    handler: (req) =>
      delivery.sendCreditNote(req.company!.id, req.params.id, req.body, req.user!.id),
  });

  app.get('/api/companies/:cid/entities/:id/email', {
    config: { access: access.company('clients', 'r') },
    schema: { tags, params: cidId, response: { 200: ZEmailDraft } },
    handler: (req) => delivery.statementDraft(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/entities/:id/email', {
    config: { access: access.company('clients', 'u') },
    schema: { tags, params: cidId, body: ZSendEmail, response: { 200: ZMessage } },
    handler: (req) =>
      delivery.sendStatement(req.company!.id, req.params.id, req.body, req.user!.id),
  });
};

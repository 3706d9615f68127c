import { z } from 'zod';
import { ZBulkEmail, ZEmailDraft, ZMessage, ZSendEmail } from '@fieldbook/core';
import type { App } from '../../app.js';
import { access } from '../../platform/access.js';
import { createDeliveryService } from './delivery.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['delivery'];

/**
 * Sends now, per company and route (invoices, statements): 120 an hour is far beyond a small business's hand
 * sends (bulk sends go through the queue), and keeps a stolen session or an
 * open sign-up from turning the platform's SMTP into a spam relay.
 */
export const SENDS_PER_HOUR = 120;
const perCompany = {
  rateLimit: {
    max: SENDS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (req: { params: unknown }) =>
      `send:${String((req.params as { cid?: string }).cid ?? '').toLowerCase()}`,
  },
};

/**
 * E-mailing invoices, quotes and statements (DECISIONS §7): the send modal's
 * draft, sending now, and the bulk send that goes through the job queue.
 */
export function deliveryRoutes(app: App): void {
  const delivery = createDeliveryService(app.deps);

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
    config: { access: access.company('invoices', 'u'), ...perCompany },
    schema: { tags, params: cidId, body: ZSendEmail, response: { 200: ZMessage } },
    handler: (req) => delivery.sendInvoice(req.company!.id, req.params.id, req.body),
  });

  app.get('/api/companies/:cid/entities/:id/email', {
    config: { access: access.company('clients', 'r') },
    schema: { tags, params: cidId, response: { 200: ZEmailDraft } },
    handler: (req) => delivery.statementDraft(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/entities/:id/email', {
    config: { access: access.company('clients', 'u'), ...perCompany },
    schema: { tags, params: cidId, body: ZSendEmail, response: { 200: ZMessage } },
    handler: (req) => delivery.sendStatement(req.company!.id, req.params.id, req.body),
  });
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSendHistory, type TSendHistory } from '@fieldbook/core';
import { access } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { publicInvoiceUrl } from '../templates/index.js';
import { INVOICE_EMAIL } from './delivery.queue.js';
import * as repo from './delivery-history.repo.js';

/** The queue records shown: far more than a small business resends one invoice. */
const QUEUE_RECORDS = 20;

export type SendHistoryService = ReturnType<typeof createSendHistoryService>;

/**
 * An invoice's sending history: the e-mails on record (`invoices.emails`,
 * written when a send succeeds, now or from the queue), the queue's records
 * of bulk sends (tries, last error; finished ones are purged after some
 * days) and the public link the e-mails carry.
 */
export function createSendHistoryService(deps: Pick<AppDeps, 'database' | 'config'>) {
  const db = deps.database.db;
  return {
    async history(companyId: string, invoiceId: string): Promise<TSendHistory> {
      const inv = await repo.findInvoiceSending(db, companyId, invoiceId);
      if (!inv) throw notFound('Invoice not found');
      const jobs = await repo.listInvoiceJobs(
        db,
        companyId,
        invoiceId,
        INVOICE_EMAIL,
        QUEUE_RECORDS,
      );
      const emails = [...inv.emails].reverse();
      return {
        publicUrl:
          publicInvoiceUrl(deps.config.publicUrl, companyId, inv.entityId, inv.publicKey) || null,
        sentCount: emails.length,
        lastSent: inv.sent ? inv.sent.toISOString() : (emails[0]?.date ?? null),
        queued: inv.queued,
        lastError: inv.lastError,
        emails,
        queue: jobs.map((j) => ({
          queuedAt: j.createdAt.toISOString(),
          state: j.state,
          attempts: j.attempts,
          finishedAt: j.finishedAt ? j.finishedAt.toISOString() : null,
          lastError: j.lastError,
        })),
      };
    },
  };
}

/** `GET /companies/{cid}/invoices/{id}/sending` (invoices r). */
export const sendHistoryRoutes: FastifyPluginAsyncZod<{ service: SendHistoryService }> = async (
  app,
  { service },
) => {
  app.get('/api/companies/:cid/invoices/:id/sending', {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags: ['delivery'],
      description: 'When, to whom and how often the invoice was e-mailed, and the last error.',
      params: z.object({ cid: z.string(), id: z.string() }),
      response: { 200: ZSendHistory },
    },
    handler: (req) => service.history(req.company!.id, req.params.id),
  });
};

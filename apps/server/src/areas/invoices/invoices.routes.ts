import { z } from 'zod';
import {
  ZInvoicePayments,
  ZInvoiceResponse,
  ZInvoiceRow,
  ZInvoiceSave,
  ZInvoiceSaved,
  ZInvoiceSummary,
  ZMessage,
  ZPaymentSave,
  ZPeriodQuery,
  ZSaved,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import { sendJsonText } from '../../platform/send-json.js';
import type { InvoicesService } from './invoices.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const BASE = '/api/companies/:cid/invoices';

/** Invoices and quotes (access area `invoices`). */
export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.get(BASE, {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags: ['invoices'],
      params: cid,
      querystring: ZPeriodQuery,
      response: { 200: z.array(ZInvoiceRow) },
    },
    // A month can hold thousands of rows: the database writes the JSON.
    handler: async (req, reply) =>
      sendJsonText(reply, await invoices.listJson(req.company!.id, req.query)),
  });

  app.get(`${BASE}/summary`, {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags: ['invoices'],
      params: cid,
      querystring: ZPeriodQuery,
      response: { 200: ZInvoiceSummary },
    },
    handler: (req) => invoices.summary(req.company!.id, req.query),
  });

  app.get(`${BASE}/:id`, {
    config: { access: access.company('invoices', 'r') },
    schema: { tags: ['invoices'], params: cidId, response: { 200: ZInvoiceResponse } },
    handler: (req) => invoices.get(req.company!.id, req.params.id),
  });

  app.post(BASE, {
    // No _id creates (needs c), an _id updates (needs u).
    config: { access: access.save('invoices', 'body._id') },
    schema: {
      tags: ['invoices'],
      params: cid,
      body: ZInvoiceSave,
      response: { 200: ZInvoiceSaved },
    },
    handler: (req) => invoices.save(req.company!.id, req.user!.id, req.body),
  });

  app.post(`${BASE}/:id/copy`, {
    config: { access: access.company('invoices', 'c') },
    schema: { tags: ['invoices'], params: cidId, response: { 200: ZSaved } },
    handler: (req) => invoices.copy(req.company!.id, req.user!.id, req.params.id),
  });

  // Payments of an invoice (DECISIONS §16, docs/payments.md).
  app.get(`${BASE}/:id/payments`, {
    config: { access: access.company('invoices', 'r') },
    schema: { tags: ['invoices'], params: cidId, response: { 200: ZInvoicePayments } },
    handler: (req) => invoices.payments(req.company!.id, req.params.id),
  });

  app.post(`${BASE}/:id/payments`, {
    config: { access: access.company('invoices', 'u') },
    schema: {
      tags: ['invoices'],
      params: cidId,
      body: ZPaymentSave,
      response: { 200: ZInvoicePayments },
    },
    handler: (req) => invoices.addPayment(req.company!.id, req.user!.id, req.params.id, req.body),
  });

  app.post(`${BASE}/:id/payments/:paymentId/delete`, {
    config: { access: access.company('invoices', 'u') },
    schema: {
      tags: ['invoices'],
      params: cidId.extend({ paymentId: z.string() }),
      response: { 200: ZInvoicePayments },
    },
    handler: (req) => invoices.removePayment(req.company!.id, req.params.id, req.params.paymentId),
  });

  app.post(`${BASE}/:id/delete`, {
    config: { access: access.company('invoices', 'd') },
    schema: { tags: ['invoices'], params: cidId, response: { 200: ZMessage } },
    handler: (req) => invoices.remove(req.company!.id, req.params.id),
  });
};

import { z } from 'zod';
import {
  ZClient,
  ZClientDetail,
  ZClientDocument,
  ZClientSave,
  ZMessage,
  ZSaved,
  ZStatement,
  ZStatementPeriodQuery,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import { sendJsonList } from '../../platform/send-json.js';
import { withUploads } from '../../platform/uploads.js';
import { attachment, readDocumentUpload } from './client-documents.js';
import type { ClientsService } from './clients.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const typeFilter = z.uuid('must be a client type id').optional();
const tags = ['clients'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Client types, clients ("entities"), their documents, statements and export. */
export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (
  app,
  { clients },
) => {
  app.get('/api/companies/:cid/entities', {
    config: { access: access.company('clients', 'r') },
    schema: {
      tags,
      params: cid,
      querystring: z.object({ entityTemplateId: typeFilter }),
      response: { 200: z.array(ZClient) },
    },
    handler: async (req, reply) => {
      return sendJsonList(reply, await clients.list(req.company!.id, req.query));
    },
  });

  // A static segment: find-my-way prefers it to `/entities/:id` whatever the order.
  app.get('/api/companies/:cid/entities/export', {
    config: { access: access.company('clients', 'r') },
    schema: {
      tags,
      description: 'The clients as semicolon-separated CSV or as an .xlsx workbook.',
      params: cid,
      querystring: z.object({
        format: z.enum(['csv', 'xlsx']).default('csv'),
        entityTemplateId: typeFilter,
      }),
    },
    handler: async (req, reply) => {
      const { format, ...filter } = req.query;
      const body = await clients.export(req.company!.id, format, filter);
      return reply
        .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX)
        .header('Content-Disposition', attachment(`clients.${format}`))
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  });

  app.get('/api/companies/:cid/entities/:id', {
    config: { access: access.company('clients', 'r') },
    schema: { tags, params: cidId, response: { 200: ZClientDetail } },
    handler: (req) => clients.get(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/entities', {
    config: { access: access.save('clients', 'body._id') },
    schema: {
      tags,
      description: 'Create (no `_id`, needs clients.c) or update (needs clients.u).',
      params: cid,
      body: ZClientSave,
      response: { 200: ZSaved },
    },
    handler: (req) => clients.save(req.company!.id, req.user!.id, req.body),
  });

  app.post('/api/companies/:cid/entities/:id/delete', {
    config: { access: access.company('clients', 'd') },
    schema: { tags, params: cidId, response: { 200: ZMessage } },
    handler: (req) => clients.remove(req.company!.id, req.params.id),
  });

  await withUploads(app, (scope) => {
    scope.post('/api/companies/:cid/entities/:id/document', {
      config: { access: access.company('clients', 'u') },
      schema: {
        tags,
        params: cidId,
        consumes: ['multipart/form-data'],
        description: 'One file in the field `file`, of any type, at most 10 MB.',
        response: { 200: ZClientDocument },
      },
      handler: async (req) => {
        // Refuse an unknown client before reading up to 10 MB of body.
        await clients.requireLive(req.company!.id, req.params.id);
        const up = await readDocumentUpload(req);
        return clients.addDocument(req.company!.id, req.user!.id, req.params.id, up);
      },
    });
  });

  app.get('/api/companies/:cid/entities/:id/documents/:docId', {
    config: { access: access.company('clients', 'r') },
    schema: { tags, params: cidId.extend({ docId: z.string() }) },
    handler: async (req, reply) => {
      const d = await clients.getDocument(req.company!.id, req.params.id, req.params.docId);
      return reply
        .header('Content-Type', d.contentType)
        .header('Content-Disposition', attachment(d.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Cache-Control', 'private, no-store')
        .send(d.data);
    },
  });

  app.get('/api/companies/:cid/entities/:id/statement', {
    config: { access: access.company('clients', 'r') },
    schema: {
      tags,
      description:
        "The client's statement; with `from` and/or `to` (YYYY-MM-DD, both days included) the period's: a first line bringing forward the balance before `from`, the period's lines, and `total` the balance at its end (aging stays today's).",
      params: cidId,
      querystring: ZStatementPeriodQuery,
      response: { 200: ZStatement },
    },
    handler: (req) => clients.statement(req.company!.id, req.params.id, req.query),
  });
};

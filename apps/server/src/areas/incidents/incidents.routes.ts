import { z } from 'zod';
import { ZImportRequest, ZImportResult, ZIncident, ZIncidentFix, ZMessage } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { ImportService } from './import.service.js';
import type { IncidentsService } from './incidents.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['incidents'];
// A CSV of up to 5 million characters, sent as JSON.
const IMPORT_BODY_LIMIT = 6 * 1024 * 1024;

/** Incidents (DECISIONS §6) and the CSV imports that raise them. */
export const incidentsRoutes: FastifyPluginAsyncZod<{
  incidents: IncidentsService;
  imports: ImportService;
}> = async (app, { incidents, imports }) => {
  app.get('/api/companies/:cid/incidents', {
    config: { access: access.company('invoices', 'r') },
    schema: { tags, params: cid, response: { 200: z.array(ZIncident) } },
    handler: (req) => incidents.list(req.company!.id),
  });

  app.post('/api/companies/:cid/incidents/:id', {
    config: { access: access.company('invoices', 'u') },
    schema: { tags, params: cidId, body: ZIncidentFix, response: { 200: ZMessage } },
    handler: (req) => incidents.fix(req.company!.id, req.params.id, req.body.newValue),
  });

  app.post('/api/companies/:cid/import/clients', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { access: access.company('clients', 'c') },
    schema: { tags, params: cid, body: ZImportRequest, response: { 200: ZImportResult } },
    handler: (req) => imports.clients(req.company!.id, req.user!.id, req.body),
  });

  app.post('/api/companies/:cid/import/invoices', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { access: access.company('invoices', 'c') },
    schema: { tags, params: cid, body: ZImportRequest, response: { 200: ZImportResult } },
    handler: (req) => imports.invoices(req.company!.id, req.user!.id, req.body),
  });
};

import { z } from 'zod';
import { ZInvoiceExportQuery, ZPeriodQuery, ZProcessResult } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { ExportsService } from './exports.service.js';

const cid = z.object({ cid: z.string() });
const tags = ['accounting'];
const CSV = 'text/csv; charset=utf-8';

/** A download with an ASCII name (our names are) and its exact UTF-8 spelling. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Accounting-package exports of invoices and expenses, and Process (docs/exports.md). */
export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (
  app,
  { exports },
) => {
  app.get('/api/companies/:cid/invoices/export', {
    // resolve=true marks them resolved: invoices u as well.
    config: {
      access: access.rule({
        all: ['invoices.r'],
        when: { if: { field: 'query.resolve', equals: 'true' }, all: ['invoices.u'] },
      }),
    },
    schema: {
      tags,
      description:
        "The period's invoices (not quotes) as Sage's customer-invoice CSV or Xero's sales " +
        'invoice CSV; resolve=true also marks them resolved (needs invoices.u).',
      params: cid,
      querystring: ZInvoiceExportQuery,
    },
    handler: async (req, reply) => {
      const resolve = req.query.resolve === 'true';
      const { fileName, csv, resolved } = await exports.invoices(
        req.company!.id,
        req.query,
        req.query.format ?? 'sage',
        resolve,
      );
      return reply
        .header('Content-Type', CSV)
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Resolved-Count', String(resolved))
        .send(csv);
    },
  });

  app.post('/api/companies/:cid/invoices/process', {
    config: { access: access.company('invoices', 'u') },
    schema: {
      tags,
      description:
        "Marks the period's unpaid invoices paid in full today (method Other) and resolved.",
      params: cid,
      body: ZPeriodQuery,
      response: { 200: ZProcessResult },
    },
    handler: (req) => exports.process(req.company!.id, req.body),
  });

  app.get('/api/companies/:cid/expenses/export', {
    config: { access: access.company('expenses', 'r') },
    schema: {
      tags,
      description:
        "The period's expenses as Sage supplier-invoice CSV rows with their account code.",
      params: cid,
      querystring: ZPeriodQuery,
    },
    handler: async (req, reply) => {
      const { fileName, csv } = await exports.expenses(req.company!.id, req.query);
      return reply
        .header('Content-Type', CSV)
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  });
};

import { z } from 'zod';
import { ZStatementPeriodQuery, type StatementPeriod } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { attachment } from '../../platform/attachment.js';
import type { RenderedDocument } from './documents.js';

/**
 * The documents these routes print, gathered by the areas owning the records
 * (wired in the composition root); each answers 404 for another company's id.
 */
export interface DownloadDocuments {
  invoice(companyId: string, id: string): Promise<RenderedDocument>;
  statement(
    companyId: string,
    clientId: string,
    period?: StatementPeriod,
  ): Promise<RenderedDocument>;
  creditNote(companyId: string, id: string): Promise<RenderedDocument>;
}

const cidId = z.object({ cid: z.string(), id: z.string() });
const tags = ['documents'];

/** A PDF answered as a download. */
function sendPdf(
  reply: { header(k: string, v: string): unknown; send(b: Buffer): unknown },
  pdf: Buffer,
  fileName: string,
) {
  reply.header('Content-Type', 'application/pdf');
  reply.header('Content-Disposition', attachment(fileName));
  reply.header('Cache-Control', 'private, no-store');
  reply.header('X-Content-Type-Options', 'nosniff');
  return reply.send(pdf);
}

/** PDF downloads of an invoice or quote, a credit note, and a client's statement. */
export const downloadsRoutes: FastifyPluginAsyncZod<{
  deps: Pick<AppDeps, 'pdf'>;
  documents: DownloadDocuments;
}> = async (app, { deps, documents }) => {
  /** A PDF download: the document the owning area gathers, printed for the caller. */
  const pdfRoute = (
    url: string,
    area: 'invoices' | 'clients',
    description: string,
    doc: (companyId: string, id: string, query: StatementPeriod) => Promise<RenderedDocument>,
    querystring?: typeof ZStatementPeriodQuery,
  ) =>
    app.get(url, {
      config: { access: access.company(area, 'r') },
      schema: { tags, params: cidId, description, ...(querystring && { querystring }) },
      handler: async (req, reply) => {
        // Only a route with a query schema reads its query: it is validated then.
        const query = querystring ? (req.query as StatementPeriod) : {};
        const d = await doc(req.company!.id, req.params.id, query);
        const owner = { owner: req.user!.id, company: req.company!.id };
        return sendPdf(reply, await deps.pdf.print(d.html, owner), d.fileName);
      },
    });

  pdfRoute(
    '/api/companies/:cid/invoices/:id/download',
    'invoices',
    'The invoice or quote as a PDF, printed with its template.',
    documents.invoice,
  );
  pdfRoute(
    '/api/companies/:cid/credit-notes/:id/download',
    'invoices',
    'The credit note as a PDF; every print after the first is marked "Copy".',
    documents.creditNote,
  );
  pdfRoute(
    '/api/companies/:cid/entities/:id/download',
    'clients',
    "The client's statement as a PDF, printed with its template; with `from` and/or `to` (YYYY-MM-DD) the period's, as GET /entities/{id}/statement answers it.",
    documents.statement,
    ZStatementPeriodQuery,
  );
};

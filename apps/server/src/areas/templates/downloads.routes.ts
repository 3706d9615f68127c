import { z } from 'zod';
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
  statement(companyId: string, clientId: string): Promise<RenderedDocument>;
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
  app.get('/api/companies/:cid/invoices/:id/download', {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags,
      params: cidId,
      description: 'The invoice or quote as a PDF, printed with its template.',
    },
    handler: async (req, reply) => {
      const doc = await documents.invoice(req.company!.id, req.params.id);
      return sendPdf(
        reply,
        await deps.pdf.print(doc.html, { owner: req.user!.id, company: req.company!.id }),
        doc.fileName,
      );
    },
  });

  app.get('/api/companies/:cid/credit-notes/:id/download', {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags,
      params: cidId,
      description: 'The credit note as a PDF; every print after the first is marked "Copy".',
    },
    handler: async (req, reply) => {
      const doc = await documents.creditNote(req.company!.id, req.params.id);
      return sendPdf(
        reply,
        await deps.pdf.print(doc.html, { owner: req.user!.id, company: req.company!.id }),
        doc.fileName,
      );
    },
  });

  app.get('/api/companies/:cid/entities/:id/download', {
    config: { access: access.company('clients', 'r') },
    schema: {
      tags,
      params: cidId,
      description: "The client's statement as a PDF, printed with its template.",
    },
    handler: async (req, reply) => {
      const doc = await documents.statement(req.company!.id, req.params.id);
      return sendPdf(
        reply,
        await deps.pdf.print(doc.html, { owner: req.user!.id, company: req.company!.id }),
        doc.fileName,
      );
    },
  });
};

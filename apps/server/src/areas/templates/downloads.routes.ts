import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { attachment } from '../clients/index.js';
import { invoiceDocument, statementDocument, type DocumentDeps } from './documents.js';

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

/** PDF downloads of an invoice or quote, and of a client's statement. */
export const downloadsRoutes: FastifyPluginAsyncZod<{
  deps: DocumentDeps & Pick<AppDeps, 'pdf'>;
}> = async (app, { deps }) => {
  app.get('/api/companies/:cid/invoices/:id/download', {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags,
      params: cidId,
      description: 'The invoice or quote as a PDF, printed with its template.',
    },
    handler: async (req, reply) => {
      const doc = await invoiceDocument(deps, req.company!.id, req.params.id);
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
      const doc = await statementDocument(deps, req.company!.id, req.params.id);
      return sendPdf(
        reply,
        await deps.pdf.print(doc.html, { owner: req.user!.id, company: req.company!.id }),
        doc.fileName,
      );
    },
  });
};

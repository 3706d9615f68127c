import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, callerOf } from '../../platform/access.js';
import type { JobDocumentService } from './job-document.service.js';

const memberParams = z.object({ cid: z.string(), id: z.string(), templateId: z.string() });
const params = z.object({ companyId: z.string(), key: z.string(), templateId: z.string() });
/** Public and unauthenticated, like the public invoice: a few dozen prints a minute per address. */
const perIp = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Shown in the browser (the PDF viewer), with an ASCII fallback name. */
function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The customer's job document: a general template printed for one job (spec §7). */
export const jobDocumentRoutes: FastifyPluginAsyncZod<{ documents: JobDocumentService }> = async (
  app,
  { documents },
) => {
  app.get('/api/customer/:companyId/:key/:templateId/document', {
    config: { access: access.public, ...perIp },
    schema: {
      tags: ['public'],
      description:
        "A job printed as a PDF with the general template templateId; key is the job's public key.",
      params,
    },
    handler: async (req, reply) => {
      const { fileName, pdf } = await documents.pdf(
        req.params.companyId,
        req.params.key,
        req.params.templateId,
        req.ip,
      );
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .header('Content-Disposition', contentDisposition(fileName))
        .send(pdf);
    },
  });

  app.get('/api/companies/:cid/appointments/:id/document/:templateId', {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags: ['jobs'],
      description:
        'The job printed as a PDF with the general template templateId, as the caller may see ' +
        'it (their permissions in its status).',
      params: memberParams,
    },
    handler: async (req, reply) => {
      const { fileName, pdf } = await documents.forMember(
        req.company!.id,
        callerOf(req),
        req.params.id,
        req.params.templateId,
      );
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', contentDisposition(fileName))
        .send(pdf);
    },
  });
};

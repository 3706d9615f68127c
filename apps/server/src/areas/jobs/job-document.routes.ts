import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { JobDocumentService } from './job-document.service.js';

const params = z.object({ companyId: z.string(), key: z.string(), templateId: z.string() });
/** Public and unauthenticated, like the public invoice: a few dozen prints a minute per address. */
const perIp = { rateLimit: { max: 60, timeWindow: '1 minute' } };

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
      const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .header(
          'Content-Disposition',
          `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(pdf);
    },
  });
};

import { z } from 'zod';
import { ZCustomerInvoice } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { CustomerService } from './customer.service.js';

// Not named `…Id`: the access hook would answer its own 404 for a malformed
// id, and every miss here must read 'Invoice not found'.
const params = z.object({ company: z.string(), client: z.string(), key: z.string() });
/** Public and unauthenticated: a visitor gets a few dozen views a minute. */
const perIp = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The public invoice view of the client's link (DECISIONS §7). */
export const customerRoutes: FastifyPluginAsyncZod<{ customer: CustomerService }> = async (
  app,
  { customer },
) => {
  app.get('/api/customer/:company/:client/:key', {
    config: { access: access.public, ...perIp },
    schema: {
      tags: ['public'],
      description:
        'The invoice of a public link /view/c/{companyId}/e/{entityId}/i/{key}: its HTML and what the page shows (ribbon, PayFast form).',
      params,
      response: { 200: ZCustomerInvoice },
    },
    handler: async (req, reply) => {
      const answer = await customer.view(req.params.company, req.params.client, req.params.key);
      // The paid state changes when a payment arrives; the key is in the URL.
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return answer;
    },
  });

  app.get('/api/customer/:company/:client/:key/download', {
    config: { access: access.public, ...perIp },
    schema: { tags: ['public'], description: 'The invoice of a public link as a PDF.', params },
    handler: async (req, reply) => {
      const { fileName, pdf } = await customer.pdf(
        req.params.company,
        req.params.client,
        req.params.key,
        req.ip,
      );
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', attachment(fileName))
        .send(pdf);
    },
  });
};

/** A Content-Disposition naming the file, ASCII fallback plus the UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

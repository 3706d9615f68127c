import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { access } from '../../platform/access.js';

const ZOutboxEntry = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  text: z.string(),
});

/** Platform administration (rank super). */
export const adminRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'mailer'>> = async (
  app,
  { mailer },
) => {
  app.get('/api/admin/outbox', {
    config: { access: access.super },
    schema: {
      tags: ['admin'],
      description: 'E-mails kept because no SMTP server is configured, newest first.',
      response: { 200: z.array(ZOutboxEntry) },
    },
    handler: () => mailer.outbox(),
  });
};

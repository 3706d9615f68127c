import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { PayfastService } from './payfast.service.js';

/**
 * PayFast's Instant Transaction Notification. PayFast posts a form; the
 * signature is computed over the fields in the order posted, so the body is
 * kept as the raw string (in this route's own scope, the rest of the API
 * stays JSON-only) and read in order by the service.
 */
export const payfastRoutes: FastifyPluginAsyncZod<{ payfast: PayfastService }> = async (
  app,
  { payfast },
) => {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    scope.post('/api/payfast/notify', {
      // PayFast's servers only, and they retry: generous, but not unbounded.
      config: { access: access.public, rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        description:
          "PayFast's payment notification (form-encoded). Answers 200 with an empty body once recorded; 400 when it is not a notification PayFast confirms.",
        consumes: ['application/x-www-form-urlencoded'],
      },
      handler: async (req, reply) => {
        const outcome = await payfast.notify(req.body, req.log);
        req.log.info({ outcome }, 'PayFast notification');
        return reply.status(200).type('text/plain').send('');
      },
    });
  });
};

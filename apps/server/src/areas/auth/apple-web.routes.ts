import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import { HttpError } from '../../platform/errors.js';
import { ZAppleState, type AppleWebService } from './apple-web.service.js';

const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Sign in with Apple in the browser (the redirect flow of `apple-web.service.ts`). */
export const appleWebRoutes: FastifyPluginAsyncZod<{ appleWeb: AppleWebService }> = async (
  app,
  { appleWeb },
) => {
  app.get('/api/auth/apple', {
    config: { access: access.public, ...perIp(60) },
    schema: {
      tags: ['auth'],
      description: 'Whether the sign-in page offers Sign in with Apple.',
      response: { 200: z.object({ enabled: z.boolean() }) },
    },
    handler: () => ({ enabled: appleWeb.enabled() }),
  });

  app.get('/api/auth/apple/start', {
    config: { access: access.public, ...perIp(30) },
    schema: {
      tags: ['auth'],
      description:
        "Sends the browser to Apple's sign-in (response_mode form_post) with the page's state; 404 when Apple sign-in is not configured.",
      querystring: z.object({ state: ZAppleState }),
    },
    handler: async (req, reply) => {
      const url = appleWeb.authorizeUrl(req.query.state);
      if (!url) throw new HttpError(404, 'Apple sign-in is not configured');
      return reply.redirect(url, 302);
    },
  });

  // Apple posts a form: parsed in this route's own scope (the rest of the API stays JSON-only).
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 32 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post('/api/auth/apple/callback', {
      config: { access: access.public, ...perIp(30) },
      schema: {
        tags: ['auth'],
        description:
          "Apple's form post (state, id_token, user or error): answers 303 to /login, with a one-time sign-in token when the identity verifies.",
        consumes: ['application/x-www-form-urlencoded'],
      },
      handler: async (req, reply) => reply.redirect(await appleWeb.callback(req.body), 303),
    });
  });
};

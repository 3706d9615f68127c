import { ZApiTokenCreate, ZApiTokenCreated, ZApiTokenList, ZMessage } from '@fieldbook/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, callerOf } from '../../platform/access.js';
import type { ApiTokensService } from './api-tokens.service.js';

const BASE = '/api/companies/:cid/api-tokens';
const tags = ['api tokens'];
const cid = z.object({ cid: z.string() });
/** Made and revoked by a signed-in member only, never by a token (docs/api.md). */
const signedIn = { access: access.sessionMember() };

/** The caller's API tokens in a company (docs/api.md "API tokens"). */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokensService }> = async (
  app,
  { apiTokens },
) => {
  app.get(BASE, {
    config: signedIn,
    schema: {
      tags,
      description:
        "The caller's working API tokens in this company (the owner sees every member's); never the tokens themselves.",
      params: cid,
      response: { 200: ZApiTokenList },
    },
    handler: (req) => apiTokens.list(callerOf(req)),
  });

  app.post(BASE, {
    config: {
      ...signedIn,
      // Per user (the auth hook has run): the cap bounds the tokens, this the entries.
      rateLimit: {
        max: 60,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => `api-token-create:${req.user?.id ?? req.ip}`,
      },
    },
    schema: {
      tags,
      description:
        'A new API token for this company with a subset of your rights in it; the answer holds the token, shown this once.',
      params: cid,
      body: ZApiTokenCreate,
      response: { 201: ZApiTokenCreated },
    },
    handler: async (req, reply) => {
      const made = await apiTokens.create(callerOf(req), req.body, req.ip);
      return reply.status(201).send(made);
    },
  });

  app.post(`${BASE}/:id/revoke`, {
    config: signedIn,
    schema: {
      tags,
      description:
        'Revokes one of your API tokens (the owner: any in the company); it stops working at once.',
      params: z.object({ cid: z.string(), id: z.string() }),
      response: { 200: ZMessage },
    },
    handler: (req) => apiTokens.revoke(callerOf(req), req.params.id.toLowerCase(), req.ip),
  });
};

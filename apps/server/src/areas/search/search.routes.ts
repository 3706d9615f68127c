import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSearchQuery, ZSearchResults } from '@fieldbook/core';
import { access, callerOf } from '../../platform/access.js';
import type { SearchService } from './search.service.js';

/**
 * `GET /companies/{cid}/search?q&limit`: any active member may ask; the
 * answer holds only the groups of the areas they may read.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (
  app,
  { search },
) => {
  app.get('/api/companies/:cid/search', {
    config: { access: access.member() },
    schema: {
      tags: ['search'],
      description:
        'The top bar search: clients, suppliers, invoices, quotes and jobs by name, number, client or fault.',
      params: z.object({ cid: z.string() }),
      querystring: ZSearchQuery,
      response: { 200: ZSearchResults },
    },
    handler: (req) => search.search(req.company!.id, callerOf(req), req.query),
  });
};

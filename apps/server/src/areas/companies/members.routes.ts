import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage } from '@fieldbook/core';
import { access } from '../../platform/access.js';
import type { CompaniesService } from './companies.service.js';

const params = z.object({ cid: z.string(), id: z.string() });

/** Removing a member takes effect at once on every server process, their sockets included. */
export const membersRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  app.post('/api/companies/:cid/users/:id/delete', {
    config: { access: access.company('settings', 'd') },
    schema: { tags: ['companies'], params, response: { 200: ZMessage } },
    handler: (req) => companies.removeMember(req.company!.id, req.params.id.toLowerCase()),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage } from '@fieldbook/core';
import { access, invalidateCompany } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { removeMember } from './members.repo.js';

const params = z.object({ cid: z.string(), id: z.string() });

/** Removing a member takes effect at once on every server process, their sockets included. */
export const membersRoutes: FastifyPluginAsyncZod<{
  deps: Pick<AppDeps, 'database' | 'caches' | 'events'>;
}> = async (app, { deps }) => {
  app.post('/api/companies/:cid/users/:id/delete', {
    config: { access: access.company('settings', 'd') },
    schema: { tags: ['companies'], params, response: { 200: ZMessage } },
    handler: async (req) => {
      const companyId = req.company!.id;
      const userId = req.params.id.toLowerCase();
      const r = await removeMember(deps.database.db, companyId, userId);
      if (r === 'none') throw notFound('User not found');
      if (r === 'owner')
        throw new HttpError(400, 'The owner of the company cannot be removed', {
          userId: 'is the owner',
        });
      invalidateCompany(deps, companyId, userId);
      return { message: 'Removed' };
    },
  });
};

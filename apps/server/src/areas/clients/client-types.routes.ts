import { z } from 'zod';
import { ZClientType, ZClientTypeSave, ZMessage, ZSaved } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { ClientTypesService } from './client-types.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['clients'];

/** `/entityTemplate`: the client types of a company. */
export const clientTypesRoutes: FastifyPluginAsyncZod<{ types: ClientTypesService }> = async (
  app,
  { types },
) => {
  app.get('/api/companies/:cid/entityTemplate', {
    config: { access: access.company('clients', 'r') },
    schema: { tags, params: cid, response: { 200: z.array(ZClientType) } },
    handler: (req) => types.list(req.company!.id),
  });

  app.get('/api/companies/:cid/entityTemplate/:id', {
    config: { access: access.company('clients', 'r') },
    schema: { tags, params: cidId, response: { 200: ZClientType } },
    handler: (req) => types.get(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/entityTemplate', {
    config: { access: access.save('settings', 'body._id') },
    schema: {
      tags,
      description:
        'Create (no `_id`, needs settings.c) or update (needs settings.u). Client types are templates: the settings area (DECISIONS §2).',
      params: cid,
      body: ZClientTypeSave,
      response: { 200: ZSaved },
    },
    handler: (req) => types.save(req.company!.id, req.body),
  });

  app.post('/api/companies/:cid/entityTemplate/:id/delete', {
    config: { access: access.company('settings', 'd') },
    schema: { tags, params: cidId, response: { 200: ZMessage } },
    handler: (req) => types.remove(req.company!.id, req.params.id),
  });
};

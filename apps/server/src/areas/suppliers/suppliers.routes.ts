import { z } from 'zod';
import { ZMessage, ZSaved, ZSupplier, ZSupplierSave } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { SuppliersService } from './suppliers.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['suppliers'];

/** Suppliers (access area `clients`, DECISIONS §2). */
export const suppliersRoutes: FastifyPluginAsyncZod<{ suppliers: SuppliersService }> = async (
  app,
  { suppliers },
) => {
  app.get('/api/companies/:cid/suppliers', {
    config: { access: access.company('clients', 'r') },
    schema: { tags, params: cid, response: { 200: z.array(ZSupplier) } },
    handler: (req) => suppliers.list(req.company!.id),
  });

  app.get('/api/companies/:cid/suppliers/:id', {
    config: { access: access.company('clients', 'r') },
    schema: { tags, params: cidId, response: { 200: ZSupplier } },
    handler: (req) => suppliers.get(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/suppliers', {
    config: { access: access.save('clients', 'body._id') },
    schema: {
      tags,
      description: 'Create (no `_id`, needs clients.c) or update (needs clients.u).',
      params: cid,
      body: ZSupplierSave,
      response: { 200: ZSaved },
    },
    handler: (req) => suppliers.save(req.company!.id, req.body),
  });

  app.post('/api/companies/:cid/suppliers/:id/delete', {
    config: { access: access.company('clients', 'd') },
    schema: { tags, params: cidId, response: { 200: ZMessage } },
    handler: (req) => suppliers.remove(req.company!.id, req.params.id),
  });
};

import { z } from 'zod';
import { ZItem, ZItemSave, ZMessage, ZSaved } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { ItemsService } from './items.service.js';

const id = z.object({ id: z.string() });
const itemParams = id.extend({ itemId: z.string() });

/** The saved price list (access area `invoices`); the company comes from `params.id`. */
export const itemsRoutes: FastifyPluginAsyncZod<{ items: ItemsService }> = async (
  app,
  { items },
) => {
  app.get('/api/companies/:id/items', {
    config: { access: access.company('invoices', 'r', 'params.id') },
    schema: { tags: ['items'], params: id, response: { 200: z.array(ZItem) } },
    handler: (req) => items.list(req.company!.id),
  });

  app.post('/api/companies/:id/item/:itemId', {
    // Create needs c, update u: which one is known once the item is looked up.
    config: {
      access: access.save(
        'invoices',
        (req, companyId) => items.exists(companyId, (req.params as { itemId: string }).itemId),
        'params.id',
      ),
    },
    schema: { tags: ['items'], params: itemParams, body: ZItemSave, response: { 200: ZSaved } },
    handler: (req) => items.save(req.company!.id, req.params.itemId.toLowerCase(), req.body),
  });

  app.delete('/api/companies/:id/item/:itemId', {
    config: { access: access.company('invoices', 'd', 'params.id') },
    schema: { tags: ['items'], params: itemParams, response: { 200: ZMessage } },
    handler: (req) => items.remove(req.company!.id, req.params.itemId),
  });
};

import { z } from 'zod';
import { ZRouteBase } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { RouteBaseService } from './route-base.service.js';

const cid = z.object({ cid: z.string() });
const PATH = '/api/companies/:cid/routeBase';

/** Where the company's routes start and end (the route planner's base). */
export const routeBaseRoutes: FastifyPluginAsyncZod<{ routeBase: RouteBaseService }> = async (
  app,
  { routeBase },
) => {
  app.get(PATH, {
    config: { access: access.company('appointments', 'r') },
    schema: { tags: ['routes'], params: cid, response: { 200: ZRouteBase } },
    handler: async (req) => ({ basePosition: await routeBase.get(req.company!.id) }),
  });

  app.post(PATH, {
    config: { access: access.company('appointments', 'u') },
    schema: { tags: ['routes'], params: cid, body: ZRouteBase, response: { 200: ZRouteBase } },
    handler: async (req) => ({
      basePosition: await routeBase.set(req.company!.id, req.body.basePosition),
    }),
  });
};

import { z } from 'zod';
import { ZCalculateRoute, ZCalculateRouteAnswer } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { RoutesService } from './routes.service.js';

const cid = z.object({ cid: z.string() });

/** Route planning: the optimiser behind the route screen (writes go through the jobs' calls). */
export const routesRoutes: FastifyPluginAsyncZod<{ routes: RoutesService }> = async (
  app,
  { routes },
) => {
  app.post('/api/companies/:cid/appointments/calculateRoute', {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags: ['routes'],
      params: cid,
      body: ZCalculateRoute,
      response: { 200: ZCalculateRouteAnswer },
    },
    handler: (req) =>
      routes.calculate(req.body, { companyId: req.company!.id, userId: req.user!.id }),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDashboard, ZDashboardQuery } from '@fieldbook/core';
import { access, callerOf } from '../../platform/access.js';
import type { DashboardService } from './dashboard.service.js';

/**
 * `GET /companies/{id}/dashboard` (the specification's call): any active
 * member may ask; the answer holds only the areas they may read.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  app.get('/api/companies/:id/dashboard', {
    config: { access: access.member('params.id') },
    schema: {
      tags: ['dashboard'],
      description:
        "A month's invoiced, paid, expenses; today's outstanding and overdue, failed sends, open incidents.",
      params: z.object({ id: z.string() }),
      querystring: ZDashboardQuery,
      response: { 200: ZDashboard },
    },
    handler: (req) => service.figures(req.company!.id, callerOf(req), req.query.month),
  });
};

import { z } from 'zod';
import { ZRouteBase } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { getCompany, updateCompany } from './companies.repo.js';

const cid = z.object({ cid: z.string() });
const PATH = '/api/companies/:cid/routeBase';

/** Where the company's routes start and end (the route planner's base). */
export const routeBaseRoutes: FastifyPluginAsyncZod<{ db: Tx }> = async (app, { db }) => {
  app.get(PATH, {
    config: { access: access.company('appointments', 'r') },
    schema: { tags: ['routes'], params: cid, response: { 200: ZRouteBase } },
    handler: async (req) => ({
      basePosition: (await getCompany(db, req.company!.id))?.basePosition ?? null,
    }),
  });

  app.post(PATH, {
    config: { access: access.company('appointments', 'u') },
    schema: { tags: ['routes'], params: cid, body: ZRouteBase, response: { 200: ZRouteBase } },
    handler: async (req) => {
      await updateCompany(db, req.company!.id, { basePosition: req.body.basePosition });
      return { basePosition: req.body.basePosition };
    },
  });
};

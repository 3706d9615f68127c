import { z } from 'zod';
import {
  TASK_STEPS,
  ZTaskAnswer,
  ZTaskCreate,
  ZTaskStep,
  ZTasksAnswer,
  ZTasksQuery,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { TasksService } from './tasks.service.js';

const id = z.object({ id: z.string() });

/**
 * Task coupons, at the top level as the specification writes them (`companyId`
 * in the call). Listing and stepping a coupon are a signed-in member's (no
 * rights area): never an API token's (docs/api.md); making one needs settings c.
 */
export const tasksRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (
  app,
  { tasks },
) => {
  app.get('/api/tasks', {
    config: { access: access.sessionMember('query.companyId') },
    schema: { tags: ['tasks'], querystring: ZTasksQuery, response: { 200: ZTasksAnswer } },
    handler: (req) => tasks.list(req.company!.id, req.user!.id),
  });

  app.post('/api/tasks', {
    config: { access: access.company('settings', 'c', 'body.companyId') },
    schema: { tags: ['tasks'], body: ZTaskCreate, response: { 200: ZTaskAnswer } },
    handler: (req) => tasks.create(req.company!.id, req.user!.id, req.body),
  });

  for (const step of TASK_STEPS)
    app.post(`/api/tasks/:id/${step}`, {
      config: { access: access.sessionMember('body.companyId') },
      schema: { tags: ['tasks'], params: id, body: ZTaskStep, response: { 200: ZTaskAnswer } },
      handler: (req) =>
        tasks.step(req.company!.id, req.user!.id, req.params.id.toLowerCase(), step),
    });
};

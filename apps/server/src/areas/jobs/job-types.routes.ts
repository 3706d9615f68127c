import { z } from 'zod';
import {
  ZAppointmentType,
  ZAppointmentTypeSave,
  ZJobTypeDelete,
  ZJobTypeDeleted,
  ZJobTypeSaved,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { JobTypesService } from './job-types.service.js';

const cid = z.object({ cid: z.string() });
const BASE = '/api/companies/:cid/appointments/types';

/** Appointment types: the workflow designer's documents (settings u writes, DECISIONS §12). */
export const jobTypesRoutes: FastifyPluginAsyncZod<{ types: JobTypesService }> = async (
  app,
  { types },
) => {
  app.get(BASE, {
    // appointments r (the job modal) or settings r/u (the designer).
    // Jobs need the types to show; the designer needs them to edit.
    config: { access: access.anyOf(['appointments.r', 'settings.r', 'settings.u']) },
    schema: { tags: ['jobs'], params: cid, response: { 200: z.array(ZAppointmentType) } },
    handler: (req) => types.list(req.company!.id),
  });

  app.post(BASE, {
    // Every write to types needs settings u, as the menu shows the designer (DECISIONS §12).
    config: { access: access.company('settings', 'u') },
    schema: {
      tags: ['jobs'],
      params: cid,
      body: ZAppointmentTypeSave,
      response: { 200: ZJobTypeSaved },
    },
    handler: (req) => types.save(req.company!.id, req.body),
  });

  app.post(`${BASE}/:id/delete`, {
    // settings u, as every write to types (DECISIONS §12); jobs using it move to `moveTo`.
    config: { access: access.company('settings', 'u') },
    schema: {
      tags: ['jobs'],
      description:
        "Deletes a type. Refused (409) for the company's last type, and (409 naming `moveTo`) while jobs or recurring jobs use it unless `moveTo` names another type of the company: they all move there in one transaction, keeping a status of the same name or taking its first status.",
      params: z.object({ cid: z.string(), id: z.string() }),
      body: ZJobTypeDelete,
      response: { 200: ZJobTypeDeleted },
    },
    handler: (req) => types.remove(req.company!.id, req.user!.id, req.params.id, req.body),
  });
};

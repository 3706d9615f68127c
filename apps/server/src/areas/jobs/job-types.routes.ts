import { z } from 'zod';
import { ZAppointmentType, ZAppointmentTypeSave, ZJobTypeSaved, can } from '@fieldbook/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import { forbidden } from '../../platform/errors.js';
import type { JobTypesService } from './job-types.service.js';

const cid = z.object({ cid: z.string() });
const BASE = '/api/companies/:cid/appointments/types';

/** Jobs need the types to show; the designer needs them to edit. */
async function mayReadTypes(req: FastifyRequest) {
  const m = req.company?.member;
  if (!can(m, 'appointments', 'r') && !can(m, 'settings', 'r') && !can(m, 'settings', 'u'))
    throw forbidden();
}

/** Appointment types: the workflow designer's documents (settings u writes, DECISIONS §12). */
export const jobTypesRoutes: FastifyPluginAsyncZod<{ types: JobTypesService }> = async (
  app,
  { types },
) => {
  app.get(BASE, {
    // appointments r (the job modal) or settings r/u (the designer).
    config: { access: access.member() },
    preValidation: mayReadTypes,
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
    handler: (req) => types.save(req.company!.id, req.company!.member, req.body),
  });
};

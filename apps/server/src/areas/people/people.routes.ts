import { z } from 'zod';
import { ZPerson, ZPersonSave, ZSaved } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import { readImageUpload, withUploads } from '../../platform/uploads.js';
import type { PeopleService } from './people.service.js';

const id = z.object({ id: z.string() });

export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (
  app,
  { people },
) => {
  app.get('/api/people', {
    config: { access: access.user },
    schema: { tags: ['people'], response: { 200: z.array(ZPerson) } },
    handler: (req) => people.list(req.user!.id),
  });
  app.get('/api/people/:id', {
    config: { access: access.user },
    schema: { tags: ['people'], params: id, response: { 200: ZPerson } },
    handler: (req) => people.get(req.user!.id, req.params.id),
  });
  app.post('/api/people', {
    config: { access: access.user },
    schema: { tags: ['people'], body: ZPersonSave, response: { 200: ZSaved } },
    handler: (req) => people.create(req.user!.id, req.body),
  });
  app.post('/api/people/:id', {
    config: { access: access.user },
    schema: { tags: ['people'], params: id, body: ZPersonSave, response: { 200: ZSaved } },
    handler: (req) => people.save(req.user!.id, req.params.id, req.body),
  });
  await withUploads(app, (scope) => {
    scope.post('/api/people/:id/picture', {
      config: { access: access.user },
      schema: {
        tags: ['people'],
        params: id,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ profilePicture: z.string() }) },
      },
      handler: async (req) => {
        const up = await readImageUpload(req, 5 * 1024 * 1024);
        if (!up.files.file) throw badField('file', 'is required');
        return people.setPicture(req.user!.id, req.params.id, up.files.file);
      },
    });
  });
};

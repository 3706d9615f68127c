import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { access, isUuid } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { unsafeGetFileById } from './files.repo.js';

export const filesRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'database'>> = async (
  app,
  { database },
) => {
  app.get('/api/images/:file', {
    config: { access: access.public },
    schema: { tags: ['files'], params: z.object({ file: z.string().max(64) }) },
    handler: async (req, reply) => {
      if (!isUuid(req.params.file)) throw notFound('Image not found');
      const f = await unsafeGetFileById(database.db, req.params.file);
      if (!f) throw notFound('Image not found');
      return reply
        .header('Content-Type', f.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(f.data);
    },
  });
};

import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { VERSION } from '@fieldbook/core';
import { adminRoutes } from './areas/admin/admin.routes.js';
import { authRoutes } from './areas/auth/auth.routes.js';
import { createAuthService } from './areas/auth/auth.service.js';
import { clientsRoutes } from './areas/clients/clients.routes.js';
import { companiesRoutes } from './areas/companies/companies.routes.js';
import { createCompaniesService } from './areas/companies/companies.service.js';
import { deliveryRoutes } from './areas/delivery/delivery.routes.js';
import { expensesRoutes } from './areas/expenses/expenses.routes.js';
import { filesRoutes } from './areas/files/files.routes.js';
import { incidentsRoutes } from './areas/incidents/incidents.routes.js';
import { invoicesRoutes } from './areas/invoices/invoices.routes.js';
import { itemsRoutes } from './areas/items/items.routes.js';
import { peopleRoutes } from './areas/people/people.routes.js';
import { createPeopleService } from './areas/people/people.service.js';
import { customerRoutes } from './areas/public/customer.routes.js';
import { payfastRoutes } from './areas/public/payfast.routes.js';
import { suppliersRoutes } from './areas/suppliers/suppliers.routes.js';
import { downloadsRoutes } from './areas/templates/downloads.routes.js';
import { templatesRoutes } from './areas/templates/templates.routes.js';
import { access, installAccess, type RouteEntry } from './platform/access.js';
import { installAuth } from './platform/auth.js';
import type { AppDeps } from './platform/deps.js';
import { installErrorHandler } from './platform/errors.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every /api route with its access declaration (the access matrix test walks it). */
    routeTable: RouteEntry[];
  }
}

/** Build the Fastify instance (no listen): the API, and the SPA when it is built. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    // Errors are always logged; each request only when logRequests is on.
    logger: { level: deps.config.logRequests ? 'info' : 'error' },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('routeTable', [] as RouteEntry[]);

  installErrorHandler(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Fieldbook API', version: VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 4 } });
  await app.register(rateLimit, { global: false });
  installAuth(app, deps);
  installAccess(app, deps, app.routeTable);

  const auth = createAuthService(deps);
  authRoutes(app, auth);
  companiesRoutes(app, createCompaniesService(deps, auth));
  peopleRoutes(app, createPeopleService(deps));
  filesRoutes(app);
  clientsRoutes(app);
  suppliersRoutes(app);
  itemsRoutes(app);
  invoicesRoutes(app);
  deliveryRoutes(app);
  expensesRoutes(app);
  incidentsRoutes(app);
  adminRoutes(app);
  templatesRoutes(app);
  downloadsRoutes(app);
  customerRoutes(app);
  payfastRoutes(app);

  app.get('/api/docs', { config: { access: access.public }, schema: { hide: true } }, () =>
    app.swagger(),
  );
  app.get('/api/health', { config: { access: access.public }, schema: { hide: true } }, () => ({
    ok: true,
    version: VERSION,
  }));

  await serveSpa(app, deps.config.webDist);
  return app;
}

/**
 * The built SPA from `/`; unknown non-API GETs get index.html so the browser
 * router decides (it shows "Not Found"); everything else is a JSON 404.
 */
async function serveSpa(app: App, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);
  // Read per request (it is small), so a rebuild of the SPA is served without a restart.
  const html = () => fs.readFileSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // Hashed assets never change; everything else (sw.js, the manifest) is revalidated.
      cacheControl: false,
      setHeaders: (reply: { header(k: string, v: string): unknown }, file: string) =>
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        ),
    });
    app.get('/', { schema: { hide: true } }, (_req, reply) =>
      reply.type('text/html').header('Cache-Control', 'no-cache').send(html()),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    if (
      built &&
      req.method === 'GET' &&
      !req.url.startsWith('/api') &&
      !req.url.startsWith('/socket.io')
    ) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(html());
    }
    return reply.status(404).send({ error: 'Not found' });
  });
}

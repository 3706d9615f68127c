import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
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
import { chatRoutes, createChatService } from './areas/chat/index.js';
import { calendarFeedsRoutes } from './areas/calendar-feeds/calendar-feeds.routes.js';
import { createCalendarFeedsService } from './areas/calendar-feeds/calendar-feeds.service.js';
import { adminRoutes } from './areas/admin/admin.routes.js';
import { passkeysRoutes } from './areas/auth/passkeys.routes.js';
import { twoFactorRoutes } from './areas/auth/two-factor.routes.js';
import { apiTokensRoutes } from './areas/auth/api-tokens.routes.js';
import { createApiTokensService } from './areas/auth/api-tokens.service.js';
import { authRoutes } from './areas/auth/auth.routes.js';
import { appleWebRoutes } from './areas/auth/apple-web.routes.js';
import { createAppleWebService } from './areas/auth/apple-web.service.js';
import { createAuthService } from './areas/auth/auth.service.js';
import { clientTypesRoutes } from './areas/clients/client-types.routes.js';
import { createClientTypesService } from './areas/clients/client-types.service.js';
import { clientsRoutes } from './areas/clients/clients.routes.js';
import { createClientsService } from './areas/clients/clients.service.js';
import { statementDocument, statementPreview } from './areas/clients/index.js';
import { companiesRoutes } from './areas/companies/companies.routes.js';
import { routeBaseRoutes } from './areas/companies/route-base.routes.js';
import { createRouteBaseService } from './areas/companies/route-base.service.js';
import { routesRoutes } from './areas/routes/routes.routes.js';
import { createRoutesService } from './areas/routes/routes.service.js';
import { createOptimiser } from './areas/routes/optimiser-pool.js';
import { createTasksService, tasksRoutes } from './areas/tasks/index.js';
import { createNotificationsService, notificationsRoutes } from './areas/notifications/index.js';
import { createWebhooksService, webhooksRoutes } from './areas/webhooks/index.js';
import { dashboardRoutes } from './areas/dashboard/dashboard.routes.js';
import { createDashboardService } from './areas/dashboard/dashboard.service.js';
import { joinCompany } from './areas/companies/index.js';
import { membersRoutes } from './areas/companies/members.routes.js';
import {
  companiesService,
  ledgerService,
  expensesService,
  incidentsService,
  invoicesService,
  jobTypesService,
} from './compose.js';
import { deliveryRoutes } from './areas/delivery/delivery.routes.js';
import { createSendHistoryService, sendHistoryRoutes } from './areas/delivery/delivery-history.js';
import { createDeliveryService } from './areas/delivery/delivery.service.js';
import { expensesRoutes } from './areas/expenses/expenses.routes.js';
import { ledgerRoutes } from './areas/accounting/ledger.routes.js';
import { exportsRoutes } from './areas/exports/exports.routes.js';
import { createExportsService } from './areas/exports/exports.service.js';
import { vehiclesRoutes } from './areas/vehicles/vehicles.routes.js';
import { createVehiclesService } from './areas/vehicles/vehicles.service.js';
import { filesRoutes } from './areas/files/files.routes.js';
import { createImportService } from './areas/incidents/import.service.js';
import { incidentsRoutes } from './areas/incidents/incidents.routes.js';
import { invoicesRoutes } from './areas/invoices/invoices.routes.js';
import { creditNotesRoutes } from './areas/invoices/credit-notes.routes.js';
import { createCreditNotesService } from './areas/invoices/credit-notes.service.js';
import { creditNoteDocument, invoiceDocument, invoicePreview } from './areas/invoices/index.js';
import { jobDocumentRoutes } from './areas/jobs/job-document.routes.js';
import { createJobDocumentService } from './areas/jobs/job-document.service.js';
import { jobsRoutes } from './areas/jobs/jobs.routes.js';
import { createJobsService } from './areas/jobs/jobs.service.js';
import { jobTypesRoutes } from './areas/jobs/job-types.routes.js';
import { itemsRoutes } from './areas/items/items.routes.js';
import { createItemsService } from './areas/items/items.service.js';
import { peopleRoutes } from './areas/people/people.routes.js';
import { createPeopleService } from './areas/people/people.service.js';
import { createPortalService, portalRoutes } from './areas/portal/index.js';
import { customerRoutes } from './areas/public/customer.routes.js';
import { createCustomerService } from './areas/public/customer.service.js';
import { payfastRoutes } from './areas/public/payfast.routes.js';
import { createPayfastService } from './areas/public/payfast.service.js';
import { recurringRoutes } from './areas/recurring/recurring.routes.js';
import { createRecurringPreview } from './areas/recurring/recurring.preview.js';
import { createRecurringService } from './areas/recurring/recurring.service.js';
import { searchRoutes } from './areas/search/search.routes.js';
import { createSearchService } from './areas/search/search.service.js';
import { suppliersRoutes } from './areas/suppliers/suppliers.routes.js';
import { createSuppliersService } from './areas/suppliers/suppliers.service.js';
import { downloadsRoutes } from './areas/templates/downloads.routes.js';
import { templatesRoutes } from './areas/templates/templates.routes.js';
import { createTemplatesService } from './areas/templates/templates.service.js';
import { SECURITY_SCHEMES, access, installAccess, type RouteEntry } from './platform/access.js';
import type { App } from './platform/app.js';
import { installAuth } from './platform/auth.js';
import type { AppDeps } from './platform/deps.js';
import { installErrorHandler } from './platform/errors.js';
import { createReadiness, healthRoutes, type Readiness } from './platform/health.js';
import { installHttpHeaders } from './platform/http-headers.js';
import { installInputGuard } from './platform/input-guard.js';
import { createMetrics, installMetrics, metricsRoutes, type Metrics } from './platform/metrics.js';
import { installRequestContext, requestIdOf } from './platform/request-context.js';

export type { App };

/** Trust the nearest `n` proxies (what Fastify does with a number, which its types leave out). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

/**
 * Build the Fastify instance (no listen): the API, the health probes, the
 * metrics, and the SPA when it is built. `readiness` is the server's (main.ts
 * hands its workers to it); tests get one of their own, reachable as
 * `app.readiness`. `logger`: a pino logger of the caller's (tests read its lines).
 */
export async function buildApp(
  deps: AppDeps,
  opts: { readiness?: Readiness; logger?: FastifyBaseLogger } = {},
): Promise<App> {
  const app = Fastify({
    // Errors are always logged; each request only when logRequests is on.
    ...(opts.logger
      ? { loggerInstance: opts.logger }
      : { logger: { level: deps.config.logRequests ? 'info' : 'error' } }),
    // A proxy's X-Request-Id when it is a short safe token, else a uuid (platform/request-context.ts).
    genReqId: requestIdOf,
    // Behind a proxy, request.ip is the client's address only when the proxy is trusted.
    trustProxy:
      typeof deps.config.trustProxy === 'number'
        ? hops(deps.config.trustProxy)
        : deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('routeTable', [] as RouteEntry[]);
  const readiness = opts.readiness ?? createReadiness(deps, { log: (l) => app.log.warn(l) });
  app.decorate('readiness', readiness);
  const metrics: Metrics = createMetrics(deps);
  app.decorate('metrics', metrics);

  installErrorHandler(app);
  installRequestContext(app);
  installMetrics(app, metrics);
  // Security headers and compression for every answer (before the routes: they hook onRoute).
  await installHttpHeaders(app, deps.config);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fieldbook API', version: VERSION },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(rateLimit, { global: false });
  installAuth(app, deps);
  installAccess(app, deps, app.routeTable);
  // After the access hook: NUL, unpaired surrogates and deep nesting are refused for every route.
  installInputGuard(app);

  // The composition root: each area's routes are a plugin given the services it calls.
  const auth = createAuthService(deps, joinCompany);
  await app.register(authRoutes, { auth });
  await app.register(twoFactorRoutes, { twoFactor: auth.twoFactor });
  await app.register(apiTokensRoutes, { apiTokens: createApiTokensService(deps) });
  await app.register(passkeysRoutes, { auth });
  await app.register(appleWebRoutes, { appleWeb: createAppleWebService(deps) });
  const companies = companiesService(deps, auth);
  await app.register(companiesRoutes, { companies });
  await app.register(peopleRoutes, { people: createPeopleService(deps) });
  await app.register(membersRoutes, { companies });
  await app.register(filesRoutes, { database: deps.database });
  await app.register(clientTypesRoutes, { types: createClientTypesService(deps) });
  await app.register(clientsRoutes, { clients: createClientsService(deps) });
  await app.register(suppliersRoutes, { suppliers: createSuppliersService(deps) });
  await app.register(itemsRoutes, { items: createItemsService(deps) });
  await app.register(invoicesRoutes, { invoices: invoicesService(deps) });
  await app.register(creditNotesRoutes, { creditNotes: createCreditNotesService(deps) });
  await app.register(deliveryRoutes, { delivery: createDeliveryService(deps) });
  await app.register(expensesRoutes, { expenses: expensesService(deps) });
  await app.register(vehiclesRoutes, { vehicles: createVehiclesService(deps) });
  await app.register(ledgerRoutes, { ledger: ledgerService(deps) });
  await app.register(exportsRoutes, { exports: createExportsService(deps) });
  await app.register(recurringRoutes, {
    recurring: createRecurringService(deps),
    preview: createRecurringPreview(deps),
  });
  await app.register(incidentsRoutes, {
    incidents: incidentsService(deps),
    imports: createImportService(deps),
  });
  await app.register(adminRoutes, { mailer: deps.mailer });
  await app.register(templatesRoutes, {
    svc: createTemplatesService(deps, {
      invoice: (companyId, id, fields) => invoicePreview(deps, companyId, id, fields),
      statement: (companyId, clientId) => statementPreview(deps, companyId, clientId),
    }),
    database: deps.database,
    pdf: deps.pdf,
  });
  await app.register(downloadsRoutes, {
    deps,
    documents: {
      invoice: (companyId, id) => invoiceDocument(deps, companyId, id),
      statement: (companyId, clientId, period) =>
        statementDocument(deps, companyId, clientId, period),
      creditNote: (companyId, id) => creditNoteDocument(deps, companyId, id),
    },
  });
  await app.register(customerRoutes, { customer: createCustomerService(deps) });
  await app.register(portalRoutes, {
    portal: createPortalService(deps, {
      statement: (companyId, clientId, period) =>
        statementDocument(deps, companyId, clientId, period),
      creditNote: (companyId, id) => creditNoteDocument(deps, companyId, id),
    }),
  });
  await app.register(payfastRoutes, { payfast: createPayfastService(deps) });
  await app.register(jobTypesRoutes, { types: jobTypesService(deps) });
  await app.register(jobsRoutes, { jobs: createJobsService(deps) });
  const optimiser = createOptimiser();
  app.addHook('onClose', () => optimiser.close());
  await app.register(routesRoutes, {
    routes: createRoutesService({ osrmUrl: deps.config.osrmUrl, optimiser }),
  });
  await app.register(tasksRoutes, { tasks: createTasksService(deps) });
  await app.register(notificationsRoutes, { notifications: createNotificationsService(deps) });
  await app.register(routeBaseRoutes, { routeBase: createRouteBaseService(deps) });
  await app.register(jobDocumentRoutes, { documents: createJobDocumentService(deps) });
  await app.register(calendarFeedsRoutes, { feeds: createCalendarFeedsService(deps) });
  await app.register(dashboardRoutes, { service: createDashboardService(deps) });
  await app.register(sendHistoryRoutes, { service: createSendHistoryService(deps) });
  await app.register(chatRoutes, { chat: createChatService(deps) });
  await app.register(searchRoutes, { search: createSearchService(deps) });
  await app.register(webhooksRoutes, { webhooks: createWebhooksService(deps) });

  app.get('/api/docs', { config: { access: access.public }, schema: { hide: true } }, () =>
    app.swagger(),
  );
  // The first liveness answer, kept for probes already pointed at it: no version, which would
  // only tell a stranger which known faults to try (docs/deploy.md, "Health").
  app.get('/api/health', { config: { access: access.public }, schema: { hide: true } }, () => ({
    ok: true,
  }));

  healthRoutes(app, readiness);
  metricsRoutes(app, metrics, deps.config.metricsToken);

  await serveSpa(app, deps.config.webDist);
  return app;
}

/**
 * Where a public page rendered at build (apps/web/src/prerender.tsx) would be:
 * `/` is prerendered/index.html, `/terms` prerendered/terms.html; other paths
 * (and `/index`, no page of the app's) have none.
 */
function prerenderedFile(dist: string, url: string): string | null {
  const word = /^\/([a-z]*)$/.exec(url.split('?')[0]!)?.[1];
  if (word === undefined || word === 'index') return null;
  return path.join(dist, 'prerendered', `${word || 'index'}.html`);
}

/**
 * The built SPA from `/`; unknown non-API GETs get index.html so the browser
 * router decides (it shows "Not Found"); everything else is a JSON 404. The
 * public pages prerendered at build (dist/prerendered) are sent as they are.
 */
async function serveSpa(app: App, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);
  // Read per request (they are small), so a rebuild of the SPA is served without a restart.
  const html = (url: string) => {
    const page = prerenderedFile(dist, url);
    return fs.readFileSync(page && fs.existsSync(page) ? page : index);
  };
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The prerendered pages are sent for their own paths only (prerenderedFile).
      globIgnore: ['prerendered/**'],
      // The build writes .br and .gz siblings (scripts/precompress.mjs): sent as they are.
      preCompressed: true,
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
    const page = (req: FastifyRequest, reply: FastifyReply) =>
      reply.type('text/html').header('Cache-Control', 'no-cache').send(html(req.url));
    app.get('/', { schema: { hide: true } }, (req, reply) => page(req, reply));
    // Every other GET is a path of the browser router (/view/..., /clients/...): a
    // route rather than the not-found handler, so it is compressed like the rest.
    app.get('/*', { schema: { hide: true } }, (req, reply) =>
      req.url.startsWith('/api') || req.url.startsWith('/socket.io')
        ? reply.status(404).send({ error: 'Not found' })
        : page(req, reply),
    );
  }
  app.setNotFoundHandler((_req, reply) => {
    return reply.status(404).send({ error: 'Not found' });
  });
}

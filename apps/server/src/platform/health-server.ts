import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { healthRoutes, type Readiness } from './health.js';

/**
 * The HTTP side of a worker-only process (FIELDBOOK_ROLE=worker,
 * docs/deploy.md "Roles"): `GET /healthz` and `GET /readyz` as the full
 * server answers them, and a plain 404 for everything else, so an
 * orchestrator probes a worker exactly as it probes a web process.
 */
export function buildHealthApp(readiness: Readiness, logRequests: boolean): FastifyInstance {
  // Its logger also carries the queue jobs' JSON lines (info when LOG_REQUESTS is on).
  const app = Fastify({ logger: { level: logRequests ? 'info' : 'error' } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  healthRoutes(app, readiness);
  return app;
}

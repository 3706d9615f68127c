import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteEntry } from './access.js';
import type { Readiness } from './health.js';
import type { Metrics } from './metrics.js';

/** The Fastify instance with zod schemas; areas' routes are plugins registered on it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route and health probe with its access declaration (the access matrix test walks it). */
    routeTable: RouteEntry[];
    /** What `/readyz` checks (platform/health.ts). */
    readiness: Readiness;
    /** Prometheus metrics (platform/metrics.ts); main.ts hands it the sockets and the bridge. */
    metrics: Metrics;
  }
}

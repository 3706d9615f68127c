import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type RouteEntry } from './platform/access.js';
import type { AppDeps } from './platform/deps.js';
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
export declare function buildApp(deps: AppDeps): Promise<App>;

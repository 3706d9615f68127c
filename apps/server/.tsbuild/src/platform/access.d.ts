import type { FastifyInstance } from 'fastify';
import { type Area, type Flag, type MemberAccess } from '@fieldbook/core';
import type { SessionUser } from './auth.js';
import type { AppDeps } from './deps.js';
/** Where a company-scoped route finds its company id; it is unverified until the hook checks membership. */
export type CompanyFrom = 'params.cid' | 'params.id' | 'body.companyId';
/**
 * Every route under /api declares who may call it. A route without a
 * declaration makes the server refuse to start, and the access matrix test
 * walks these declarations.
 */
export type RouteAccess =
  | {
      kind: 'public';
    }
  | {
      kind: 'user';
    }
  | {
      kind: 'super';
    }
  | {
      kind: 'company';
      from: CompanyFrom;
      area: Area;
      flag: Flag;
    }
  /** Any active member of the company (reading the company itself). */
  | {
      kind: 'member';
      from: CompanyFrom;
    };
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    company: {
      id: string;
      member: MemberAccess;
    } | null;
  }
}
export declare const access: {
  public: RouteAccess;
  user: RouteAccess;
  super: RouteAccess;
  member: (from?: CompanyFrom) => RouteAccess;
  company: (area: Area, flag: Flag, from?: CompanyFrom) => RouteAccess;
};
export declare const isUuid: (s: unknown) => s is string;
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}
/**
 * The company hook: resolves the company from the route, checks membership
 * (404 for a company the caller does not belong to, never revealing that it
 * exists), then the area flag (403). Runs before body validation, so an
 * unauthorised caller learns nothing from validation messages.
 */
export declare function installAccess(
  app: FastifyInstance,
  deps: AppDeps,
  routeTable: RouteEntry[],
): void;
/** Forget cached memberships of a company after its members or groups change. */
export declare function invalidateCompany(deps: AppDeps, companyId: string): void;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Area, type Flag, type MemberAccess } from '@fieldbook/core';
import { forbidden, notFound } from './errors.js';
import type { SessionUser } from './auth.js';
import { findMember } from './sessions.repo.js';
import type { AppDeps } from './deps.js';

/** Where a company-scoped route finds its company id; it is unverified until the hook checks membership. */
export type CompanyFrom = 'params.cid' | 'params.id' | 'body.companyId' | 'query.companyId';

/**
 * Every route under /api declares who may call it. A route without a
 * declaration makes the server refuse to start, and the access matrix test
 * walks these declarations.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'super' }
  | { kind: 'company'; from: CompanyFrom; area: Area; flag: Flag }
  /** Any active member of the company (reading the company itself). */
  | { kind: 'member'; from: CompanyFrom };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    company: { id: string; member: MemberAccess } | null;
  }
}

export const access = {
  public: { kind: 'public' } as RouteAccess,
  user: { kind: 'user' } as RouteAccess,
  super: { kind: 'super' } as RouteAccess,
  member: (from: CompanyFrom = 'params.cid'): RouteAccess => ({ kind: 'member', from }),
  company: (area: Area, flag: Flag, from: CompanyFrom = 'params.cid'): RouteAccess => ({
    kind: 'company',
    area,
    flag,
    from,
  }),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID.test(s);

function companyIdOf(request: FastifyRequest, from: CompanyFrom): unknown {
  const params = request.params as Record<string, unknown> | undefined;
  if (from === 'params.cid') return params?.cid;
  if (from === 'params.id') return params?.id;
  if (from === 'query.companyId')
    return (request.query as Record<string, unknown> | undefined)?.companyId;
  return (request.body as Record<string, unknown> | undefined)?.companyId;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

/** Membership cache key. */
const memberKey = (companyId: string, userId: string) => `${companyId}:${userId}`;

/**
 * The company hook: resolves the company from the route, checks membership
 * (404 for a company the caller does not belong to, never revealing that it
 * exists), then the area flag (403). Runs before body validation, so an
 * unauthorised caller learns nothing from validation messages.
 */
export function installAccess(app: FastifyInstance, deps: AppDeps, routeTable: RouteEntry[]): void {
  app.decorateRequest('company', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const a = route.config?.access;
    if (!a) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    for (const method of ([] as string[]).concat(route.method)) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, access: a });
    }
  });

  app.addHook('preValidation', async (request) => {
    // Every id in a path is a uuid: anything else is an unknown id, so 404.
    const params = (request.params ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(params)) {
      if ((name === 'id' || name === 'cid' || name.endsWith('Id')) && !isUuid(value))
        throw notFound();
    }
    const a = request.routeOptions.config.access;
    if (!a || a.kind === 'public' || a.kind === 'user') return;
    const user = request.user;
    if (!user) throw new Error('auth hook did not run');
    if (a.kind === 'super') {
      if (user.rank !== 'super') throw forbidden();
      return;
    }
    const companyId = companyIdOf(request, a.from);
    if (!isUuid(companyId)) throw notFound('Company not found');
    const member = await loadMember(deps, companyId.toLowerCase(), user.id);
    if (!member) throw notFound('Company not found');
    if (member.disabled) throw forbidden('Your access to this company is disabled');
    if (a.kind === 'company' && !can(member, a.area, a.flag)) throw forbidden();
    request.company = { id: companyId.toLowerCase(), member };
  });
}

/** The member's access, from the cache that revocations clear (also used by realtime). */
export async function loadMember(
  deps: Pick<AppDeps, 'caches' | 'database'>,
  companyId: string,
  userId: string,
): Promise<MemberAccess | null> {
  const key = memberKey(companyId, userId);
  const cached = deps.caches.members.get(key);
  if (cached !== undefined) return cached;
  const readAt = deps.caches.members.generation();
  const row = await findMember(deps.database.db, companyId, userId);
  const member: MemberAccess | null = row
    ? { isOwner: row.ownerId === userId, disabled: row.disabled, rights: row.rights }
    : null;
  deps.caches.members.set(key, member, undefined, readAt);
  return member;
}

/**
 * Forget cached memberships of a company (or of one member) after its members
 * or groups change, here and on every other server process; sockets of
 * members who lost the company leave its room.
 */
export function invalidateCompany(
  deps: Pick<AppDeps, 'caches' | 'events'>,
  companyId: string,
  userId?: string,
): void {
  deps.events.emitAccess({ kind: 'company', companyId, ...(userId && { userId }) });
}

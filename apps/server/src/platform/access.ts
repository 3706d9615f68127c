import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AREAS,
  FLAGS,
  can,
  narrowTo,
  type Area,
  type Flag,
  type GroupRights,
  type MemberAccess,
} from '@fieldbook/core';
import { forbidden, notFound } from './errors.js';
import type { SessionUser } from './session-user.js';
import { findMember } from './sessions.repo.js';
import type { AppDeps } from './deps.js';

/** Where a company-scoped route finds its company id; it is unverified until the hook checks membership. */
export type CompanyFrom = 'params.cid' | 'params.id' | 'body.companyId' | 'query.companyId';

/** One right: an area and a flag, `invoices.c`. */
export type Right = `${Area}.${Flag}`;

/**
 * How a save route tells an update (needs u) from a create (needs c):
 * - `body._id`: the raw JSON body carries a non-empty `_id`;
 * - a function of the request (it may look the record up);
 * - `handler`: the body is read only by the handler (multipart); the hook
 *   admits a member with c or u and the handler calls `decideSave`.
 */
export type UpdateTest =
  'body._id' | 'handler' | ((req: FastifyRequest, companyId: string) => Promise<boolean>);

/** A request field that asks for more: `query.resolve` equal to `true`, a non-empty `body._id`. */
export interface Condition {
  field: `body.${string}` | `query.${string}`;
  /** The value that asks for more; without it any non-empty value does. */
  equals?: string;
}

/** What a company-scoped route needs of the member, evaluated here and nowhere else. */
export interface CompanyRule {
  /** Every one of these rights. */
  all: Right[];
  /** At least one of these rights (when not empty). */
  any?: Right[];
  /** A save: the area's c to create, its u to update. */
  save?: { area: Area; update: UpdateTest };
  /** More rights when the request asks for more. */
  when?: { if: Condition; all: Right[] };
}

/**
 * Every route under /api declares who may call it. A route without a
 * declaration makes the server refuse to start, and the access matrix test
 * walks these declarations.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'super' }
  /**
   * No session: a token of its own from the configuration (`GET /metrics`,
   * METRICS_TOKEN), checked by the route; 404 when the setting is unset.
   */
  | { kind: 'token' }
  /**
   * An active member of the company whose rights satisfy the rule. An API
   * token for the company may call it too, narrowed to the token's rights.
   */
  | { kind: 'company'; from: CompanyFrom; rule: CompanyRule; sessionOnly?: true }
  /**
   * Any active member of the company (reading the company itself).
   * `sessionOnly`: never with an API token (managing the tokens themselves).
   */
  | { kind: 'member'; from: CompanyFrom; sessionOnly?: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    company: { id: string; member: MemberAccess } | null;
  }
}

const rule = (r: CompanyRule, from: CompanyFrom): RouteAccess => ({
  kind: 'company',
  from,
  rule: r,
});

export const access = {
  public: { kind: 'public' } as RouteAccess,
  user: { kind: 'user' } as RouteAccess,
  super: { kind: 'super' } as RouteAccess,
  token: { kind: 'token' } as RouteAccess,
  member: (from: CompanyFrom = 'params.cid'): RouteAccess => ({ kind: 'member', from }),
  /** Any active member, signed in: an API token is refused (401). */
  sessionMember: (from: CompanyFrom = 'params.cid'): RouteAccess => ({
    kind: 'member',
    from,
    sessionOnly: true,
  }),
  /** One right. */
  company: (area: Area, flag: Flag, from: CompanyFrom = 'params.cid'): RouteAccess =>
    rule({ all: [`${area}.${flag}`] }, from),
  /** Every one of several rights. */
  allOf: (rights: Right[], from: CompanyFrom = 'params.cid'): RouteAccess =>
    rule({ all: rights }, from),
  /** One of several rights. */
  anyOf: (rights: Right[], from: CompanyFrom = 'params.cid'): RouteAccess =>
    rule({ all: [], any: rights }, from),
  /** A save that creates (c) or updates (u). */
  save: (area: Area, update: UpdateTest, from: CompanyFrom = 'params.cid'): RouteAccess =>
    rule({ all: [], save: { area, update } }, from),
  /** Any rule: rights, one of, a save, more when the request asks for more. */
  rule: (r: CompanyRule, from: CompanyFrom = 'params.cid'): RouteAccess => rule(r, from),
};

/** Whether an API token may call a route: a company's API, never a session-only call (docs/api.md). */
export const takesApiTokens = (a: RouteAccess): boolean =>
  (a.kind === 'company' || a.kind === 'member') && !a.sessionOnly;

/** How a caller proves who they are, for the OpenAPI document (docs/api.md). */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'header',
    name: 'token',
    description:
      'A session from POST /api/auth/login, sent as the token header (or Authorization: Bearer) with the username header.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API token (fbk_…) made in Profile Settings: Authorization: Bearer fbk_…, on its company's routes only, within its rights (docs/api.md).",
  },
} as const;

/** The security an operation lists in the OpenAPI document. */
function securityOf(a: RouteAccess): Record<string, string[]>[] {
  if (a.kind === 'public' || a.kind === 'token') return [];
  return takesApiTokens(a) ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }];
}

/** A member of a company that asks for a second factor, without one (docs/auth.md). */
export const TWO_FACTOR_REQUIRED =
  'This company asks its members to use two-factor sign-in: turn it on in Profile Settings first';

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
    const a = route.config?.access;
    // Outside /api only the routes that declare access are listed (the health probes);
    // the SPA's pages are the web app's, not the API's.
    if (!route.url.startsWith('/api') && !a) return;
    if (!a) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    // Read by @fastify/swagger when it writes the document (the same object it holds).
    if (route.schema) (route.schema as { security?: unknown }).security = securityOf(a);
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
    if (!a || a.kind === 'public' || a.kind === 'user' || a.kind === 'token') return;
    const user = request.user;
    if (!user) throw new Error('auth hook did not run');
    if (a.kind === 'super') {
      if (!isSuper(user)) throw forbidden();
      return;
    }
    const companyId = companyIdOf(request, a.from);
    if (!isUuid(companyId)) throw notFound('Company not found');
    // An API token is for one company: any other is one the caller is not in.
    const token = user.apiToken;
    if (token && token.companyId !== companyId.toLowerCase()) throw notFound('Company not found');
    const found = await loadMember(deps, companyId.toLowerCase(), user.id);
    if (!found) throw notFound('Company not found');
    const member = token ? narrowTo(found, token.rights) : found;
    if (member.disabled) throw forbidden('Your access to this company is disabled');
    if (member.needsTwoFactor) throw forbidden(TWO_FACTOR_REQUIRED);
    if (
      a.kind === 'company' &&
      !(await satisfies(a.rule, member, request, companyId.toLowerCase()))
    )
      throw forbidden();
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
    ? {
        isOwner: row.ownerId === userId,
        disabled: row.disabled,
        rights: row.rights,
        ...(row.needsTwoFactor && { needsTwoFactor: true }),
      }
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

const rightOf = (r: Right) => r.split('.') as [Area, Flag];
const holds = (member: MemberAccess, r: Right) => can(member, ...rightOf(r));

/** The raw value of a request field (`body.x`, `query.x`), read before validation. */
function fieldOf(req: FastifyRequest, field: Condition['field']): unknown {
  const [where, name] = field.split('.') as ['body' | 'query', string];
  const src = (where === 'body' ? req.body : req.query) as
    Record<string, unknown> | null | undefined;
  return src?.[name];
}

/** Whether the request asks for what the condition names. */
export function asks(req: FastifyRequest, c: Condition): boolean {
  const v = fieldOf(req, c.field);
  return c.equals === undefined ? typeof v === 'string' && v !== '' : v === c.equals;
}

/** The one evaluation of a company rule (by the route hook). */
export async function satisfies(
  r: CompanyRule,
  member: MemberAccess,
  req: FastifyRequest,
  companyId: string,
): Promise<boolean> {
  if (!r.all.every((x) => holds(member, x))) return false;
  if (r.any?.length && !r.any.some((x) => holds(member, x))) return false;
  if (r.when && asks(req, r.when.if) && !r.when.all.every((x) => holds(member, x))) return false;
  if (r.save) {
    const { area, update } = r.save;
    if (update === 'handler') return can(member, area, 'c') || can(member, area, 'u');
    const isUpdate =
      update === 'body._id' ? asks(req, { field: 'body._id' }) : await update(req, companyId);
    return can(member, area, isUpdate ? 'u' : 'c');
  }
  return true;
}

/**
 * The rest of a save declared `access.save(area, 'handler')`, once the
 * handler has read the body: c to create, u to update, else 403.
 */
export function decideSave(req: FastifyRequest, isUpdate: boolean): void {
  const a = req.routeOptions.config.access;
  if (a?.kind !== 'company' || a.rule.save?.update !== 'handler')
    throw new Error(`${req.routeOptions.url} does not declare a save decided in its handler`);
  if (!can(req.company?.member, a.rule.save.area, isUpdate ? 'u' : 'c')) throw forbidden();
}

/** A raw body (JSON or a multipart `data` field) that carries a non-empty `_id`. */
export const hasId = (raw: unknown): boolean => {
  const id = (raw as { _id?: unknown } | null | undefined)?._id;
  return typeof id === 'string' && id !== '';
};

/**
 * Who is calling a service: a member of one company, or the system. Every
 * service function that decides by rights takes one; there is no default.
 */
export interface Caller {
  companyId: string;
  /** The signed-in user, or the user the system acts for (null when none). */
  userId: string | null;
  member: MemberAccess;
  /** The user's rank (`super`), null for the system and most users. */
  rank: string | null;
}

/** The user a service writes as (a comment's author): 500 for a system caller without one. */
export function userOf(who: Caller): string {
  if (!who.userId) throw new Error('This needs a user, and the system caller acts for none');
  return who.userId;
}

/** The caller of a company-scoped request (after the company hook). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.company || !req.user) throw new Error(`${req.routeOptions.url} is not company-scoped`);
  return {
    companyId: req.company.id,
    userId: req.user.id,
    member: req.company.member,
    rank: req.user.rank,
  };
}

/** The owner's authority, for the system only. */
const SYSTEM_MEMBER: MemberAccess = Object.freeze({ isOwner: true, disabled: false, rights: null });

/**
 * The system (seeds, schedulers, automations): every right, explicitly.
 * `actingFor` is the user its writes are attributed to, when there is one.
 */
export function systemCaller(companyId: string, actingFor: string | null = null): Caller {
  return { companyId, userId: actingFor, member: SYSTEM_MEMBER, rank: null };
}

/**
 * Rules that depend on the data (which record, which field) and so are
 * decided in services, through these functions only (docs/security.md lists them).
 */
export function may(
  who: Caller | MemberAccess | null | undefined,
  area: Area,
  flag: Flag,
): boolean {
  const member = who && 'member' in who ? who.member : who;
  return can(member, area, flag);
}

/** 403 unless the caller has `flag` on `area`. */
export function requireRight(who: Caller | MemberAccess, area: Area, flag: Flag): void {
  if (!may(who, area, flag)) throw forbidden();
}

/** A user of rank super (templates every company uses). */
export const isSuper = (who: Pick<Caller, 'rank'> | SessionUser): boolean => who.rank === 'super';

/** The company's owner, whose rights no group limits (statuses, owner-only settings). */
export function isOwner(who: Caller | MemberAccess): boolean {
  const m = 'member' in who ? who.member : who;
  // An owner's API token is not the owner: what is the owner's alone stays out of its reach.
  return m.isOwner && !m.scope;
}

/**
 * DECISIONS §2: a member may grant (in a group, by putting someone in it, by
 * an invitation) only rights they hold; `before` are rights already granted.
 */
export function mayGrant(
  who: Caller | MemberAccess,
  rights: GroupRights | null,
  before: GroupRights | null = null,
): boolean {
  const member = 'member' in who ? who.member : who;
  if (!rights || (isOwner(who) && !member.scope)) return true;
  return AREAS.every((area) =>
    FLAGS.every(
      (flag) =>
        rights[area]?.[flag] !== true || before?.[area]?.[flag] === true || may(who, area, flag),
    ),
  );
}

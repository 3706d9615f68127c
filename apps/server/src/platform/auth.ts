import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from './crypto.js';
import type { AppDeps } from './deps.js';
import type { SessionUser } from './session-user.js';
import type { AccessEvent } from './events.js';
import { unauthorized } from './errors.js';
import { findSession, touchSession } from './sessions.repo.js';
import { apiTokenLimiter, looksLikeApiToken, resolveApiToken } from './api-tokens.js';
import { takesApiTokens } from './access.js';

export type { SessionUser } from './session-user.js';

/** Sessions expire after 30 days without use (DECISIONS §2). */
export const IDLE_EXPIRY_MS = 30 * 24 * 3600_000;
/** lastUsedAt is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 3600_000;

/** The token of `Authorization: Bearer`. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const a = request.headers.authorization;
  return typeof a === 'string' ? /^Bearer\s+(\S+)$/i.exec(a)?.[1] : undefined;
}

/** The token from `token` or `Authorization: Bearer`, and the `username` header. */
export function credentialsOf(request: FastifyRequest): { token: string; username: string } | null {
  const h = request.headers;
  const token = (typeof h.token === 'string' && h.token) || bearerOf(request);
  if (!token) return null;
  const username = typeof h.username === 'string' ? h.username.trim().toLowerCase() : '';
  return { token, username };
}

/** Resolve a token to its user, from the cache when it can. */
export async function resolveSession(
  deps: AppDeps,
  token: string,
  username: string,
  now = Date.now(),
): Promise<SessionUser | null> {
  const tokenHash = sha256(token);
  let s = deps.caches.sessions.get(tokenHash, now);
  if (!s) {
    const readAt = deps.caches.sessions.generation();
    const row = await findSession(deps.database.db, tokenHash);
    if (!row || row.revokedAt || !row.active) return null;
    s = {
      id: row.userId,
      username: row.username,
      rank: row.rank,
      tokenHash,
      lastUsedAt: row.lastUsedAt.getTime(),
    };
    deps.caches.sessions.set(tokenHash, s, now, readAt);
  }
  if (now - s.lastUsedAt > IDLE_EXPIRY_MS) {
    deps.caches.sessions.delete(tokenHash);
    return null;
  }
  // The username header must match the token's user (DECISIONS §1).
  if (username !== s.username) return null;
  if (now - s.lastUsedAt > TOUCH_EVERY_MS) {
    s.lastUsedAt = now;
    await touchSession(deps.database.db, tokenHash, new Date(now));
  }
  return { id: s.id, username: s.username, rank: s.rank, tokenHash };
}

/**
 * Forget a user's cached sessions (logout, reset, rank change) here and on
 * every other server process, and close their sockets.
 */
export function forgetSessions(
  deps: Pick<AppDeps, 'events'>,
  match: { tokenHash?: string; userId?: string },
): void {
  if (match.tokenHash) deps.events.emitAccess({ kind: 'session', tokenHash: match.tokenHash });
  if (match.userId) deps.events.emitAccess({ kind: 'user', userId: match.userId });
}

/** What a revocation or rights change drops from this process's caches. */
export function applyToCaches(caches: AppDeps['caches'], e: AccessEvent): void {
  if (e.kind === 'session') {
    // A session's or an API token's hash: both are forgotten by it.
    caches.sessions.delete(e.tokenHash);
    caches.apiTokens.delete(e.tokenHash);
  } else if (e.kind === 'user') {
    caches.sessions.deleteWhere((_, s) => s.id === e.userId);
    caches.apiTokens.deleteWhere((_, t) => t.userId === e.userId);
  } else if (e.kind === 'factors') {
    caches.members.deleteWhere((k) => k.endsWith(`:${e.userId}`));
  } else if (e.kind === 'company') {
    caches.members.deleteWhere((k) =>
      e.userId ? k === `${e.companyId}:${e.userId}` : k.startsWith(`${e.companyId}:`),
    );
    caches.apiTokens.deleteWhere(
      (_, t) => t.companyId === e.companyId && (!e.userId || t.userId === e.userId),
    );
  } else {
    caches.sessions.clear();
    caches.members.clear();
    caches.apiTokens.clear();
  }
}

const SESSION_ONLY = "An API token works only on a company's API; this call needs you to sign in";

/** The auth hook: who is calling. Routes that are not public answer 401 without a valid session. */
export function installAuth(app: FastifyInstance, deps: AppDeps): void {
  // Revocations from this process and, through the bridge, from the others.
  const stop = deps.events.onAccess((e) => applyToCaches(deps.caches, e));
  app.addHook('onClose', async () => stop());
  app.decorateRequest('user', null);
  const limitToken = apiTokenLimiter(deps.config.apiTokenCallsPerMinute);
  app.addHook('onRequest', async (request, reply) => {
    const a = request.routeOptions.config?.access;
    // A token route (`/metrics`) checks its own token, never a session.
    if (!a || a.kind === 'token') return;
    const bearer = bearerOf(request);
    if (bearer && looksLikeApiToken(bearer) && typeof request.headers.token !== 'string') {
      // A public route serves everyone alike: the token is not looked at.
      if (a.kind === 'public') return;
      const user = await resolveApiToken(deps, bearer);
      if (!user) throw unauthorized('This API token is not valid');
      if (!takesApiTokens(a)) throw unauthorized(SESSION_ONLY);
      limitToken(user.apiToken!.id, reply);
      request.user = user;
      return;
    }
    const creds = credentialsOf(request);
    const user = creds ? await resolveSession(deps, creds.token, creds.username) : null;
    request.user = user;
    if (a.kind !== 'public' && !user) throw unauthorized();
  });
}

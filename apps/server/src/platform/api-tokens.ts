import type { FastifyReply } from 'fastify';
import { API_TOKEN_PREFIX } from '@fieldbook/core';
import { sha256 } from './crypto.js';
import type { AppDeps } from './deps.js';
import { HttpError } from './errors.js';
import { KeyedLimiter } from './rate-limit.js';
import type { SessionUser } from './session-user.js';
import { findApiToken, touchApiToken } from './api-tokens.repo.js';

/** lastUsedAt is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;

/** A bearer token in the API tokens' shape (every other token is a session's). */
export const looksLikeApiToken = (token: string): boolean => token.startsWith(API_TOKEN_PREFIX);

/**
 * Resolve an API token to the user it acts for, narrowed to its company and
 * rights (`apiToken`), from the cache when it can. Revoked, expired, unknown
 * or of a deactivated user: null. Rank never comes with a token.
 */
export async function resolveApiToken(
  deps: Pick<AppDeps, 'caches' | 'database'>,
  token: string,
  now = Date.now(),
): Promise<SessionUser | null> {
  const tokenHash = sha256(token);
  let t = deps.caches.apiTokens.get(tokenHash, now);
  if (!t) {
    const readAt = deps.caches.apiTokens.generation();
    const row = await findApiToken(deps.database.db, tokenHash);
    if (!row || row.revokedAt || !row.active) return null;
    t = {
      id: row.id,
      companyId: row.companyId,
      userId: row.userId,
      username: row.username,
      rights: row.rights,
      expiresAt: row.expiresAt?.getTime() ?? null,
      touchedAt: row.lastUsedAt?.getTime() ?? 0,
    };
    deps.caches.apiTokens.set(tokenHash, t, now, readAt);
  }
  if (t.expiresAt !== null && t.expiresAt <= now) return null;
  if (now - t.touchedAt > TOUCH_EVERY_MS) {
    t.touchedAt = now;
    await touchApiToken(deps.database.db, t.id, new Date(now));
  }
  return {
    id: t.userId,
    username: t.username,
    rank: null,
    tokenHash,
    apiToken: { id: t.id, companyId: t.companyId, rights: t.rights },
  };
}

/**
 * The per-token call limit of one server process (API_TOKEN_CALLS_PER_MINUTE,
 * 600 by default): 429 with Retry-After when over it.
 */
export function apiTokenLimiter(callsPerMinute: number) {
  const limiter = new KeyedLimiter(callsPerMinute, 60_000);
  return (tokenId: string, reply: FastifyReply): void => {
    if (limiter.hit(tokenId)) return;
    void reply.header('Retry-After', '60');
    throw new HttpError(429, 'This API token made too many calls; try again in a minute');
  };
}

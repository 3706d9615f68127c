import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps.js';
export interface SessionUser {
  id: string;
  username: string;
  rank: string | null;
  tokenHash: string;
}
/** Sessions expire after 30 days without use (DECISIONS §2). */
export declare const IDLE_EXPIRY_MS: number;
/** The token from `token` or `Authorization: Bearer`, and the `username` header. */
export declare function credentialsOf(request: FastifyRequest): {
  token: string;
  username: string;
} | null;
/** Resolve a token to its user, from the cache when it can. */
export declare function resolveSession(
  deps: AppDeps,
  token: string,
  username: string,
  now?: number,
): Promise<SessionUser | null>;
/** Forget a user's cached sessions (logout, reset, rank change). */
export declare function forgetSessions(
  deps: AppDeps,
  match: {
    tokenHash?: string;
    userId?: string;
  },
): void;
/** The auth hook: who is calling. Routes that are not public answer 401 without a valid session. */
export declare function installAuth(app: FastifyInstance, deps: AppDeps): void;

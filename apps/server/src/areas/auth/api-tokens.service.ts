import {
  API_TOKEN_PREFIX,
  MAX_API_TOKENS,
  isSubsetOf,
  onlyGranted,
  type TApiToken,
  type TApiTokenCreate,
  type TApiTokenCreated,
  type TApiTokenList,
} from '@fieldbook/core';
import * as repo from '../../platform/api-tokens.repo.js';
import { isOwner, userOf, type Caller } from '../../platform/access.js';
import { forgetSessions } from '../../platform/auth.js';
import { newToken, sha256 } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { addSecurityEvent } from './two-factor.repo.js';

const DAY = 24 * 3600_000;
type Row = Awaited<ReturnType<typeof repo.listApiTokens>>[number];

const present = (r: Row): TApiToken => ({
  _id: r.id,
  name: r.name,
  prefix: r.prefix,
  rights: r.rights,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  userId: r.userId,
  userName: r.userName || r.username,
});

/**
 * A user's API tokens in one company (docs/api.md, DECISIONS §17): made with
 * a subset of the maker's rights, shown once, stored as a hash, revoked by
 * their user or the company's owner. The tokens' own table is the
 * platform's (it resolves them on every request); this is who may make them.
 */
export function createApiTokensService(deps: Pick<AppDeps, 'database' | 'events'>) {
  const db = deps.database.db;

  return {
    /** The caller's working tokens; the owner sees every member's. */
    async list(who: Caller): Promise<TApiTokenList> {
      const rows = await repo.listApiTokens(db, who.companyId, isOwner(who) ? null : userOf(who));
      return { tokens: rows.map(present) };
    },

    async create(who: Caller, body: TApiTokenCreate, ip: string): Promise<TApiTokenCreated> {
      const userId = userOf(who);
      const rights = onlyGranted(body.rights);
      if (!isSubsetOf(rights, who.member))
        throw badField('rights', 'may hold only rights you have in this company');
      if (!Object.keys(rights).length) throw badField('rights', 'must give the token a right');
      const t = newToken();
      const token = `${API_TOKEN_PREFIX}${t.token}`;
      const now = Date.now();
      const id = await db.transaction(async (tx) => {
        await repo.lockMemberTokens(tx, who.companyId, userId);
        if ((await repo.countLiveApiTokens(tx, who.companyId, userId)) >= MAX_API_TOKENS)
          throw new HttpError(
            409,
            `You have ${MAX_API_TOKENS} API tokens in this company: revoke one first`,
          );
        const made = await repo.insertApiToken(tx, {
          companyId: who.companyId,
          userId,
          name: body.name,
          tokenHash: sha256(token),
          prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
          rights,
          expiresAt: body.expiresInDays === null ? null : new Date(now + body.expiresInDays * DAY),
        });
        await addSecurityEvent(tx, { userId, kind: 'api-token-created', ip });
        return made.id;
      });
      const rows = await repo.listApiTokens(db, who.companyId, userId);
      const apiToken = rows.find((r) => r.id === id);
      if (!apiToken) throw new Error('the new API token is not listed');
      return { token, apiToken: present(apiToken) };
    },

    /** Revoke one: it stops working at once on every process. */
    async revoke(who: Caller, id: string, ip: string): Promise<{ message: string }> {
      const userId = userOf(who);
      const gone = await db.transaction(async (tx) => {
        const row = await repo.revokeApiToken(tx, who.companyId, id, isOwner(who) ? null : userId);
        if (!row) return null;
        await addSecurityEvent(tx, {
          userId: row.userId,
          kind: 'api-token-revoked',
          ip,
          byUserId: row.userId === userId ? null : userId,
        });
        return row;
      });
      if (!gone) throw notFound('API token not found');
      forgetSessions(deps, { tokenHash: gone.tokenHash });
      return { message: `API token ${gone.name} revoked` };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

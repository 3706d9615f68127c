import type { GroupRights } from '@fieldbook/core';

/** The signed-in user a request carries (sessions, platform/auth.ts), or an API token's user. */
export interface SessionUser {
  id: string;
  username: string;
  rank: string | null;
  tokenHash: string;
  /** Set when the call came with an API token: its company and rights (docs/api.md). */
  apiToken?: { id: string; companyId: string; rights: GroupRights };
}

/** What the cache keeps of a working token. */
export interface CachedApiToken {
  id: string;
  companyId: string;
  userId: string;
  username: string;
  rights: GroupRights;
  expiresAt: number | null;
  touchedAt: number;
}

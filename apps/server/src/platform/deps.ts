import type { MemberAccess } from '@fieldbook/core';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { CachedApiToken, SessionUser } from './session-user.js';
import type { Sealer } from './crypto.js';
import type { AppEvents } from './events.js';
import type { Mailer } from './mail.js';
import type { PdfRenderer } from './pdf.js';
import { TtlCache } from './ttl-cache.js';

/** What the areas' services are built from; tests hand in their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  sealer: Sealer;
  pdf: PdfRenderer;
  events: AppEvents;
  caches: {
    sessions: TtlCache<SessionUser & { lastUsedAt: number }>;
    members: TtlCache<MemberAccess | null>;
    apiTokens: TtlCache<CachedApiToken>;
  };
}

/** How long another process's revocation or permission change can take to show here. */
export const CACHE_TTL_MS = 30_000;

export function createCaches(): AppDeps['caches'] {
  return {
    sessions: new TtlCache(CACHE_TTL_MS),
    members: new TtlCache(CACHE_TTL_MS),
    apiTokens: new TtlCache(CACHE_TTL_MS),
  };
}

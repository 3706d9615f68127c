import type { TCalendarFeed } from '@fieldbook/core';
import { getCompany } from '../companies/index.js';
import { listFeedJobs } from '../jobs/index.js';
import { loadMember, may } from '../../platform/access.js';
import { newToken, sha256 } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { buildFeed } from './feed-ics.js';
import { deleteFeed, findFeed, findFeedByHash, putFeed } from './calendar-feeds.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a feed lists: from 30 days ago to 12 weeks ahead. */
export const FEED_PAST_DAYS = 30;
export const FEED_AHEAD_DAYS = 12 * 7;
/** A token is 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const UNKNOWN = 'Calendar feed not found';

export type CalendarFeedsService = ReturnType<typeof createCalendarFeedsService>;

export function createCalendarFeedsService(
  deps: Pick<AppDeps, 'database' | 'sealer' | 'config' | 'caches'>,
) {
  const db = deps.database.db;
  const urlOf = (token: string) => `${deps.config.publicUrl}/api/calendar/${token}.ics`;

  async function get(companyId: string, userId: string): Promise<TCalendarFeed> {
    const row = await findFeed(db, companyId, userId);
    if (!row) return { enabled: false, url: null };
    return { enabled: true, url: urlOf(deps.sealer.open(row.tokenSealed)) };
  }

  return {
    get,

    /** Turns the feed on, or gives it a new URL: the old one stops at once. */
    async renew(companyId: string, userId: string): Promise<TCalendarFeed> {
      const { token, hash } = newToken();
      await putFeed(db, {
        companyId,
        userId,
        tokenHash: hash,
        tokenSealed: deps.sealer.seal(token),
      });
      return { enabled: true, url: urlOf(token) };
    },

    async turnOff(companyId: string, userId: string): Promise<TCalendarFeed> {
      await deleteFeed(db, companyId, userId);
      return { enabled: false, url: null };
    },

    /**
     * The feed's iCalendar text. An unknown or malformed token, and the feed of
     * a member who is gone, disabled or may no longer read jobs, are one 404.
     */
    async ics(token: string, now = new Date()): Promise<string> {
      if (!TOKEN.test(token)) throw notFound(UNKNOWN);
      const feed = await findFeedByHash(db, sha256(token));
      if (!feed) throw notFound(UNKNOWN);
      const member = await loadMember(deps, feed.companyId, feed.userId);
      if (!member || member.disabled || !may(member, 'appointments', 'r')) throw notFound(UNKNOWN);
      const company = await getCompany(db, feed.companyId);
      if (!company) throw notFound(UNKNOWN);
      const jobs = await listFeedJobs(
        db,
        feed.companyId,
        { companyId: feed.companyId, userId: feed.userId, member, rank: null },
        new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
        new Date(now.getTime() + FEED_AHEAD_DAYS * DAY_MS),
      );
      return buildFeed(company.companyName, company.timeZone, jobs);
    },
  };
}

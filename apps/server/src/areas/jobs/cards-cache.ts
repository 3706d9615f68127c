import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Cards as JSON text, and once asked for, the same in brotli (what browsers ask for). */
export interface CachedCards {
  json: string;
  brotli?: Buffer;
}

/**
 * The board's cards (GET activeJobs) kept per company and member view, in this
 * process (docs/performance.md, "Jobs: the cards cache"). An entry is valid for
 * one `stamp`: the company's rows in `card_changes`, which the database's own
 * triggers write with every change that can alter a card (a job, a client's
 * name or position, a type), so a change committed by any process makes the
 * next read on every process build the cards again. A view is what a member
 * may see of them (whom the assignee is hidden from, the assignees' names).
 *
 * Bounded (DECISIONS §15): at most `viewsPerCompany` views of one company and
 * `companyBytes` for them, `maxBytes` in all; the company read longest ago
 * goes first. A company whose cards alone pass `companyBytes` is not cached.
 */
export interface CardsCache {
  get(companyId: string, stamp: string, view: string): CachedCards | undefined;
  /** Keeps `json`; answers the entry it keeps (or a loose one when too large to keep). */
  set(companyId: string, stamp: string, view: string, json: string): CachedCards;
  /** Counts a brotli form added to a kept entry. */
  grew(companyId: string, entry: CachedCards): void;
  /** What it holds now (metrics and tests). */
  size(): { companies: number; views: number; bytes: number };
}

export interface CardsCacheLimits {
  maxBytes: number;
  companyBytes: number;
  viewsPerCompany: number;
}

export const CARDS_CACHE_LIMITS: CardsCacheLimits = {
  maxBytes: 96 * 1024 * 1024,
  companyBytes: 12 * 1024 * 1024,
  viewsPerCompany: 8,
};

interface CompanyEntry {
  stamp: string;
  views: Map<string, CachedCards>;
  bytes: number;
}

const brotliCompress = promisify(zlib.brotliCompress);

/** Cards in brotli at @fastify/compress's quality (4), off the event loop. */
export function brotli(json: string): Promise<Buffer> {
  return brotliCompress(json, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
    },
  });
}

/** A short key for a view (its JSON can hold every member's name). */
export function viewKey(view: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(view)).digest('base64url');
}

// JSON text is held as JavaScript strings: two bytes a character at most.
const bytesOf = (e: CachedCards) => e.json.length * 2 + (e.brotli?.length ?? 0);

export function createCardsCache(limits: CardsCacheLimits = CARDS_CACHE_LIMITS): CardsCache {
  // Insertion order is read order: the first company is the one read longest ago.
  const companies = new Map<string, CompanyEntry>();
  let total = 0;

  const drop = (companyId: string) => {
    const c = companies.get(companyId);
    if (!c) return;
    total -= c.bytes;
    companies.delete(companyId);
  };

  // Over the total: the companies read longest ago go, never the one just written.
  const trim = (keep: string) => {
    for (const [id] of companies) {
      if (total <= limits.maxBytes) break;
      if (id !== keep) drop(id);
    }
  };

  return {
    get(companyId, stamp, view) {
      const c = companies.get(companyId);
      if (!c || c.stamp !== stamp) return undefined;
      const entry = c.views.get(view);
      if (entry === undefined) return undefined;
      companies.delete(companyId);
      companies.set(companyId, c);
      return entry;
    },

    set(companyId, stamp, view, json) {
      const entry: CachedCards = { json };
      const size = bytesOf(entry);
      if (size > limits.companyBytes) return entry;
      let c = companies.get(companyId);
      // Views of another stamp are of other cards: the newest set replaces them.
      if (c && c.stamp !== stamp) drop(companyId);
      c = companies.get(companyId) ?? { stamp, views: new Map(), bytes: 0 };
      const before = c.views.get(view);
      if (before !== undefined) {
        c.views.delete(view);
        c.bytes -= bytesOf(before);
        total -= bytesOf(before);
      }
      while (c.views.size >= limits.viewsPerCompany || c.bytes + size > limits.companyBytes) {
        const [oldest, old] = c.views.entries().next().value as [string, CachedCards];
        c.views.delete(oldest);
        c.bytes -= bytesOf(old);
        total -= bytesOf(old);
      }
      c.views.set(view, entry);
      c.bytes += size;
      total += size;
      companies.delete(companyId);
      companies.set(companyId, c);
      trim(companyId);
      return entry;
    },

    grew(companyId, entry) {
      const c = companies.get(companyId);
      if (!c || ![...c.views.values()].includes(entry)) return;
      const added = entry.brotli?.length ?? 0;
      c.bytes += added;
      total += added;
      trim(companyId);
    },

    size() {
      let views = 0;
      for (const c of companies.values()) views += c.views.size;
      return { companies: companies.size, views, bytes: total };
    },
  };
}

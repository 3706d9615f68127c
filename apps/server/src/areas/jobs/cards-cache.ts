import crypto from 'node:crypto';

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
  get(companyId: string, stamp: string, view: string): string | undefined;
  set(companyId: string, stamp: string, view: string, json: string): void;
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
  views: Map<string, string>;
  bytes: number;
}

/** A short key for a view (its JSON can hold every member's name). */
export function viewKey(view: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(view)).digest('base64url');
}

// JSON text is held as JavaScript strings: two bytes a character at most.
const bytesOf = (s: string) => s.length * 2;

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

  return {
    get(companyId, stamp, view) {
      const c = companies.get(companyId);
      if (!c || c.stamp !== stamp) return undefined;
      const json = c.views.get(view);
      if (json === undefined) return undefined;
      companies.delete(companyId);
      companies.set(companyId, c);
      return json;
    },

    set(companyId, stamp, view, json) {
      const size = bytesOf(json);
      if (size > limits.companyBytes) return;
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
        const [oldest, json] = c.views.entries().next().value as [string, string];
        c.views.delete(oldest);
        c.bytes -= bytesOf(json);
        total -= bytesOf(json);
      }
      c.views.set(view, json);
      c.bytes += size;
      total += size;
      companies.delete(companyId);
      companies.set(companyId, c);
      for (const [id] of companies) {
        if (total <= limits.maxBytes) break;
        if (id !== companyId) drop(id);
      }
    },

    size() {
      let views = 0;
      for (const c of companies.values()) views += c.views.size;
      return { companies: companies.size, views, bytes: total };
    },
  };
}

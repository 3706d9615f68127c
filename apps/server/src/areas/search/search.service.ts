import {
  formatMoney,
  type SearchGroup,
  type TSearchHit,
  type TSearchQuery,
  type TSearchResults,
} from '@fieldbook/core';
import { may, type Caller } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import * as repo from './search.repo.js';

export type SearchService = ReturnType<typeof createSearchService>;

const joinName = (name: string | null, surname: string | null) =>
  [name, surname].filter(Boolean).join(' ');
const dot = (...parts: string[]) => parts.filter(Boolean).join(' · ');
/** The fault on one short line: the dropdown shows its start. */
const short = (s: string, max = 80) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** Exact matches first, then the other lists in turn; each id once, at most `limit`. */
function merge<T extends { id: string }>(lists: T[][], limit: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const row of lists.flat()) {
    if (out.length >= limit) break;
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    out.push(row);
  }
  return out;
}

const documentHit = (d: repo.DocumentRow): TSearchHit => ({
  _id: d.id,
  label: d.number ?? '',
  sublabel: dot(joinName(d.name, d.surname) || d.to, formatMoney(d.total), d.date),
});

/**
 * The top bar's search: clients, suppliers, invoices, quotes and jobs whose
 * name, number or fault holds the text, only in the groups the member may read
 * (clients r for clients and suppliers, invoices r for invoices and quotes,
 * appointments r for jobs).
 */
export function createSearchService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  const groups: Record<
    SearchGroup,
    {
      may: (who: Caller) => boolean;
      find: (companyId: string, q: string, limit: number) => Promise<TSearchHit[]>;
    }
  > = {
    clients: {
      may: (who) => may(who, 'clients', 'r'),
      find: async (cid, q, limit) =>
        (await repo.findClients(db, cid, q, limit)).map((c) => ({
          _id: c.id,
          label: joinName(c.name, c.surname),
          sublabel: c.email || c.phone,
        })),
    },
    suppliers: {
      may: (who) => may(who, 'clients', 'r'),
      find: async (cid, q, limit) =>
        (await repo.findSuppliers(db, cid, q, limit)).map((s) => ({
          _id: s.id,
          label: joinName(s.name, s.surname),
          sublabel: '',
        })),
    },
    invoices: {
      may: (who) => may(who, 'invoices', 'r'),
      find: async (cid, q, limit) =>
        merge(await repo.findDocuments(db, cid, false, q, limit), limit).map(documentHit),
    },
    quotes: {
      may: (who) => may(who, 'invoices', 'r'),
      find: async (cid, q, limit) =>
        merge(await repo.findDocuments(db, cid, true, q, limit), limit).map(documentHit),
    },
    jobs: {
      may: (who) => may(who, 'appointments', 'r'),
      find: async (cid, q, limit) =>
        merge(await repo.findJobs(db, cid, q, limit), limit).map((j) => ({
          _id: j.id,
          label: j.number,
          sublabel: dot(joinName(j.name, j.surname), short(j.fault)),
          ...(j.typeId && { typeId: j.typeId }),
        })),
    },
  };

  return {
    async search(
      companyId: string,
      who: Caller,
      { q, limit }: TSearchQuery,
    ): Promise<TSearchResults> {
      const allowed = (Object.keys(groups) as SearchGroup[]).filter((g) => groups[g].may(who));
      const hits = await Promise.all(allowed.map((g) => groups[g].find(companyId, q, limit)));
      return { groups: allowed.map((group, i) => ({ group, hits: hits[i]! })) };
    },
  };
}

import { z } from 'zod';

/** The most results one group holds. */
export const SEARCH_MAX_LIMIT = 20;

/**
 * `GET /companies/{cid}/search?q&limit`: the top bar's global search. `q` is
 * matched as typed (case-insensitive substring; `%`, `_` and `\` are plain
 * characters), `limit` is per group.
 */
export const ZSearchQuery = z.object({
  q: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(5),
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

/** One result: what the dropdown shows and the id its screen opens. */
export const ZSearchHit = z.object({
  _id: z.string(),
  /** The main line: a name, or a document or job number. */
  label: z.string(),
  /** The second line: the client, the total, the fault; may be empty. */
  sublabel: z.string(),
  /** A job's type: its board is the one the job opens over. */
  typeId: z.string().optional(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const SEARCH_GROUPS = ['clients', 'suppliers', 'invoices', 'quotes', 'jobs'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/**
 * The groups the member may read, in this order; a group the member may not
 * read is left out (never empty), so the browser shows no heading for it.
 */
export const ZSearchResults = z.object({
  groups: z.array(z.object({ group: z.enum(SEARCH_GROUPS), hits: z.array(ZSearchHit) })),
});
export type TSearchResults = z.infer<typeof ZSearchResults>;

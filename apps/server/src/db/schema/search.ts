import { sql, type SQL } from 'drizzle-orm';
import { index, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * A trigram GIN index (pg_trgm, `gin_trgm_ops`) for the global search's
 * `ILIKE '%q%'` (docs/search.md); trigrams are case-folded, so ILIKE on the
 * plain expression uses it. The extension is created before the migrations
 * run (`migrateDatabase` in db/migrate.ts), on PGlite and PostgreSQL alike.
 */
export const trigramIndex = (name: string, expr: PgColumn | SQL) =>
  index(name).using('gin', sql`${expr} gin_trgm_ops`);

/**
 * A btree on (company, lower(number)) for the search's exact number: a GIN
 * trigram index answers `number ILIKE 'INV054321'` too, but every number of
 * the company shares "inv", so it reads them all (tens of ms at 100,000); this
 * is one probe. The search matches with `lower(number) = lower(q)`.
 */
export const exactIndex = (name: string, companyId: PgColumn, number: PgColumn) =>
  index(name).on(companyId, sql`lower(${number})`);

/** A client's or supplier's name and surname as the search matches them ("Ann Smith"). */
export const fullName = (name: PgColumn, surname: PgColumn) => sql`(${name} || ' ' || ${surname})`;

import type { Tx } from './client.js';

/**
 * A hot read as a named prepared statement, built once per database handle (a
 * transaction builds its own): neither Drizzle nor PostgreSQL plans it per
 * request. On PostgreSQL, named statements outside a transaction share the
 * pipelined lanes (pipelined-pool.ts), so only a short indexed read may be
 * one: a slow one would hold the reads written behind it.
 */
export function hotRead<Q>(build: (db: Tx) => Q): (db: Tx) => Q {
  const built = new WeakMap<Tx, Q>();
  return (db) => {
    let q = built.get(db);
    if (!q) built.set(db, (q = build(db)));
    return q;
  };
}

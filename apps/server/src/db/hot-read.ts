import type { Tx } from './client.js';
import { HOT_READ_PREFIX } from './pipelined-pool.js';

const names = new Set<string>();

/**
 * A hot read: a read that runs on most requests, as a named prepared statement
 * built once per database handle (a transaction builds its own), so neither
 * Drizzle nor PostgreSQL plans it per request. `build` names it with the
 * statement it is given (`hot_<name>`); on PostgreSQL, such statements outside
 * a transaction share the pipelined lanes (pipelined-pool.ts), so only a short
 * indexed read may be one: a slow one would hold the reads written behind it.
 */
export function hotRead<Q>(name: string, build: (db: Tx, statement: string) => Q): (db: Tx) => Q {
  if (names.has(name)) throw new Error(`Two hot reads are named ${name}`);
  names.add(name);
  const statement = HOT_READ_PREFIX + name;
  const built = new WeakMap<Tx, Q>();
  return (db) => {
    let q = built.get(db);
    if (!q) built.set(db, (q = build(db, statement)));
    return q;
  };
}

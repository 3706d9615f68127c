/**
 * The rows of a raw `execute`. node-postgres and PGlite answer `{ rows }`;
 * drizzle's other drivers (postgres.js among them) answer the rows themselves,
 * and the shared Db type says neither.
 */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

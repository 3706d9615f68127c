/**
 * A small in-memory cache with a time to live. Sessions and memberships are
 * cached so that signing in and company checks cost no query per request;
 * the TTL bounds how long a change made by another server process can take
 * to be seen here (changes made by this process invalidate at once).
 */
export declare class TtlCache<V> {
  private readonly ttlMs;
  private readonly max;
  private map;
  constructor(ttlMs: number, max?: number);
  get(key: string, now?: number): V | undefined;
  set(key: string, value: V, now?: number): void;
  delete(key: string): void;
  /** Drop every key for which `match` is true. */
  deleteWhere(match: (key: string, value: V) => boolean): void;
  clear(): void;
}

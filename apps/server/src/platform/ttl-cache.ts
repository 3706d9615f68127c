/**
 * A small in-memory cache with a time to live. Sessions and memberships are
 * cached so that signing in and company checks cost no query per request;
 * the TTL bounds how long a change made by another server process can take
 * to be seen here (changes made by this process invalidate at once).
 */
export class TtlCache<V> {
  private map = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires <= now) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, now = Date.now()): void {
    if (this.map.size >= this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, { value, expires: now + this.ttlMs });
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  /** Drop every key for which `match` is true. */
  deleteWhere(match: (key: string, value: V) => boolean): void {
    for (const [k, e] of this.map) if (match(k, e.value)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }
}

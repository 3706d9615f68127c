/**
 * A small in-memory cache with a time to live. Sessions and memberships are
 * cached so that signing in and company checks cost no query per request.
 * Changes invalidate at once, on every process (the events bridge carries
 * them); the TTL is the bound when a notice is lost.
 */
export class TtlCache<V> {
  private map = new Map<string, { value: V; expires: number }>();
  /** Counts invalidations, so a value read before one is not cached after it. */
  private gen = 0;

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

  /** The invalidation count now; hand it to `set` as `readAt` for a value read after this. */
  generation(): number {
    return this.gen;
  }

  /**
   * Cache a value. With `readAt`, only when nothing was invalidated since it
   * was read (a revocation arriving during the read must win).
   */
  set(key: string, value: V, now = Date.now(), readAt?: number): void {
    if (readAt !== undefined && readAt !== this.gen) return;
    if (this.map.size >= this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, { value, expires: now + this.ttlMs });
  }

  delete(key: string): void {
    this.gen++;
    this.map.delete(key);
  }

  /** Drop every key for which `match` is true. */
  deleteWhere(match: (key: string, value: V) => boolean): void {
    this.gen++;
    for (const [k, e] of this.map) if (match(k, e.value)) this.map.delete(k);
  }

  clear(): void {
    this.gen++;
    this.map.clear();
  }
}

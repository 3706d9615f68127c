/**
 * Bound a map kept oldest first (every entry lives equally long, so the
 * oldest expires first): drop expired entries from the front and, while it is
 * still full, the oldest ones. Never all at once, and no walk over the rest.
 */
function bound<V>(map: Map<string, V>, max: number, expired: (v: V) => boolean): void {
  for (const [k, v] of map) {
    if (map.size < max && !expired(v)) break;
    map.delete(k);
  }
}

/**
 * A fixed-window counter per key, in memory, holding at most `maxKeys` keys
 * (the oldest windows go first). Used for sign-in attempts (per IP is
 * @fastify/rate-limit's job), resets and the error log.
 */
export class KeyedLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Whether the key is over its limit, without counting a hit. */
  blocked(key: string, now = Date.now()): boolean {
    const h = this.hits.get(key);
    return !!h && h.resetAt > now && h.count >= this.limit;
  }

  /** Count one hit; answers false when the key is now over its limit. */
  hit(key: string, now = Date.now()): boolean {
    let h = this.hits.get(key);
    if (!h || h.resetAt <= now) {
      // A new window goes to the end, so the map stays oldest first.
      this.hits.delete(key);
      bound(this.hits, this.maxKeys, (x) => x.resetAt <= now);
      h = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, h);
    }
    h.count++;
    return h.count <= this.limit;
  }

  /** Take back one hit of the current window (an attempt that turned out fine). */
  unhit(key: string, now = Date.now()): void {
    const h = this.hits.get(key);
    if (h && h.resetAt > now && h.count > 0) h.count--;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  resetWhere(match: (key: string) => boolean): void {
    for (const k of this.hits.keys()) if (match(k)) this.hits.delete(k);
  }
}

const MINUTE = 60_000;

/**
 * Failed sign-ins (DECISIONS §2). A stranger must not be able to lock a user
 * out: failures count per username and address pair (10 in 15 minutes), and
 * a slower limit per username over every address (30 in an hour) holds back
 * guessing from many addresses. That slower limit spares the addresses the
 * user signed in from before (for 30 days), so their usual place keeps
 * working. The per-IP limit of the route stays as it is.
 */
export class SignInLimiter {
  private readonly pairs: KeyedLimiter;
  private readonly users: KeyedLimiter;
  private readonly known = new Map<string, number>();
  private readonly knownFor = 30 * 24 * 60 * MINUTE;

  constructor(private readonly maxKeys = 100_000) {
    this.pairs = new KeyedLimiter(10, 15 * MINUTE, maxKeys);
    this.users = new KeyedLimiter(30, 60 * MINUTE, maxKeys);
  }

  private static pair = (username: string, ip: string) => `${username}\n${ip}`;

  /** Why this attempt is refused before its password is checked, or null. */
  blocked(username: string, ip: string, now = Date.now()): 'address' | 'account' | null {
    const pair = SignInLimiter.pair(username, ip);
    if (this.pairs.blocked(pair, now)) return 'address';
    const knownUntil = this.known.get(pair) ?? 0;
    if (knownUntil <= now && this.users.blocked(username, now)) return 'account';
    return null;
  }

  /**
   * Check and count an attempt in one step, before its password is checked
   * (the slow hash): parallel attempts cannot all pass the check before any
   * is counted. Answers why it is refused (not counted then), or null.
   */
  attempt(username: string, ip: string, now = Date.now()): 'address' | 'account' | null {
    const why = this.blocked(username, ip, now);
    if (why) return why;
    this.pairs.hit(SignInLimiter.pair(username, ip), now);
    this.users.hit(username, now);
    return null;
  }

  /** The attempt's password was right: it is not counted as a failure. */
  excuse(username: string, ip: string, now = Date.now()): void {
    this.pairs.unhit(SignInLimiter.pair(username, ip), now);
    this.users.unhit(username, now);
  }

  /** The attempt's password was right and the user signed in: this address is their usual one. */
  succeeded(username: string, ip: string, now = Date.now()): void {
    const pair = SignInLimiter.pair(username, ip);
    this.users.unhit(username, now);
    this.pairs.reset(pair);
    this.known.delete(pair);
    bound(this.known, this.maxKeys, (until) => until <= now);
    this.known.set(pair, now + this.knownFor);
  }

  /** After a password reset: the owner proved themselves, every count of the username starts again. */
  forgive(username: string): void {
    this.users.reset(username);
    this.pairs.resetWhere((k) => k.startsWith(`${username}\n`));
  }
}

/**
 * A fixed-window counter per key, in memory. Used for sign-in attempts per
 * username (per IP is @fastify/rate-limit's job) and for the error log.
 */
export declare class KeyedLimiter {
  private readonly limit;
  private readonly windowMs;
  private hits;
  constructor(limit: number, windowMs: number);
  /** Whether the key is over its limit, without counting a hit. */
  blocked(key: string, now?: number): boolean;
  /** Count one hit; answers false when the key is now over its limit. */
  hit(key: string, now?: number): boolean;
  reset(key: string): void;
  private sweep;
}

import { describe, expect, it } from 'vitest';
import { applyToCaches } from '../../src/platform/auth.js';
import { createCaches } from '../../src/platform/deps.js';
import { TtlCache } from '../../src/platform/ttl-cache.js';

describe('TtlCache', () => {
  it('does not cache a value read before an invalidation that arrived during the read', () => {
    const c = new TtlCache<string>(30_000);
    const readAt = c.generation();
    // A revocation arrives while the database read is under way...
    c.delete('token');
    // ...so the stale row it answered is not cached.
    c.set('token', 'stale', Date.now(), readAt);
    expect(c.get('token')).toBeUndefined();
    const fresh = c.generation();
    c.set('token', 'fresh', Date.now(), fresh);
    expect(c.get('token')).toBe('fresh');
  });

  it('applies access events to the session and membership caches', () => {
    const caches = createCaches();
    const s = (id: string) => ({ id, username: id, rank: null, tokenHash: id, lastUsedAt: 0 });
    caches.sessions.set('t1', s('u1'));
    caches.sessions.set('t2', s('u1'));
    caches.sessions.set('t3', s('u2'));
    const m = { isOwner: false, disabled: false, rights: null };
    caches.members.set('c1:u1', m);
    caches.members.set('c1:u2', m);
    caches.members.set('c2:u1', m);
    applyToCaches(caches, { kind: 'session', tokenHash: 't3' });
    expect(caches.sessions.get('t3')).toBeUndefined();
    applyToCaches(caches, { kind: 'user', userId: 'u1' });
    expect([caches.sessions.get('t1'), caches.sessions.get('t2')]).toEqual([undefined, undefined]);
    applyToCaches(caches, { kind: 'company', companyId: 'c1', userId: 'u2' });
    expect(caches.members.get('c1:u2')).toBeUndefined();
    expect(caches.members.get('c1:u1')).toBe(m);
    applyToCaches(caches, { kind: 'company', companyId: 'c1' });
    expect(caches.members.get('c1:u1')).toBeUndefined();
    expect(caches.members.get('c2:u1')).toBe(m);
    applyToCaches(caches, { kind: 'all' });
    expect(caches.members.get('c2:u1')).toBeUndefined();
  });
});

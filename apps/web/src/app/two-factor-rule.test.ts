import { describe, expect, it } from 'vitest';
import { mustSetUpTwoFactor } from './two-factor-rule';

describe('the two-factor gate', () => {
  const none = { passkeys: [] };
  const one = {
    passkeys: [{ _id: 'p', name: 'Phone', createdAt: '', lastUsedAt: null, transports: [] }],
  };
  const asks = { requireTwoFactor: true };
  it('stops a member only when the company asks and they are known to have no second factor', () => {
    expect(mustSetUpTwoFactor(asks, { enabled: false }, none)).toBe(true);
    expect(mustSetUpTwoFactor(asks, { enabled: true }, none)).toBe(false);
    // A passkey is a second factor too.
    expect(mustSetUpTwoFactor(asks, { enabled: false }, one)).toBe(false);
    // Not known yet (loading): the screens wait on their own queries, no flash of the gate.
    expect(mustSetUpTwoFactor(asks, undefined, none)).toBe(false);
    expect(mustSetUpTwoFactor(asks, { enabled: false }, undefined)).toBe(false);
    expect(mustSetUpTwoFactor({ requireTwoFactor: false }, { enabled: false }, none)).toBe(false);
    expect(mustSetUpTwoFactor(undefined, { enabled: false }, none)).toBe(false);
  });
});

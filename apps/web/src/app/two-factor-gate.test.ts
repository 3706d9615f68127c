import { describe, expect, it } from 'vitest';
import { mustSetUpTwoFactor } from './two-factor-gate';

describe('the two-factor gate', () => {
  it('stops a member only when the company asks for it and theirs is known to be off', () => {
    expect(mustSetUpTwoFactor({ requireTwoFactor: true }, { enabled: false })).toBe(true);
    expect(mustSetUpTwoFactor({ requireTwoFactor: true }, { enabled: true })).toBe(false);
    // Not known yet (loading): the screens wait on their own queries, no flash of the gate.
    expect(mustSetUpTwoFactor({ requireTwoFactor: true }, undefined)).toBe(false);
    expect(mustSetUpTwoFactor({ requireTwoFactor: false }, { enabled: false })).toBe(false);
    expect(mustSetUpTwoFactor(undefined, { enabled: false })).toBe(false);
  });
});

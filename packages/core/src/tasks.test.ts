import { describe, expect, it } from 'vitest';
import { couponState, couponStepFor } from './tasks.js';

const at = (s: string) => new Date(s);
const base = { displayTime: at('2026-11-25T10:00:00Z'), opened: null, requested: null, used: null };

describe('task coupons', () => {
  it('goes not open yet, active, opened, waiting, used', () => {
    expect(couponState(base, at('2026-11-25T09:59:59Z'))).toBe('not-open-yet');
    expect(couponState(base, at('2026-11-25T10:00:00Z'))).toBe('active');
    const opened = { ...base, opened: at('2026-11-25T11:00:00Z') };
    expect(couponState(opened, at('2026-11-25T12:00:00Z'))).toBe('opened');
    const requested = { ...opened, requested: at('2026-11-25T12:00:00Z') };
    expect(couponState(requested, at('2026-11-25T12:00:00Z'))).toBe('waiting');
    expect(
      couponState({ ...requested, used: at('2026-11-25T13:00:00Z') }, at('2026-11-26T00:00:00Z')),
    ).toBe('used');
  });

  it('lets the holder open and request, and the giver mark it used, each in turn', () => {
    const now = at('2026-11-25T12:00:00Z');
    const holder = { holder: true, giver: false };
    const giver = { holder: false, giver: true };
    expect(couponStepFor(base, holder, at('2026-11-25T09:00:00Z'))).toBeNull();
    expect(couponStepFor(base, holder, now)).toBe('open');
    expect(couponStepFor(base, giver, now)).toBeNull();
    const opened = { ...base, opened: now };
    expect(couponStepFor(opened, holder, now)).toBe('request');
    const waiting = { ...opened, requested: now };
    expect(couponStepFor(waiting, holder, now)).toBeNull();
    expect(couponStepFor(waiting, giver, now)).toBe('use');
    expect(couponStepFor({ ...waiting, used: now }, giver, now)).toBeNull();
  });
});

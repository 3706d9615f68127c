import type { CouponState, TaskStep } from './contracts/tasks.js';

export interface CouponTimes {
  displayTime: Date;
  opened: Date | null;
  requested: Date | null;
  used: Date | null;
}

/**
 * Where a coupon is (spec "Chat coupon card"): not open yet until its time,
 * then active, opened by its holder, waiting once the holder asks for it,
 * used once the giver marks it.
 */
export function couponState(c: CouponTimes, now: Date): CouponState {
  if (c.used) return 'used';
  if (c.requested) return 'waiting';
  if (c.opened) return 'opened';
  return c.displayTime.getTime() <= now.getTime() ? 'active' : 'not-open-yet';
}

/** Who takes each step, and from which state. */
export const COUPON_STEPS: Record<TaskStep, { by: 'holder' | 'giver'; from: CouponState }> = {
  open: { by: 'holder', from: 'active' },
  request: { by: 'holder', from: 'opened' },
  use: { by: 'giver', from: 'waiting' },
};

/** The step the caller may take on the coupon now, if any. */
export function couponStepFor(
  c: CouponTimes,
  role: { holder: boolean; giver: boolean },
  now: Date,
): TaskStep | null {
  const state = couponState(c, now);
  for (const [step, rule] of Object.entries(COUPON_STEPS) as [
    TaskStep,
    (typeof COUPON_STEPS)[TaskStep],
  ][])
    if (rule.from === state && role[rule.by]) return step;
  return null;
}

/** The spec's confirmations before the holder's steps. */
export const COUPON_CONFIRM = {
  open: 'Are you SURE you want to open this one....?',
  request: 'last chance....?',
} as const;

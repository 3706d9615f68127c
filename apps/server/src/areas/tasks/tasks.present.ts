import { couponState, type TTaskCoupon } from '@fieldbook/core';
import type { CouponListRow } from './tasks.repo.js';

const person = (id: string, name: string, surname: string, username: string) => ({
  _id: id,
  name: `${name} ${surname}`.trim() || username,
});

/** A coupon as its giver and holder see it. */
export function presentCoupon(r: CouponListRow, now: Date): TTaskCoupon {
  const c = r.coupon;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    _id: c.id,
    name: c.name,
    displayTime: c.displayTime.toISOString(),
    activated: c.displayTime.getTime() <= now.getTime(),
    opened: iso(c.opened),
    requested: iso(c.requested),
    used: iso(c.used),
    state: couponState(c, now),
    giver: person(c.giverId, r.giverName, r.giverSurname, r.giverUsername),
    holder: person(c.holderId, r.holderName, r.holderSurname, r.holderUsername),
    createdAt: c.createdAt.toISOString(),
  };
}

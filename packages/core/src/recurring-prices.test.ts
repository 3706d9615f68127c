import { describe, expect, it } from 'vitest';
import { allRights, type MemberAccess } from './access.js';
import type { TRecurringItem } from './contracts/recurring.js';
import { recurringItemFor, recurringPricesWithheld } from './recurring-prices.js';

const member = (invoicesR: boolean): MemberAccess => {
  const rights = allRights(false);
  rights.appointments.r = true;
  rights.invoices.r = invoicesR;
  return { isOwner: false, disabled: false, rights } as MemberAccess;
};
const line = { description: 'Service', qty: 1, price: 450, ledgerAccountId: null, itemId: null };
const item = (type: TRecurringItem['type']) =>
  ({
    type,
    descriptions: [line],
    discount: { hasDiscount: false, discountType: 'Amount', discountValue: 0 },
    total: 450,
  }) as unknown as TRecurringItem;

describe('recurringPricesWithheld', () => {
  it("withholds a recurring job's prices from a member without invoices r, only", () => {
    expect(recurringPricesWithheld(member(false), 'calender')).toBe(true);
    expect(recurringPricesWithheld(member(true), 'calender')).toBe(false);
    expect(recurringPricesWithheld(member(false), 'expenses')).toBe(false);
    expect(recurringPricesWithheld(member(false), 'invoices')).toBe(false);
    expect(recurringPricesWithheld({ isOwner: true } as MemberAccess, 'calender')).toBe(false);
  });

  it('answers the item without its lines, discount and total when withheld, as it is otherwise', () => {
    expect(recurringItemFor(member(false), item('calender'))).toMatchObject({
      descriptions: [],
      discount: null,
      total: 0,
    });
    expect(recurringItemFor(member(true), item('calender')).descriptions).toEqual([line]);
    expect(recurringItemFor(member(false), item('expenses')).descriptions).toEqual([line]);
  });
});

import { can, type MemberAccess } from './access.js';
import type { TRecurringItem, TRecurringType } from './contracts/recurring.js';

/**
 * A recurring job's lines are the invoice it will make: their prices are
 * withheld from a member who may not read invoices (docs/recurring.md,
 * "Prices of recurring jobs"). The one rule for the list, the item, the CSVs
 * and the save of recurring jobs.
 */
export const recurringPricesWithheld = (
  member: MemberAccess | null | undefined,
  type: TRecurringType,
): boolean => type === 'calender' && !can(member, 'invoices', 'r');

/** An item as `member` may see it: a recurring job's lines and discount withheld without invoices r. */
export function recurringItemFor(
  member: MemberAccess | null | undefined,
  item: TRecurringItem,
): TRecurringItem {
  if (!recurringPricesWithheld(member, item.type)) return item;
  return { ...item, descriptions: [], discount: null, total: 0 };
}

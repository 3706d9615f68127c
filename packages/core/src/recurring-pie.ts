import { addAmounts, dec, toAmount } from './money.js';
import { lineAmount } from './totals.js';
import { RECURRING_PIE_TOP } from './contracts/recurring.js';

/** A line of a recurring item as the pie reads it. */
export interface PieLine {
  qty: number | null;
  price: number;
  category?: string | null;
}

/** What the pie needs of a recurring item. */
export interface PieItem {
  descriptions: PieLine[];
  /** The item's own category, for items without lines (expenses, jobs). */
  category?: string | null;
  total: number;
}

export const PIE_UNCATEGORISED = 'Uncategorised';
export const PIE_OTHER = 'Other';

const nameOf = (c: string | null | undefined) => c?.trim() || PIE_UNCATEGORISED;

/**
 * The pie of the recurring list (spec §9): the amounts of the items' lines
 * per line-item category, the five largest by name and the rest summed as
 * Other. A line without a category counts as Uncategorised; an item without
 * lines counts its total under its own category. Categories that add up to
 * nothing or less are left out (a pie cannot draw them).
 */
export function recurringPie(
  items: PieItem[],
  top = RECURRING_PIE_TOP,
): { category: string; total: number }[] {
  const sums = new Map<string, number>();
  const add = (name: string, amount: number) =>
    sums.set(name, addAmounts(sums.get(name) ?? 0, amount));
  for (const item of items) {
    if (item.descriptions.length === 0) add(nameOf(item.category), item.total);
    for (const l of item.descriptions) add(nameOf(l.category), lineAmount(l));
  }
  const slices = [...sums]
    .map(([category, total]) => ({ category, total }))
    .filter((s) => s.total > 0)
    .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
  if (slices.length <= top) return slices;
  const rest = slices.slice(top).reduce((s, x) => s.plus(dec(x.total)), dec(0));
  return [...slices.slice(0, top), { category: PIE_OTHER, total: toAmount(rest) }];
}

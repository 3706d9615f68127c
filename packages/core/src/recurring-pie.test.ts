import { describe, expect, it } from 'vitest';
import { PIE_OTHER, PIE_UNCATEGORISED, recurringPie } from './recurring-pie.js';

const line = (category: string | null, price: number, qty: number | null = 1) => ({
  category,
  price,
  qty,
});
const inv = (...descriptions: ReturnType<typeof line>[]) => ({ descriptions, total: 0 });

describe('recurringPie', () => {
  it('sums line amounts per category, largest first', () => {
    expect(
      recurringPie([inv(line('Rent', 100, 2), line('Gardening', 50)), inv(line('Rent', 25))]),
    ).toEqual([
      { category: 'Rent', total: 225 },
      { category: 'Gardening', total: 50 },
    ]);
  });

  it('keeps the top 5 and groups the rest as Other', () => {
    const lines = [10, 20, 30, 40, 50, 60, 70].map((p, i) => line(`C${i}`, p));
    expect(recurringPie([inv(...lines)])).toEqual([
      { category: 'C6', total: 70 },
      { category: 'C5', total: 60 },
      { category: 'C4', total: 50 },
      { category: 'C3', total: 40 },
      { category: 'C2', total: 30 },
      { category: PIE_OTHER, total: 30 },
    ]);
  });

  it('has no Other with exactly five categories', () => {
    const lines = [1, 2, 3, 4, 5].map((p) => line(`C${p}`, p));
    const pie = recurringPie([inv(...lines)]);
    expect(pie).toHaveLength(5);
    expect(pie.map((s) => s.category)).not.toContain(PIE_OTHER);
  });

  it('counts lines without a category (empty, blank or null) as Uncategorised', () => {
    expect(recurringPie([inv(line(null, 5), line('', 6), line('  ', 7))])).toEqual([
      { category: PIE_UNCATEGORISED, total: 18 },
    ]);
  });

  it('counts a quantity left empty as 1 and sums cents exactly', () => {
    expect(recurringPie([inv(line('A', 0.1, null), line('A', 0.2, null))])).toEqual([
      { category: 'A', total: 0.3 },
    ]);
  });

  it('counts an item without lines (an expense) by its total and its own category', () => {
    expect(
      recurringPie([
        { descriptions: [], category: 'Fuel', total: 300 },
        { descriptions: [], category: '', total: 20 },
      ]),
    ).toEqual([
      { category: 'Fuel', total: 300 },
      { category: PIE_UNCATEGORISED, total: 20 },
    ]);
  });

  it('leaves out categories that add up to nothing and breaks ties by name', () => {
    expect(recurringPie([inv(line('Z', 5), line('A', 5), line('Free', 0))])).toEqual([
      { category: 'A', total: 5 },
      { category: 'Z', total: 5 },
    ]);
  });

  it('counts an invoice by its lines, not its total as well', () => {
    expect(
      recurringPie([{ descriptions: [line('Rent', 100)], category: 'Other stuff', total: 115 }]),
    ).toEqual([{ category: 'Rent', total: 100 }]);
  });

  it('answers nothing for no items', () => {
    expect(recurringPie([])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { computeTotals, type TotalsDiscount, type TotalsLine, type TotalsTax } from './totals.js';

// Both taxes in every combination of modes (DECISIONS §3, rules 5–7).
const pct = (value: number): TotalsDiscount => ({
  hasDiscount: true,
  discountType: 'Percentage',
  discountValue: value,
});

describe('two taxes', () => {
  // L1 taxed by both, L2 only by tax 2, L3 only by tax 1:
  // tax-1 lines 250, tax-2 lines 300; rates 15 % and 5 %.
  const lines: TotalsLine[] = [
    { price: 200 },
    { price: 100, hasTax: false },
    { qty: 1, price: 50, hasSecondTax: false },
  ];
  const modes = {
    excl: { inc: false, duc: false },
    incl: { inc: true, duc: false },
    ded: { inc: false, duc: true },
  };
  const both = (m1: keyof typeof modes, m2: keyof typeof modes): TotalsTax => ({
    hasTax: true,
    tV: 15,
    inc1: modes[m1].inc,
    duc1: modes[m1].duc,
    hasSecondTax: true,
    t2V: 5,
    inc2: modes[m2].inc,
    duc2: modes[m2].duc,
  });
  // [mode1, mode2, tax1, tax2, total], no discount (net 350).
  const cases: [keyof typeof modes, keyof typeof modes, number, number, number][] = [
    ['excl', 'excl', 37.5, 15, 402.5],
    ['excl', 'incl', 37.5, 14.29, 387.5], // 300 × 5 / 105 = 14.2857
    ['excl', 'ded', 37.5, 15, 372.5],
    ['incl', 'excl', 32.61, 15, 365], // 250 × 15 / 115 = 32.6087
    ['incl', 'incl', 32.61, 14.29, 350],
    ['incl', 'ded', 32.61, 15, 335],
    // tax 1 deductible: tax 2 on tax 1's base (250), not on its own lines (300)
    ['ded', 'excl', 37.5, 12.5, 325],
    ['ded', 'incl', 37.5, 11.9, 312.5], // 250 × 5 / 105 = 11.9048
    ['ded', 'ded', 37.5, 12.5, 300],
  ];
  it.each(cases)('tax 1 %s, tax 2 %s', (m1, m2, tax1, tax2, total) => {
    expect(computeTotals({ descriptions: lines, tax: both(m1, m2) })).toEqual({
      subtotal: 350,
      discount: 0,
      net: 350,
      tax1,
      tax2,
      total,
    });
  });

  it('shares a discount over the lines before taxing (f = 0.9)', () => {
    const run = (m1: keyof typeof modes, m2: keyof typeof modes) =>
      computeTotals({ descriptions: lines, discount: pct(10), tax: both(m1, m2) });
    // bases: tax-1 lines 225, tax-2 lines 270
    expect(run('excl', 'excl')).toMatchObject({
      net: 315,
      tax1: 33.75,
      tax2: 13.5,
      total: 362.25,
    });
    expect(run('incl', 'incl')).toMatchObject({ tax1: 29.35, tax2: 12.86, total: 315 });
    expect(run('ded', 'excl')).toMatchObject({ tax1: 33.75, tax2: 11.25, total: 292.5 });
    expect(run('ded', 'incl')).toMatchObject({ tax1: 33.75, tax2: 10.71, total: 281.25 });
  });

  it('uses tax 2 own lines when tax 1 is off, even if marked deductible', () => {
    const tax = { ...both('ded', 'excl'), hasTax: false };
    expect(computeTotals({ descriptions: lines, tax })).toMatchObject({
      tax1: 0,
      tax2: 15,
      total: 365,
    });
  });

  it('skips tax 2 when it is off or every line opts out', () => {
    const off = { ...both('excl', 'excl'), hasSecondTax: false };
    expect(computeTotals({ descriptions: lines, tax: off })).toMatchObject({
      tax1: 37.5,
      tax2: 0,
      total: 387.5,
    });
    const optOut = lines.map((l) => ({ ...l, hasSecondTax: false }));
    expect(computeTotals({ descriptions: optOut, tax: both('excl', 'excl') })).toMatchObject({
      tax1: 37.5,
      tax2: 0,
      total: 387.5,
    });
  });
});

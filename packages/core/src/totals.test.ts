import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  paymentSettles,
  computeTotals,
  discountAmount,
  lineAmount,
  type TotalsDiscount,
  type TotalsLine,
  type TotalsTax,
} from './totals.js';

const noTax: TotalsTax = {
  hasTax: false,
  tV: 15,
  inc1: false,
  duc1: false,
  hasSecondTax: false,
  t2V: 5,
  inc2: false,
  duc2: false,
};
const vat = (over: Partial<TotalsTax> = {}): TotalsTax => ({ ...noTax, hasTax: true, ...over });
const pct = (value: number | string): TotalsDiscount => ({
  hasDiscount: true,
  discountType: 'Percentage',
  discountValue: value,
});

// The worked example of DECISIONS §3.
const example: TotalsLine[] = [
  { qty: 3, price: 100, hasTax: true },
  { qty: 1, price: 50, hasTax: false },
];

describe('lineAmount', () => {
  it('is qty × price, qty defaulting to 1', () => {
    expect(lineAmount({ qty: 3, price: 100 })).toBe(300);
    expect(lineAmount({ price: 12.5 })).toBe(12.5);
    expect(lineAmount({ qty: null, price: 7 })).toBe(7);
    expect(lineAmount({ qty: '', price: 7 })).toBe(7);
    expect(lineAmount({ qty: 0, price: 7 })).toBe(0);
    expect(lineAmount({ qty: '2', price: '49.99' })).toBe(99.98);
  });

  it('rounds half away from zero in decimal', () => {
    expect(lineAmount({ price: 0.005 })).toBe(0.01);
    expect(lineAmount({ price: 1.005 })).toBe(1.01);
    expect(lineAmount({ qty: '2', price: '0.5025' })).toBe(1.01);
    expect(lineAmount({ qty: 0.5, price: 99.99 })).toBe(50); // 49.995
    expect(lineAmount({ qty: 1.333, price: 15 })).toBe(20); // 19.995
    expect(lineAmount({ qty: 1.333, price: 10 })).toBe(13.33);
    expect(lineAmount({ qty: 3, price: 1.15 })).toBe(3.45);
    expect(lineAmount({ qty: 1, price: -1.005 })).toBe(-1.01);
  });
});

describe('discountAmount', () => {
  it('is 0 without a discount or when hasDiscount is false', () => {
    expect(discountAmount(350, null)).toBe(0);
    expect(discountAmount(350, undefined)).toBe(0);
    expect(discountAmount(350, { ...pct(10), hasDiscount: false })).toBe(0);
  });

  it('takes a percentage of the subtotal, rounded to cents', () => {
    expect(discountAmount(350, pct(10))).toBe(35);
    expect(discountAmount(350, { ...pct(10), discountType: 'percent' })).toBe(35);
    expect(discountAmount(99.99, pct(12.5))).toBe(12.5); // 12.49875
    expect(discountAmount(100, pct('33.333'))).toBe(33.33);
    expect(discountAmount('0.1', pct(50))).toBe(0.05);
  });

  it('takes a fixed amount', () => {
    const amount = (v: number | string): TotalsDiscount => ({
      hasDiscount: true,
      discountType: 'Amount',
      discountValue: v,
    });
    expect(discountAmount(350, amount(20))).toBe(20);
    expect(discountAmount(350, amount('20.005'))).toBe(20.01);
    expect(discountAmount(350, amount(500))).toBe(350);
    expect(discountAmount(350, amount(-10))).toBe(0);
  });

  it('clamps a percentage above 100 to the subtotal', () => {
    expect(discountAmount(350, pct(150))).toBe(350);
  });
});

describe('computeTotals', () => {
  it('works the DECISIONS example with VAT exclusive', () => {
    expect(computeTotals({ descriptions: example, discount: pct(10), tax: vat() })).toEqual({
      subtotal: 350,
      discount: 35,
      net: 315,
      tax1: 40.5,
      tax2: 0,
      total: 355.5,
    });
  });

  it('works the DECISIONS example with VAT inclusive', () => {
    const t = computeTotals({ descriptions: example, discount: pct(10), tax: vat({ inc1: true }) });
    expect(t).toEqual({ subtotal: 350, discount: 35, net: 315, tax1: 35.22, tax2: 0, total: 315 });
  });

  it('subtracts a deductible tax (deductible wins over inclusive)', () => {
    const t = computeTotals({
      descriptions: example,
      discount: pct(10),
      tax: vat({ duc1: true, inc1: true }),
    });
    expect(t).toEqual({ subtotal: 350, discount: 35, net: 315, tax1: 40.5, tax2: 0, total: 274.5 });
  });

  it('ignores the rates when tax is off', () => {
    const t = computeTotals({ descriptions: example, discount: pct(10), tax: noTax });
    expect(t).toEqual({ subtotal: 350, discount: 35, net: 315, tax1: 0, tax2: 0, total: 315 });
  });

  it('taxes lines whose hasTax is null or missing, not those with false', () => {
    const lines: TotalsLine[] = [
      { price: 100 },
      { price: 100, hasTax: null },
      { price: 100, hasTax: false },
    ];
    expect(computeTotals({ descriptions: lines, tax: vat() }).tax1).toBe(30);
    const none = lines.map((l) => ({ ...l, hasTax: false }));
    expect(computeTotals({ descriptions: none, tax: vat() })).toMatchObject({
      tax1: 0,
      total: 300,
    });
  });

  it('applies Amount and percent discounts and ignores a disabled one', () => {
    const amount: TotalsDiscount = {
      hasDiscount: true,
      discountType: 'Amount',
      discountValue: '50',
    };
    expect(computeTotals({ descriptions: example, discount: amount, tax: vat() })).toEqual({
      subtotal: 350,
      discount: 50,
      net: 300,
      tax1: 38.57, // 300 × 300/350 × 0.15 = 38.5714
      tax2: 0,
      total: 338.57,
    });
    const percent: TotalsDiscount = {
      hasDiscount: true,
      discountType: 'percent',
      discountValue: 20,
    };
    expect(computeTotals({ descriptions: example, discount: percent, tax: noTax })).toMatchObject({
      discount: 70,
      net: 280,
      total: 280,
    });
    const off = { ...amount, hasDiscount: false, discountValue: 999 };
    expect(computeTotals({ descriptions: example, discount: off, tax: noTax })).toMatchObject({
      discount: 0,
      total: 350,
    });
  });

  it('clamps a discount larger than the subtotal, leaving nothing to tax', () => {
    const big: TotalsDiscount = { hasDiscount: true, discountType: 'Amount', discountValue: 1000 };
    expect(computeTotals({ descriptions: example, discount: big, tax: vat() })).toEqual({
      subtotal: 350,
      discount: 350,
      net: 0,
      tax1: 0,
      tax2: 0,
      total: 0,
    });
  });

  it('gives zeros for an empty or zero document', () => {
    const zeros = { subtotal: 0, discount: 0, net: 0, tax1: 0, tax2: 0, total: 0 };
    const tax = vat({ hasSecondTax: true });
    expect(computeTotals({ descriptions: [], discount: pct(10), tax })).toEqual(zeros);
    expect(computeTotals({ descriptions: [{ qty: 5, price: 0 }], tax })).toEqual(zeros);
    expect(computeTotals({ descriptions: [{ qty: 0, price: 10 }], tax })).toEqual(zeros);
  });

  it('avoids binary float errors', () => {
    const t = computeTotals({ descriptions: [{ price: 0.1 }, { price: 0.2 }], tax: noTax });
    expect(t.subtotal).toBe(0.3);
    expect(t.total).toBe(0.3);
    // 3 × 1.15 = 3.45; VAT 0.5175 → 0.52
    expect(computeTotals({ descriptions: [{ qty: 3, price: 1.15 }], tax: vat() })).toMatchObject({
      subtotal: 3.45,
      tax1: 0.52,
      total: 3.97,
    });
    // 1.1 × 15 % = 0.165 exactly → 0.17 (binary floats give 0.16499…)
    expect(computeTotals({ descriptions: [{ price: 1.1 }], tax: vat() }).tax1).toBe(0.17);
    // half a cent of tax rounds up: 0.1 × 5 % = 0.005
    expect(computeTotals({ descriptions: [{ price: 0.1 }], tax: vat({ tV: 5 }) }).tax1).toBe(0.01);
  });

  it('handles fractional quantities and string inputs', () => {
    const lines: TotalsLine[] = [
      { qty: '0.5', price: '99.99' }, // 50.00
      { qty: 1.333, price: 15 }, // 20.00
      { qty: '', price: '10.10' }, // 10.10
    ];
    expect(computeTotals({ descriptions: lines, discount: pct('10'), tax: vat() })).toEqual({
      subtotal: 80.1,
      discount: 8.01,
      net: 72.09,
      tax1: 10.81, // 72.09 × 0.15 = 10.8135
      tax2: 0,
      total: 82.9,
    });
  });

  it('lets credit lines reduce the subtotal', () => {
    const lines: TotalsLine[] = [{ price: 100 }, { qty: 1, price: -10 }];
    expect(computeTotals({ descriptions: lines, tax: vat() })).toMatchObject({
      subtotal: 90,
      tax1: 13.5,
      total: 103.5,
    });
  });

  it('accepts a larger tax object', () => {
    const companyTax = { ...vat(), description: 'VAT', secondDescription: 'PST', extra: 1 };
    expect(computeTotals({ descriptions: example, tax: companyTax }).tax1).toBe(45);
  });
});

describe('balanceOf', () => {
  it('is total − amountPaid in decimal', () => {
    expect(balanceOf(355.5, 100)).toBe(255.5);
    expect(balanceOf('0.3', 0.1)).toBe(0.2);
    expect(balanceOf(100, 100)).toBe(0);
    expect(balanceOf(100, 150)).toBe(-50);
    expect(balanceOf(100, 0)).toBe(100);
  });
});

describe('paymentSettles', () => {
  it('accepts a payment within a cent of the balance, either way, and nothing further', () => {
    expect(paymentSettles(115, 115)).toBe(true);
    expect(paymentSettles('114.99', 115)).toBe(true);
    expect(paymentSettles('115.01', '115.00')).toBe(true);
    expect(paymentSettles('114.98', 115)).toBe(false);
    expect(paymentSettles('115.02', 115)).toBe(false);
    expect(paymentSettles(0, 0)).toBe(true);
  });
});

describe('totals edges', () => {
  it('counts a blank quantity as 1', () => {
    expect(lineAmount({ qty: '  ', price: 5 })).toBe(5);
  });

  it('gives no discount for an unknown discount type', () => {
    const d = { hasDiscount: true, discountType: 'Bogus', discountValue: 10 };
    expect(discountAmount(100, d as unknown as TotalsDiscount)).toBe(0);
  });

  it('charges no tax on a zero subtotal, in every mode', () => {
    const tax = (inc1: boolean, duc1: boolean): TotalsTax => ({
      hasTax: true,
      tV: 15,
      inc1,
      duc1,
      hasSecondTax: false,
      t2V: 0,
      inc2: false,
      duc2: false,
    });
    for (const [inc, duc] of [
      [false, false],
      [true, false],
      [false, true],
    ] as const) {
      const t = computeTotals({ descriptions: [{ price: 0 }], tax: tax(inc, duc) });
      expect(t).toEqual({ subtotal: 0, discount: 0, net: 0, tax1: 0, tax2: 0, total: 0 });
    }
  });
});

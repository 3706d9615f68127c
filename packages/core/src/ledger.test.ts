import { describe, expect, it } from 'vitest';
import { allocateLineAmounts, documentRevenue, vatOfDocument } from './ledger.js';
import { computeTotals, type TotalsDocument, type TotalsTax } from './totals.js';
import { addAmounts } from './money.js';

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
const pct = (v: number) => ({
  hasDiscount: true,
  discountType: 'Percentage' as const,
  discountValue: v,
});
const example = (tax: TotalsTax): TotalsDocument => ({
  descriptions: [
    { qty: 3, price: 100 },
    { qty: 1, price: 50, hasTax: false },
  ],
  discount: pct(10),
  tax,
});

describe('allocateLineAmounts', () => {
  it('shares the discount over the lines (worked example, VAT exclusive)', () => {
    const doc = example(vat());
    expect(allocateLineAmounts(doc)).toEqual([270, 45]);
    expect(documentRevenue(doc)).toBe(315);
  });

  it('takes an inclusive tax out of the taxed lines only', () => {
    const doc = example(vat({ inc1: true }));
    const t = computeTotals(doc);
    expect(t.tax1).toBe(35.22);
    expect(documentRevenue(doc)).toBe(279.78);
    expect(allocateLineAmounts(doc)).toEqual([234.78, 45]);
  });

  it('leaves deductible taxes outside (they are not in the net)', () => {
    const doc = example(vat({ duc1: true }));
    expect(allocateLineAmounts(doc)).toEqual([270, 45]);
  });

  it('adds up to the revenue to the cent where plain rounding would not', () => {
    // 0.01 off three lines of 10.00: each is 9.996…, which rounds to 10.00 (30.00 in all).
    const doc: TotalsDocument = {
      descriptions: [{ price: 10 }, { price: 10 }, { price: 10 }],
      discount: { hasDiscount: true, discountType: 'Amount', discountValue: 0.01 },
      tax: noTax,
    };
    const a = allocateLineAmounts(doc);
    expect(addAmounts(...a)).toBe(29.99);
    // Equal remainders: the first lines get the cents.
    expect(a).toEqual([10, 10, 9.99]);
  });

  it('agrees with the totals over many mixed documents (both taxes, every mode)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 400; k++) {
      const n = 1 + Math.floor(rnd() * 6);
      const descriptions = Array.from({ length: n }, () => ({
        qty: Math.round(rnd() * 700) / 100,
        price: Math.round(rnd() * 100000) / 100 - (rnd() < 0.1 ? 300 : 0),
        hasTax: rnd() < 0.8,
        hasSecondTax: rnd() < 0.5,
      }));
      const m = () => rnd() < 0.33;
      const tax: TotalsTax = {
        hasTax: rnd() < 0.8,
        tV: 15,
        inc1: m(),
        duc1: m(),
        hasSecondTax: rnd() < 0.4,
        t2V: 7.5,
        inc2: m(),
        duc2: m(),
      };
      const doc: TotalsDocument = { descriptions, discount: pct(Math.floor(rnd() * 30)), tax };
      const a = allocateLineAmounts(doc);
      expect(a).toHaveLength(n);
      expect(addAmounts(...a)).toBe(documentRevenue(doc));
      for (const x of a) expect(Math.round(x * 100)).toBeCloseTo(x * 100, 6);
    }
  });

  it('answers nothing for no lines, and the lines themselves when they cancel out', () => {
    expect(allocateLineAmounts({ descriptions: [], tax: vat() })).toEqual([]);
    expect(
      allocateLineAmounts({
        descriptions: [{ price: 100 }, { price: -100 }],
        tax: vat({ inc1: true }),
      }),
    ).toEqual([100, -100]);
  });
});

describe('vatOfDocument', () => {
  it('splits the worked example into standard-rated, zero-rated and output VAT', () => {
    expect(vatOfDocument(example(vat()))).toEqual({
      standardRated: 310.5,
      zeroRated: 45,
      outputVat: 40.5,
    });
    expect(vatOfDocument(example(vat({ inc1: true })))).toEqual({
      standardRated: 270,
      zeroRated: 45,
      outputVat: 35.22,
    });
  });

  it('gives nothing without VAT or for a deductible first tax', () => {
    const none = { standardRated: 0, zeroRated: 0, outputVat: 0 };
    expect(vatOfDocument(example(noTax))).toEqual(none);
    expect(vatOfDocument(example(vat({ duc1: true })))).toEqual(none);
  });
});

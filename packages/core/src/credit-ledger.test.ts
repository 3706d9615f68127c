import { describe, expect, it } from 'vitest';
import {
  creditLineAmounts,
  creditRevenue,
  creditedLinePlaces,
  vatOfCredit,
} from './credit-ledger.js';
import { creditForAmount, creditForLines } from './credits.js';
import { documentRevenue } from './ledger.js';
import { addAmounts } from './money.js';
import { computeTotals, type TotalsTax } from './totals.js';

/** Vectors worked by hand (docs/payments.md, "Credit notes in the ledger"). */
const tax = (over: Partial<TotalsTax> = {}): TotalsTax => ({
  hasTax: true,
  tV: 15,
  inc1: false,
  duc1: false,
  hasSecondTax: false,
  t2V: 0,
  inc2: false,
  duc2: false,
  ...over,
});
const line = (qty: number, price: number, hasTax = true) => ({ qty, price, hasTax });

describe('creditRevenue', () => {
  it('takes an exclusive VAT out of the total', () => {
    // 230 = 200 + 30 VAT: revenue 200.
    expect(creditRevenue({ total: 230, tax1: 30, tax2: 0 }, tax())).toBe(200);
  });

  it('takes an inclusive VAT out of the total', () => {
    // 115 inclusive of 15: revenue 100.
    expect(creditRevenue({ total: 115, tax1: 15, tax2: 0 }, tax({ inc1: true }))).toBe(100);
  });

  it('adds a deductible tax back (it was withheld from the total)', () => {
    // 100 net, 10 % withheld: total 90, revenue 100.
    const t = tax({ tV: 10, duc1: true });
    expect(creditRevenue({ total: 90, tax1: 10, tax2: 0 }, t)).toBe(100);
  });

  it('ignores a tax that is off', () => {
    expect(creditRevenue({ total: 50, tax1: 0, tax2: 0 }, tax({ hasTax: false }))).toBe(50);
  });

  it('of a note of the whole invoice is the invoice revenue, in every mode', () => {
    const descriptions = [line(3, 33.33), line(1, 12.5, false), line(2, 7.77)];
    const discount = { hasDiscount: true, discountType: 'Percentage' as const, discountValue: 7 };
    for (const t of [tax(), tax({ inc1: true }), tax({ duc1: true, tV: 10 })]) {
      const doc = { descriptions, discount, tax: t };
      const all = creditForAmount(computeTotals(doc).total, computeTotals(doc));
      expect(creditRevenue(all, t)).toBe(documentRevenue(doc));
    }
  });
});

describe('creditLineAmounts', () => {
  const invoice = {
    descriptions: [line(2, 100), line(1, 50), line(1, 30, false)],
    tax: tax(),
  };

  it('puts a credit of one line on that line alone', () => {
    const c = creditForLines([line(2, 100)], invoice);
    expect(creditLineAmounts(invoice, c, [0])).toEqual([200, 0, 0]);
  });

  it('shares a credit of an amount over every line by its item', () => {
    // Total 317.50 (items 200, 50, 30; VAT 37.50). A credit of 63.50 is a fifth:
    // VAT 7.50, revenue 56 = 40 + 10 + 6.
    const c = creditForAmount(63.5, computeTotals(invoice));
    expect(c).toEqual({ total: 63.5, tax1: 7.5, tax2: 0 });
    expect(creditLineAmounts(invoice, c)).toEqual([40, 10, 6]);
  });

  it('adds up to the revenue to the cent when the shares round', () => {
    // R1 credited on 3 lines of R1 (inclusive VAT): VAT 0.13, revenue 0.87, 0.29 each.
    const inc = { descriptions: [line(1, 1), line(1, 1), line(1, 1)], tax: tax({ inc1: true }) };
    const c = creditForAmount(1, computeTotals(inc));
    const parts = creditLineAmounts(inc, c);
    expect(addAmounts(...parts)).toBe(creditRevenue(c, inc.tax));
    expect(parts).toEqual([0.29, 0.29, 0.29]);
  });

  it('shares equally between lines whose items are nothing', () => {
    const zero = { descriptions: [line(1, 10), line(1, -10)], tax: tax() };
    expect(creditLineAmounts(zero, { total: 0, tax1: 0, tax2: 0 }, [0, 1])).toEqual([0, 0]);
    expect(
      creditLineAmounts({ descriptions: [], tax: tax() }, { total: 1, tax1: 0, tax2: 0 }),
    ).toEqual([]);
  });
});

describe('vatOfCredit', () => {
  it('is the note tax 1 when tax 1 is VAT', () => {
    expect(vatOfCredit({ total: 230, tax1: 30, tax2: 0 }, tax())).toBe(30);
    expect(vatOfCredit({ total: 115, tax1: 15, tax2: 0 }, tax({ inc1: true }))).toBe(15);
  });

  it('is nothing for a deductible tax 1, no tax or a zero rate', () => {
    expect(vatOfCredit({ total: 90, tax1: 10, tax2: 0 }, tax({ duc1: true }))).toBe(0);
    expect(vatOfCredit({ total: 90, tax1: 0, tax2: 0 }, tax({ hasTax: false }))).toBe(0);
    expect(vatOfCredit({ total: 90, tax1: 0, tax2: 0 }, tax({ tV: 0 }))).toBe(0);
  });
});

describe('creditedLinePlaces', () => {
  it('answers the places kept, else null (an amount, or a note kept before the places)', () => {
    expect(creditedLinePlaces([{ line: 2 }, { line: 0 }])).toEqual([2, 0]);
    expect(creditedLinePlaces([])).toBeNull();
    expect(creditedLinePlaces([{ line: 1 }, {}])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { taxRow, taxRows, type TaxRowSettings } from './tax-rows.js';

const tax: TaxRowSettings = {
  hasTax: true,
  tD: 'VAT',
  tV: 15,
  inc1: false,
  duc1: false,
  hasSecondTax: true,
  t2D: 'Levy',
  t2V: 2.5,
  inc2: false,
  duc2: false,
};

describe('taxRow', () => {
  it('names an exclusive tax with its rate and shows the amount as it is', () => {
    expect(taxRow('VAT', 15, false, false, 30)).toEqual({ label: 'VAT 15%', amount: 30 });
  });

  it("marks an inclusive tax 'incl.'", () => {
    expect(taxRow('VAT', 15, true, false, 30)).toEqual({ label: 'VAT 15% incl.', amount: 30 });
  });

  it('shows a deductible tax as subtracted, and deductible wins over inclusive', () => {
    expect(taxRow('WHT', 10, false, true, 12.5)).toEqual({
      label: 'WHT 10% (deducted)',
      amount: -12.5,
    });
    expect(taxRow('WHT', 10, true, true, 12.5)).toEqual({
      label: 'WHT 10% (deducted)',
      amount: -12.5,
    });
  });

  it("reads a blank name as 'Tax' and keeps decimal rates", () => {
    expect(taxRow('', 2.5, false, false, 1).label).toBe('Tax 2.5%');
  });

  it('never gives a negative zero for a deducted nothing', () => {
    expect(Object.is(taxRow('WHT', 10, false, true, 0).amount, 0)).toBe(true);
  });
});

describe('taxRows', () => {
  it('gives a row for each tax the document charges', () => {
    expect(taxRows({ ...tax, inc1: true, duc2: true }, { tax1: 15, tax2: 2 })).toEqual({
      tax1: { label: 'VAT 15% incl.', amount: 15 },
      tax2: { label: 'Levy 2.5% (deducted)', amount: -2 },
    });
  });

  it('gives no row for a tax that is off', () => {
    expect(taxRows({ ...tax, hasTax: false }, { tax1: 0, tax2: 2 })).toEqual({
      tax1: null,
      tax2: { label: 'Levy 2.5%', amount: 2 },
    });
    expect(taxRows({ ...tax, hasSecondTax: false }, { tax1: 15, tax2: 0 })).toEqual({
      tax1: { label: 'VAT 15%', amount: 15 },
      tax2: null,
    });
  });
});

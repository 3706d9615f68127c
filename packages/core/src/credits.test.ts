import { describe, expect, it } from 'vitest';
import {
  refundProblem,
  applyCredit,
  creditForAmount,
  creditForLines,
  creditProblem,
  creditable,
} from './credits.js';
import { computeTotals, type TotalsTax } from './totals.js';

/** Vectors worked by hand (docs/payments.md, "Credit notes"). */
const VAT = (inc: boolean): TotalsTax => ({
  hasTax: true,
  tV: 15,
  inc1: inc,
  duc1: false,
  hasSecondTax: false,
  t2V: 0,
  inc2: false,
  duc2: false,
});
const line = (qty: number, price: number, hasTax = true) => ({ qty, price, hasTax });

describe('a credit of some lines', () => {
  it('credits the lines with their VAT (exclusive 15 %)', () => {
    // 2 × 100 + 50 taxed, 30 untaxed: subtotal 280, VAT 37.50, total 317.50.
    const invoice = {
      descriptions: [line(2, 100), line(1, 50), line(1, 30, false)],
      tax: VAT(false),
    };
    expect(computeTotals(invoice).total).toBe(317.5);
    expect(creditForLines([line(2, 100)], invoice)).toEqual({ total: 230, tax1: 30, tax2: 0 });
    expect(creditForLines([line(1, 30, false)], invoice)).toEqual({ total: 30, tax1: 0, tax2: 0 });
  });

  it('applies a percentage discount to the lines as to the invoice', () => {
    // 100 + 200, 10 % off: net 270, VAT 40.50, total 310.50. The 200 line: 200 − 20 = 180, VAT 27.
    const invoice = {
      descriptions: [line(1, 100), line(1, 200)],
      discount: { hasDiscount: true, discountType: 'Percentage' as const, discountValue: 10 },
      tax: VAT(false),
    };
    expect(creditForLines([line(1, 200)], invoice)).toEqual({ total: 207, tax1: 27, tax2: 0 });
  });

  it('shares a discount of an amount by the lines part of the subtotal', () => {
    // R30 off 100 + 200: the 200 line carries R20 of it, the 100 line R10.
    const invoice = {
      descriptions: [line(1, 100), line(1, 200)],
      discount: { hasDiscount: true, discountType: 'Amount' as const, discountValue: 30 },
      tax: VAT(false),
    };
    const a = creditForLines([line(1, 200)], invoice);
    const b = creditForLines([line(1, 100)], invoice);
    expect(a).toEqual({ total: 207, tax1: 27, tax2: 0 });
    expect(b).toEqual({ total: 103.5, tax1: 13.5, tax2: 0 });
    expect(a.total + b.total).toBe(computeTotals(invoice).total);
    expect(creditForLines(invoice.descriptions, invoice)).toEqual({
      total: 310.5,
      tax1: 40.5,
      tax2: 0,
    });
  });

  it('rounds a shared discount to cents', () => {
    // R10 off 33.33 + 33.33 + 33.34: the first line carries 3.333 → R3.33; net 30.00, VAT 4.50.
    const invoice = {
      descriptions: [line(1, 33.33), line(1, 33.33), line(1, 33.34)],
      discount: { hasDiscount: true, discountType: 'Amount' as const, discountValue: 10 },
      tax: VAT(false),
    };
    expect(creditForLines([line(1, 33.33)], invoice)).toEqual({ total: 34.5, tax1: 4.5, tax2: 0 });
  });

  it('keeps VAT inside the total when prices include it', () => {
    // 115 inclusive of 15 %: VAT 15.00, total 115.00.
    const invoice = { descriptions: [line(1, 115), line(1, 230)], tax: VAT(true) };
    expect(creditForLines([line(1, 115)], invoice)).toEqual({ total: 115, tax1: 15, tax2: 0 });
  });
});

describe('a credit of an amount', () => {
  it('carries the invoice VAT in proportion', () => {
    // 317.50 with 37.50 VAT: R100 credited carries 100 × 37.50 / 317.50 = 11.811 → R11.81.
    const invoice = { subtotal: 280, discount: 0, net: 280, tax1: 37.5, tax2: 0, total: 317.5 };
    expect(creditForAmount(100, invoice)).toEqual({ total: 100, tax1: 11.81, tax2: 0 });
    expect(creditForAmount(317.5, invoice)).toEqual({ total: 317.5, tax1: 37.5, tax2: 0 });
  });
  it('with prices including VAT', () => {
    // 115 inclusive: R23 credited carries 23 × 15 / 115 = R3.00.
    const invoice = { subtotal: 115, discount: 0, net: 115, tax1: 15, tax2: 0, total: 115 };
    expect(creditForAmount(23, invoice)).toEqual({ total: 23, tax1: 3, tax2: 0 });
  });
  it('carries no tax on a nil invoice', () => {
    const invoice = { subtotal: 0, discount: 0, net: 0, tax1: 0, tax2: 0, total: 0 };
    expect(creditForAmount(5, invoice)).toEqual({ total: 5, tax1: 0, tax2: 0 });
  });
});

describe('how much may be credited', () => {
  it('is what the invoice still carries', () => {
    expect(creditable(310.5, 207)).toBe(103.5);
    expect(creditable(100, 100)).toBe(0);
    expect(creditable(100, 120)).toBe(0);
  });
  it.each([
    [103.5, 310.5, 207, null],
    [103.51, 310.5, 207, 'must not be more than the R103.50 the invoice still carries'],
    [1, 100, 100, 'cannot be credited: the invoice is credited in full'],
    [0, 100, 0, 'must be more than R0.00'],
    [-1, 100, 0, 'must be more than R0.00'],
  ])('%s on %s credited %s', (amount, total, credited, problem) => {
    expect(creditProblem(amount, total, credited)).toBe(problem);
  });
});

describe('a credit meets the balance', () => {
  it.each([
    [50, 100, 50, 0],
    [207, 100, 100, 107], // paid already in part: R107 to refund or keep for the client
    [50, 0, 0, 50],
    [50, -10, 0, 50],
  ])('%s against %s: %s applied, %s over', (credit, balance, applied, excess) => {
    expect(applyCredit(credit, balance)).toEqual({ applied, excess });
  });
});

describe('a refund out of a note', () => {
  // A note owing the client R172.50, R100.00 of it paid back already.
  it.each([
    ['72.50', null],
    [72.5, null],
    ['72.504', null],
    ['72.51', 'must not be more than the R72.50 the credit note still owes the client'],
    [0, 'must be more than R0.00'],
    ['0.004', 'must be more than R0.00'],
    [-1, 'must be more than R0.00'],
  ])('of %s answers %s', (amount, problem) => {
    expect(refundProblem(amount, '172.50', 100)).toBe(problem);
  });

  it('is refused once everything is paid back, or when nothing was owed', () => {
    const none = 'cannot be recorded: the credit note owes the client nothing';
    expect(refundProblem(1, '172.50', '172.50')).toBe(none);
    expect(refundProblem('0.01', 0, 0)).toBe(none);
  });
});

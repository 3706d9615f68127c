import { describe, expect, it } from 'vitest';
import {
  amountDue,
  depositAmount,
  depositProblem,
  invoiceBalance,
  paidSummary,
  paymentProblem,
  paymentStatus,
  paymentsSum,
} from './payments.js';

/**
 * Vectors worked by hand (docs/payments.md): balance = total − payments −
 * credits, to cents; the state from the balance; deposits to cents half up.
 */
describe('balances and states', () => {
  const cases: [string, number, number[], number, number, string][] = [
    // name, total, payments, credited, balance, state
    ['paid in two parts', 1150, [500, 650], 0, 0, 'Paid'],
    ['three thirds leave a cent over', 1150, [333.33, 333.33, 333.33], 0, 150.01, 'Partly paid'],
    ['a nil invoice with nothing against it', 0, [], 0, 0, 'Unpaid'],
    ['nothing paid', 100, [], 0, 100, 'Unpaid'],
    ['paid and credited', 1150, [500], 650, 0, 'Paid'],
    ['only credited, in full', 80, [], 80, 0, 'Paid'],
    ['paid a part and credited a part', 99.99, [33.33], 33.33, 33.33, 'Partly paid'],
    ['cents added in decimal (0.1 + 0.2)', 0.3, [0.1, 0.2], 0, 0, 'Paid'],
  ];
  it.each(cases)('%s', (_name, total, payments, credited, balance, state) => {
    const paid = paymentsSum(payments.map((amount) => ({ amount })));
    expect(invoiceBalance(total, paid, credited)).toBe(balance);
    expect(paymentStatus(total, paid, credited)).toBe(state);
  });

  it('sums amounts given as text and rounds to cents', () => {
    expect(paymentsSum([{ amount: '10.005' }, { amount: '0.10' }])).toBe(10.11);
    expect(paymentsSum([])).toBe(0);
  });
});

describe('the specification single paid answer, derived', () => {
  it('is the sum, and the date and method of the last payment', () => {
    const s = paidSummary(175, [
      { amount: 100, datePaid: '2026-03-01', method: 'EFT' },
      { amount: 50, datePaid: '2026-02-01', method: 'Cash' },
      { amount: 25, datePaid: '2026-03-01', method: 'Card' },
    ]);
    expect(s).toEqual({ paid: true, amountPaid: 175, datePaid: '2026-03-01', methodPaid: 'Card' });
  });

  it('is unpaid with no payment, and not paid while a balance is open', () => {
    expect(paidSummary(100, [])).toEqual({
      paid: false,
      amountPaid: 0,
      datePaid: null,
      methodPaid: '',
    });
    expect(paidSummary(100, [{ amount: 40, datePaid: '2026-01-05', method: 'Cash' }])).toEqual({
      paid: false,
      amountPaid: 40,
      datePaid: '2026-01-05',
      methodPaid: 'Cash',
    });
  });

  it('is paid when credits close what payments left', () => {
    expect(paidSummary(100, [{ amount: 60, datePaid: '2026-01-05', method: 'EFT' }], 40).paid).toBe(
      true,
    );
  });
});

describe('a payment against a balance', () => {
  it.each([
    [100, 100, null],
    [0.01, 100, null],
    [100.004, 100, null], // rounds to R100.00
    [0, 100, 'must be more than R0.00'],
    [0.004, 100, 'must be more than R0.00'],
    [-5, 100, 'must be more than R0.00'],
    [100.01, 100, 'must not be more than the balance of R100.00'],
    [1500, 1234.5, 'must not be more than the balance of R1,234.50'],
    [5, 0, 'cannot be recorded: the invoice is paid in full'],
  ])('%s against %s', (amount, balance, problem) => {
    expect(paymentProblem(amount, balance)).toBe(problem);
  });
});

describe('deposits', () => {
  it.each([
    ['30 % of R1,150.00', { type: 'Percentage', value: 30 }, 1150, 345],
    ['30 % of R999.99 rounds up', { type: 'Percentage', value: 30 }, 999.99, 300],
    ['33.333 % of R100.00', { type: 'Percentage', value: 33.333 }, 100, 33.33],
    ['12.5 % of R0.20 rounds half up', { type: 'Percentage', value: 12.5 }, 0.2, 0.03],
    ['100 % is the total', { type: 'Percentage', value: 100 }, 410.1, 410.1],
    ['an amount', { type: 'Amount', value: 250 }, 1150, 250],
    ['an amount above the total is the total', { type: 'Amount', value: 500 }, 400, 400],
    ['nothing asked', { type: 'Amount', value: 0 }, 400, 0],
  ] as const)('%s', (_name, rule, total, amount) => {
    expect(depositAmount(rule, total)).toBe(amount);
  });

  it('is nothing without a rule', () => {
    expect(depositAmount(null, 100)).toBe(0);
  });

  it.each([
    [{ type: 'Percentage', value: 30 }, 100, null],
    [{ type: 'Percentage', value: 101 }, 100, 'must not be more than 100'],
    [{ type: 'Percentage', value: 0 }, 100, 'must be more than 0'],
    [{ type: 'Amount', value: 400 }, 400, null],
    [{ type: 'Amount', value: 400.01 }, 400, 'must not be more than the total of R400.00'],
  ] as const)('refuses %j on %s: %s', (rule, total, problem) => {
    expect(depositProblem(rule, total)).toBe(problem);
  });
});

describe('what an online payment may take', () => {
  it('is the balance of an invoice', () => {
    expect(amountDue(1150)).toBe(1150);
    expect(amountDue(150.01)).toBe(150.01);
  });
  it('is nothing on a settled balance', () => {
    expect(amountDue(0)).toBe(0);
    expect(amountDue(-5)).toBe(0);
  });
  it('is the deposit still owed on a quote, never more than the balance', () => {
    expect(amountDue(1150, { amount: 345, paid: 0 })).toBe(345);
    expect(amountDue(1150, { amount: 345, paid: 100 })).toBe(245);
    expect(amountDue(1150, { amount: 345, paid: 345 })).toBe(0);
    expect(amountDue(100, { amount: 345, paid: 0 })).toBe(100);
  });
});

describe('an online payment within a cent', () => {
  it('settles the invoice, as the provider rounded', () => {
    const payfast = { amount: 114.99, datePaid: '2026-02-01', method: 'PayFast', online: true };
    expect(paidSummary(115, [payfast]).paid).toBe(true);
    expect(paidSummary(115, [{ ...payfast, online: false }]).paid).toBe(false);
    expect(paidSummary(115, [{ ...payfast, amount: 114.98 }]).paid).toBe(false);
  });
});

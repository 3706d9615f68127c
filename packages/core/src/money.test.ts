import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  amountText,
  dec,
  formatMoney,
  parseAmount,
  round2,
  subAmounts,
  toAmount,
} from './money.js';

describe('dec', () => {
  it('reads numbers, strings and Big values exactly', () => {
    expect(dec(0.1).toString()).toBe('0.1');
    expect(dec('12.345').toString()).toBe('12.345');
    expect(dec(' -7.5 ').toString()).toBe('-7.5');
    expect(dec('+3').toString()).toBe('3');
    const b = new Big('1.23');
    expect(dec(b)).toBe(b);
  });

  it('treats null, undefined and blank strings as 0', () => {
    expect(dec(null).toString()).toBe('0');
    expect(dec(undefined).toString()).toBe('0');
    expect(dec('').toString()).toBe('0');
    expect(dec('   ').toString()).toBe('0');
  });

  it('throws on non-numeric input', () => {
    expect(() => dec('abc')).toThrow(TypeError);
    expect(() => dec('1,5')).toThrow(TypeError);
    expect(() => dec(NaN)).toThrow(TypeError);
    expect(() => dec(Infinity)).toThrow(TypeError);
    expect(() => dec({} as unknown as string)).toThrow(TypeError);
  });

  it('adds without binary float errors', () => {
    expect(dec(0.1).plus(0.2).toString()).toBe('0.3');
  });
});

describe('round2', () => {
  it('rounds half away from zero', () => {
    expect(round2(new Big('0.005')).toString()).toBe('0.01');
    expect(round2(new Big('1.005')).toString()).toBe('1.01');
    expect(round2(new Big('2.675')).toString()).toBe('2.68');
    expect(round2(new Big('-1.005')).toString()).toBe('-1.01');
    expect(round2(new Big('-0.005')).toString()).toBe('-0.01');
    expect(round2(new Big('1.004999')).toString()).toBe('1');
    expect(round2(new Big('-2.344')).toString()).toBe('-2.34');
  });
});

describe('toAmount', () => {
  it('gives a number with two decimals', () => {
    expect(toAmount('1.005')).toBe(1.01);
    expect(toAmount(1.005)).toBe(1.01); // Number 1.005 is read as the decimal "1.005"
    expect(toAmount('123.456')).toBe(123.46);
    expect(toAmount(new Big('99.994'))).toBe(99.99);
    expect(toAmount(7)).toBe(7);
  });

  it('never gives -0', () => {
    expect(Object.is(toAmount('-0.001'), 0)).toBe(true);
    expect(Object.is(toAmount(-0), 0)).toBe(true);
  });
});

describe('addAmounts and subAmounts', () => {
  it('adds in decimal', () => {
    expect(addAmounts(0.1, 0.2)).toBe(0.3);
    expect(addAmounts('10.10', 20.2, new Big('0.005'))).toBe(30.31);
    expect(addAmounts()).toBe(0);
    expect(addAmounts(0.1, 0.1, 0.1, -0.3)).toBe(0);
  });

  it('subtracts in decimal', () => {
    expect(subAmounts(0.3, 0.1)).toBe(0.2);
    expect(subAmounts('100', '99.99')).toBe(0.01);
    expect(subAmounts(1, 2.5)).toBe(-1.5);
  });
});

describe('formatMoney', () => {
  it('formats with R, comma thousands and two decimals', () => {
    expect(formatMoney(1234.56)).toBe('R1,234.56');
    expect(formatMoney(0)).toBe('R0.00');
    expect(formatMoney('5')).toBe('R5.00');
    expect(formatMoney(999.999)).toBe('R1,000.00');
    expect(formatMoney(1234567.89)).toBe('R1,234,567.89');
    expect(formatMoney(123456)).toBe('R123,456.00');
    expect(formatMoney('1234567890.1')).toBe('R1,234,567,890.10');
    expect(formatMoney(0.5)).toBe('R0.50');
  });

  it('puts the minus sign before the R', () => {
    expect(formatMoney(-1234.56)).toBe('-R1,234.56');
    expect(formatMoney('-0.005')).toBe('-R0.01');
    expect(formatMoney(-12)).toBe('-R12.00');
  });

  it('shows a value that rounds to zero as R0.00, never -R0.00', () => {
    expect(formatMoney(-0.004)).toBe('R0.00');
    expect(formatMoney(-0)).toBe('R0.00');
  });
});

describe('parseAmount', () => {
  it('reads plain numbers', () => {
    expect(parseAmount('42')).toBe(42);
    expect(parseAmount('  99.99 ')).toBe(99.99);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount('12.')).toBe(12);
    expect(parseAmount('0')).toBe(0);
  });

  it('drops spaces and a leading R', () => {
    expect(parseAmount('R 99.99')).toBe(99.99);
    expect(parseAmount('R99')).toBe(99);
    expect(parseAmount('r 1 000')).toBe(1000);
    expect(parseAmount('1\u00a0234.5')).toBe(1234.5);
  });

  it('takes a lone comma as the decimal separator', () => {
    expect(parseAmount('1234,5')).toBe(1234.5);
    expect(parseAmount('1 234,50')).toBe(1234.5);
    expect(parseAmount('0,99')).toBe(0.99);
    expect(parseAmount('1,234')).toBe(1.234);
  });

  it('takes commas as thousands separators when a dot is present or there are several', () => {
    expect(parseAmount('1,234.50')).toBe(1234.5);
    expect(parseAmount('R1,234,567.89')).toBe(1234567.89);
    expect(parseAmount('1,234,567')).toBe(1234567);
  });

  it('reads negative amounts', () => {
    expect(parseAmount('-5')).toBe(-5);
    expect(parseAmount('-R 5,50')).toBe(-5.5);
    expect(parseAmount('R-1,234.00')).toBe(-1234);
    expect(Object.is(parseAmount('-0'), 0)).toBe(true);
  });

  it('does not round', () => {
    expect(parseAmount('21.345')).toBe(21.345);
  });

  it('returns null for empty or garbage input', () => {
    for (const bad of [
      '',
      '   ',
      'R',
      '-',
      'abc',
      '12abc',
      '1.2.3',
      '1,2,3',
      '12,34.5',
      '1.234,50',
      '--5',
      '-R-5',
      'RR5',
      '5R',
      '1e3',
      '0x10',
      'NaN',
      'Infinity',
      '.',
      ',',
    ]) {
      expect(parseAmount(bad), bad).toBeNull();
    }
    expect(parseAmount(null as unknown as string)).toBeNull();
  });
});

describe('amountText', () => {
  it('writes an amount with exactly two decimals', () => {
    expect(amountText(12.5)).toBe('12.50');
    expect(amountText(0)).toBe('0.00');
    expect(amountText('1234567.891')).toBe('1234567.89');
    expect(amountText(-3)).toBe('-3.00');
  });

  it('rounds half away from zero in decimal, not in binary', () => {
    // (1.005).toFixed(2) is '1.00' in binary floating point.
    expect(amountText(1.005)).toBe('1.01');
    expect(amountText(-1.005)).toBe('-1.01');
    expect(amountText('2.675')).toBe('2.68');
  });

  it('never writes a negative zero', () => {
    expect(amountText(-0)).toBe('0.00');
    expect(amountText('-0.004')).toBe('0.00');
  });

  it('refuses what is not an amount', () => {
    expect(() => amountText('abc')).toThrow(TypeError);
    expect(() => amountText(Number.NaN)).toThrow(TypeError);
  });
});

describe('money errors and edges', () => {
  it('says what is not an amount', () => {
    expect(() => dec(Number.POSITIVE_INFINITY)).toThrow(
      new TypeError('Not a finite amount: Infinity'),
    );
    expect(() => dec('abc')).toThrow(new TypeError('Not a numeric amount: "abc"'));
    expect(() => dec({} as unknown as string)).toThrow(
      new TypeError('Not an amount: [object Object]'),
    );
  });

  it('never gives a negative zero', () => {
    expect(Object.is(toAmount('-0.001'), 0)).toBe(true);
    expect(Object.is(toAmount(-0), 0)).toBe(true);
  });

  it('refuses a typed amount too large to be a number', () => {
    expect(parseAmount('9'.repeat(400))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  counterScope,
  documentNumber,
  formatNumber,
  generateNumber,
  numberPrefix,
  parseCounter,
  parseNumber,
  presetParts,
  type NumberPart,
} from './numbering.js';

const day = '2026-11-21';

describe('presetParts', () => {
  it('describes the three presets', () => {
    expect(presetParts('INV00001', 'invoice')).toEqual([
      { type: 'char', value: 'INV' },
      { type: 'int', digits: 5 },
    ]);
    expect(presetParts('INV00001', 'quote')?.[0]).toEqual({ type: 'char', value: 'QUO' });
    expect(presetParts('INV00001', 'expense')?.[0]).toEqual({ type: 'char', value: 'EXP' });
    expect(presetParts('DDMMYYYY', 'invoice')).toEqual([{ type: 'date', format: 'DDMMYYYY' }]);
    expect(presetParts('DDMMYYYY-1', 'quote')).toEqual([
      { type: 'date', format: 'DDMMYYYY' },
      { type: 'separator', value: '-' },
      { type: 'int', digits: 1 },
    ]);
  });

  it('returns null for an unknown preset', () => {
    expect(presetParts('ABC', 'invoice')).toBeNull();
    expect(presetParts('', 'invoice')).toBeNull();
    expect(presetParts('inv00001', 'invoice')).toBeNull();
  });
});

describe('counterScope', () => {
  it('keeps one running counter for INV00001 and one per day for the date presets', () => {
    expect(counterScope('INV00001', day)).toBe('');
    expect(counterScope('DDMMYYYY', day)).toBe('2026-11-21');
    expect(counterScope('DDMMYYYY-1', '2027-01-02')).toBe('2027-01-02');
    expect(counterScope('nonsense', day)).toBe('');
  });

  it('rejects a bad date for a date preset', () => {
    expect(() => counterScope('DDMMYYYY', '2026-02-30')).toThrow(RangeError);
  });
});

describe('formatNumber and generateNumber', () => {
  it('pads the INV counter to 5 digits and never truncates it', () => {
    expect(generateNumber('INV00001', 'invoice', day, 1)).toBe('INV00001');
    expect(generateNumber('INV00001', 'invoice', day, 42)).toBe('INV00042');
    expect(generateNumber('INV00001', 'invoice', day, 99999)).toBe('INV99999');
    expect(generateNumber('INV00001', 'invoice', day, 123456)).toBe('INV123456');
    expect(generateNumber('INV00001', 'quote', day, 7)).toBe('QUO00007');
    expect(generateNumber('INV00001', 'expense', day, 7)).toBe('EXP00007');
  });

  it('writes the date as DDMMYYYY and adds -N from the second document of a day', () => {
    expect(generateNumber('DDMMYYYY', 'invoice', day, 1)).toBe('21112026');
    expect(generateNumber('DDMMYYYY', 'invoice', day, 2)).toBe('21112026-2');
    expect(generateNumber('DDMMYYYY', 'quote', day, 3)).toBe('21112026-3');
    expect(generateNumber('DDMMYYYY', 'invoice', '2027-01-05', 1)).toBe('05012027');
  });

  it('writes date, dash and counter for DDMMYYYY-1', () => {
    expect(generateNumber('DDMMYYYY-1', 'invoice', day, 1)).toBe('21112026-1');
    expect(generateNumber('DDMMYYYY-1', 'invoice', day, 2)).toBe('21112026-2');
    expect(generateNumber('DDMMYYYY-1', 'invoice', day, 12)).toBe('21112026-12');
  });

  it('gives #invalid for an unknown preset', () => {
    expect(generateNumber('XYZ', 'invoice', day, 1)).toBe('#invalid');
  });

  it('formats a custom scheme', () => {
    const parts: NumberPart[] = [
      { type: 'char', value: 'JOB' },
      { type: 'separator', value: '/' },
      { type: 'date', format: 'DDMMYYYY' },
      { type: 'separator', value: '/' },
      { type: 'int', digits: 3 },
    ];
    expect(formatNumber(parts, '2026-03-09', 7)).toBe('JOB/09032026/007');
    expect(formatNumber([{ type: 'char', value: 'X' }], day, 2)).toBe('X-2');
  });

  it('rejects bad counters and dates', () => {
    const parts = presetParts('DDMMYYYY-1', 'invoice')!;
    expect(() => formatNumber(parts, day, 0)).toThrow(RangeError);
    expect(() => formatNumber(parts, day, -1)).toThrow(RangeError);
    expect(() => formatNumber(parts, day, 1.5)).toThrow(RangeError);
    expect(() => formatNumber(parts, '2026-13-01', 1)).toThrow(RangeError);
    expect(() => formatNumber(parts, '21-11-2026', 1)).toThrow(RangeError);
  });
});

describe('parseCounter and parseNumber', () => {
  it('reads the INV counter back', () => {
    expect(parseCounter('INV00001', 'invoice', 'INV00001')).toBe(1);
    expect(parseCounter('INV00001', 'invoice', 'INV00420')).toBe(420);
    expect(parseCounter('INV00001', 'invoice', 'INV123456')).toBe(123456);
    expect(parseCounter('INV00001', 'quote', 'QUO00003')).toBe(3);
    expect(parseNumber('INV00001', 'invoice', ' INV00005 ')).toEqual({ counter: 5, scope: '' });
  });

  it('rejects numbers the INV preset would not make', () => {
    for (const n of [
      'QUO00001',
      'INV0001',
      'INV00000',
      'INV0123456',
      'inv00001',
      'INV00001A',
      '',
    ]) {
      expect(parseCounter('INV00001', 'invoice', n), n).toBeNull();
    }
    expect(parseCounter('INV00001', 'quote', 'INV00001')).toBeNull();
  });

  it('reads the DDMMYYYY counter and its day', () => {
    expect(parseNumber('DDMMYYYY', 'invoice', '21112026')).toEqual({
      counter: 1,
      scope: '2026-11-21',
    });
    expect(parseNumber('DDMMYYYY', 'invoice', '21112026-3')).toEqual({
      counter: 3,
      scope: '2026-11-21',
    });
    expect(parseCounter('DDMMYYYY', 'invoice', '29022028-2')).toBe(2);
  });

  it('rejects numbers the DDMMYYYY preset would not make', () => {
    for (const n of [
      '21112026-1',
      '21112026-0',
      '21112026-02',
      '32112026',
      '29022027',
      '2111202',
      'INV00001',
    ]) {
      expect(parseCounter('DDMMYYYY', 'invoice', n), n).toBeNull();
    }
  });

  it('reads the DDMMYYYY-1 counter and its day', () => {
    expect(parseNumber('DDMMYYYY-1', 'invoice', '21112026-1')).toEqual({
      counter: 1,
      scope: '2026-11-21',
    });
    expect(parseCounter('DDMMYYYY-1', 'invoice', '01012027-15')).toBe(15);
    for (const n of ['21112026', '21112026-0', '21112026-01', '21112026-', '21132026-1']) {
      expect(parseCounter('DDMMYYYY-1', 'invoice', n), n).toBeNull();
    }
  });

  it('returns null for an unknown preset', () => {
    expect(parseCounter('ABC', 'invoice', 'INV00001')).toBeNull();
  });

  it('round-trips every generated number', () => {
    for (const preset of ['INV00001', 'DDMMYYYY', 'DDMMYYYY-1'])
      for (const counter of [1, 2, 9, 10, 99999, 100000]) {
        const n = generateNumber(preset, 'quote', '2028-02-29', counter);
        expect(parseCounter(preset, 'quote', n), n).toBe(counter);
      }
  });
});

describe('documentNumber', () => {
  it('is the quote number of a quote and the invoice number of an invoice', () => {
    const both = { invoiceNumber: 'INV00042', quoteNumber: 'QUO00017' };
    expect(documentNumber({ ...both, isQuote: true })).toBe('QUO00017');
    expect(documentNumber({ ...both, isQuote: false })).toBe('INV00042');
  });

  it('falls back to the quote number for an invoice without its own', () => {
    expect(documentNumber({ isQuote: false, invoiceNumber: null, quoteNumber: 'QUO00017' })).toBe(
      'QUO00017',
    );
  });

  it('never shows an invoice number on a quote', () => {
    expect(documentNumber({ isQuote: true, invoiceNumber: 'INV00042', quoteNumber: null })).toBe(
      '',
    );
  });

  it("is '' for a document without numbers", () => {
    expect(documentNumber({ isQuote: false, invoiceNumber: null, quoteNumber: null })).toBe('');
    expect(documentNumber({ isQuote: true, invoiceNumber: null, quoteNumber: null })).toBe('');
  });
});

describe('numberPrefix', () => {
  it('is the text before the counter', () => {
    expect(numberPrefix('INV00001', 'invoice', '2026-11-21')).toBe('INV');
    expect(numberPrefix('INV00001', 'quote', '2026-11-21')).toBe('QUO');
    expect(numberPrefix('INV00001', 'expense', '2026-11-21')).toBe('EXP');
    expect(numberPrefix('DDMMYYYY', 'invoice', '2026-11-21')).toBe('21112026');
    expect(numberPrefix('DDMMYYYY-1', 'expense', '2026-01-05')).toBe('05012026-');
  });

  it('starts every number the preset makes', () => {
    for (const preset of ['INV00001', 'DDMMYYYY', 'DDMMYYYY-1']) {
      for (const counter of [1, 2, 123456]) {
        const n = generateNumber(preset, 'invoice', '2026-03-09', counter);
        expect(n.startsWith(numberPrefix(preset, 'invoice', '2026-03-09'))).toBe(true);
      }
    }
  });

  it("is '' for an unknown preset", () => {
    expect(numberPrefix('nope', 'invoice', '2026-11-21')).toBe('');
  });
});

describe('numbering errors', () => {
  it('names what is wrong', () => {
    expect(() => counterScope('DDMMYYYY', '21/11/2026')).toThrow(
      new RangeError('Not a date (YYYY-MM-DD): 21/11/2026'),
    );
    expect(() => generateNumber('INV00001', 'invoice', '2026-11-21', 0)).toThrow(
      new RangeError('A counter is a whole number from 1: 0'),
    );
    expect(() => generateNumber('DDMMYYYY', 'invoice', '2026-13-01', 1)).toThrow(
      new RangeError('Not a date (YYYY-MM-DD): 2026-13-01'),
    );
  });

  it('reads nothing from what is not text', () => {
    expect(parseNumber('INV00001', 'invoice', 1 as unknown as string)).toBeNull();
  });
});

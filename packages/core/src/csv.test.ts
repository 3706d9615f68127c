import { describe, expect, it } from 'vitest';
import { csvCell, csvQuote, toCsv } from './csv.js';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
    ['-2+3+cmd|x', `'-2+3+cmd|x`],
    ['@SUM(1+1)*cmd|x', `'@SUM(1+1)*cmd|x`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['-123.45', `'-123.45`],
  ])('neutralises text %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each(['plain', 'a=b', ' =1', "it's", '', 'x\n=1', '1+1', '€5', '#1'])(
    'keeps text %j as it is',
    (input) => expect(csvCell(input)).toBe(input),
  );

  it('writes numbers as numbers, negative ones too', () => {
    expect(csvCell(-123.45)).toBe('-123.45');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-5, 2)).toBe('-5.00');
    expect(csvCell(1234.5, 2)).toBe('1234.50');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('writes booleans, dates and blanks', () => {
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('csvQuote', () => {
  it('quotes the separator, quotes and line breaks only', () => {
    expect(csvQuote('a;b')).toBe('"a;b"');
    expect(csvQuote('a,b')).toBe('a,b');
    expect(csvQuote('a,b', ',')).toBe('"a,b"');
    expect(csvQuote('say "hi"')).toBe('"say ""hi"""');
    expect(csvQuote('two\nlines')).toBe('"two\nlines"');
    expect(csvQuote('cr\rhere')).toBe('"cr\rhere"');
    expect(csvQuote('plain')).toBe('plain');
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header, CRLF lines, neutralised and quoted cells', () => {
    const csv = toCsv(
      ['name', 'outstanding', '=head'],
      [
        ['=1+1;x', -12.5, null],
        ['Ann', 3, true],
      ],
      { decimals: { 1: 2 } },
    );
    expect(csv).toBe(`\ufeffname;outstanding;'=head\r\n"'=1+1;x";-12.50;\r\nAnn;3.00;true\r\n`);
  });

  it('takes another separator', () => {
    expect(toCsv(['a', 'b'], [['x,y', '@z']], { separator: ',' })).toBe(
      `\ufeffa,b\r\n"x,y",'@z\r\n`,
    );
  });
});

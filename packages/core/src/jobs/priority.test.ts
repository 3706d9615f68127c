import { describe, expect, it } from 'vitest';
import { PRIORITIES } from '../contracts/jobs.js';
import { cardText, priorityBorder, priorityRank } from './priority.js';

describe('priorityRank (spec §9)', () => {
  it('ranks Critical 5, High 4, Medium 3, Low 2, anything else 0', () => {
    expect(PRIORITIES.map(priorityRank)).toEqual([5, 4, 3, 2]);
    for (const other of ['', 'critical', 'LOW', 'Urgent', null, undefined])
      expect(priorityRank(other), String(other)).toBe(0);
  });
});

describe('priorityBorder (spec §9)', () => {
  it('red 10 for Critical, red 5 for High, orange for Medium, green for Low', () => {
    expect(priorityBorder('Critical')).toEqual({ color: 'red', width: 10 });
    expect(priorityBorder('High')).toEqual({ color: 'red', width: 5 });
    expect(priorityBorder('Medium')).toEqual({ color: 'orange', width: 5 });
    expect(priorityBorder('Low')).toEqual({ color: 'green', width: 5 });
  });

  it('none for anything else', () => {
    for (const other of ['', 'high', 'Urgent', null, undefined])
      expect(priorityBorder(other), String(other)).toBeNull();
  });
});

describe('cardText (spec §5: cut to 30 characters)', () => {
  const thirty = 'abcdefghijklmnopqrstuvwxyz0123';

  it('keeps text of up to 30 characters', () => {
    expect(thirty).toHaveLength(30);
    expect(cardText(thirty)).toBe(thirty);
    expect(cardText('Fix geyser')).toBe('Fix geyser');
  });

  it('cuts longer text to its first 30', () => {
    expect(cardText(`${thirty}X`)).toBe(thirty);
    expect(cardText(`${thirty}XYZ and more`)).toBe(thirty);
  });

  it('answers empty text for none', () => {
    expect(cardText(null)).toBe('');
    expect(cardText(undefined)).toBe('');
    expect(cardText('')).toBe('');
  });

  it('takes another length', () => {
    expect(cardText('abcdef', 3)).toBe('abc');
    expect(cardText('abc', 3)).toBe('abc');
    expect(cardText('abc', 0)).toBe('');
  });

  it('never splits an emoji in half', () => {
    const text = `${'a'.repeat(29)}🔧🔧`;
    expect(cardText(text)).toBe(`${'a'.repeat(29)}🔧`);
    expect(cardText('🔧🔧🔧', 2)).toBe('🔧🔧');
    expect(cardText('🔧🔧', 2)).toBe('🔧🔧');
  });
});

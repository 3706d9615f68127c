import { describe, expect, it } from 'vitest';
import { ZTemplateField, ZTemplatePreview } from './templates.js';

const field = (name: string) => ({ name, label: 'Label', type: 'text' as const });
const messages = (name: string) =>
  ZTemplateField.safeParse(field(name)).error?.issues.map((i) => i.message) ?? [];

describe('ZTemplateField', () => {
  it('refuses names every object already has (they would print the built-in)', () => {
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'])
      expect(messages(name), name).toEqual(['is a reserved name']);
    // Not a name of letters first at all: refused by the pattern.
    expect(messages('__proto__')[0]).toBe('must be a name of letters, digits and _');
  });

  it('accepts ordinary names, also ones close to the reserved ones', () => {
    for (const name of ['orderNo', 'Constructor', 'toStringValue', 'name', 'length', 'po_number'])
      expect(messages(name), name).toEqual([]);
  });

  it('is what a preview checks its fields with', () => {
    const body = { template: '<p/>', type: 'invoice', fields: [field('constructor')] };
    expect(ZTemplatePreview.safeParse(body).success).toBe(false);
    expect(ZTemplatePreview.safeParse({ ...body, fields: [field('orderNo')] }).success).toBe(true);
    expect(ZTemplatePreview.safeParse({ template: '', type: 'invoice' }).success).toBe(true);
  });
});

import type { TTax } from '@fieldbook/core';

/** A company's tax: 15 % VAT added on top, no second tax. */
export const VAT15: TTax = {
  hasTax: true,
  tD: 'VAT',
  tV: 15,
  inc1: false,
  duc1: false,
  hasSecondTax: false,
  t2D: '',
  t2V: 0,
  inc2: false,
  duc2: false,
};

import { createHash } from 'node:crypto';
import type { TDeposit, TDiscount, TLine, TQuoteResponse, TTax } from '@fieldbook/core';
import { badField } from '../../platform/errors.js';

/**
 * What a client signs when they accept a quote in the portal (docs/portal.md):
 * each line's words and figures (and notes), the discount, the tax and the
 * deposit. The portal shows the quote's version (a digest of these); an
 * acceptance of another version is refused, and an accepted quote is locked
 * to them.
 */

export interface Signed {
  descriptions: TLine[];
  discount: TDiscount | null;
  tax: TTax;
  deposit: TDeposit | null;
}

const signed = (d: Signed) =>
  JSON.stringify({
    lines: d.descriptions.map((l) => [
      l.description,
      l.notes ?? '',
      Number(l.qty ?? 1),
      Number(l.price),
      l.hasTax !== false,
      l.hasSecondTax !== false,
    ]),
    discount: d.discount?.hasDiscount
      ? [d.discount.discountType, Number(d.discount.discountValue)]
      : null,
    tax: [
      d.tax.hasTax,
      d.tax.tV,
      d.tax.inc1,
      d.tax.duc1,
      d.tax.hasSecondTax,
      d.tax.t2V,
      d.tax.inc2,
      d.tax.duc2,
    ],
    deposit: d.deposit ? [d.deposit.type, Number(d.deposit.value)] : null,
  });

/** The version of a quote the client sees and signs: 16 hex digits of a SHA-256. */
export const quoteVersion = (d: Signed) =>
  createHash('sha256').update(signed(d)).digest('hex').slice(0, 16);

/**
 * A save of a quote the client accepted must keep what they signed (400
 * naming `descriptions` otherwise); turning it into an invoice is allowed.
 */
export function keepsAcceptedQuote(
  stored: (Signed & { clientResponse: TQuoteResponse | null }) | null | undefined,
  next: Signed,
): void {
  if (stored?.clientResponse?.kind !== 'accepted') return;
  if (signed({ ...stored, deposit: stored.deposit ?? null }) !== signed(next))
    throw badField(
      'descriptions',
      'The client accepted this quote as it is: copy it to make a new one with changes',
    );
}

import type { TDiscount, TLine, TQuoteResponse, TTax } from '@fieldbook/core';
import { badField } from '../../platform/errors.js';

/**
 * A quote the client accepted in the portal is locked (docs/portal.md): a
 * save must keep what they signed.
 */

/** What a locked document keeps: each line's words and figures, the discount and the tax. */
const signed = (d: { descriptions: TLine[]; discount: TDiscount | null; tax: TTax }) =>
  JSON.stringify({
    lines: d.descriptions.map((l) => [
      l.description,
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
  });

/**
 * A save of a quote the client accepted must keep what they signed (400
 * naming `descriptions` otherwise); turning it into an invoice is allowed.
 */
export function keepsAcceptedQuote(
  stored:
    | {
        clientResponse: TQuoteResponse | null;
        descriptions: TLine[];
        discount: TDiscount | null;
        tax: TTax;
      }
    | null
    | undefined,
  next: { descriptions: TLine[]; discount: TDiscount; tax: TTax },
): void {
  if (stored?.clientResponse?.kind !== 'accepted') return;
  if (signed(stored) !== signed(next))
    throw badField(
      'descriptions',
      'The client accepted this quote as it is: copy it to make a new one with changes',
    );
}

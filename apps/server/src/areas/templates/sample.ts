import {
  DEFAULT_DISCOUNT,
  addDays,
  buildStatement,
  computeTotals,
  generateNumber,
  INVALID_NUMBER,
  type TLine,
  type TTax,
  type TTemplateField,
} from '@fieldbook/core';
import type { DocumentClient, InvoiceSource } from './context.js';

/**
 * Made-up records for a template preview without a real one: a client, a
 * three-line invoice in the company's own tax settings (totals from core's
 * computeTotals) and a statement with something in every aging bucket.
 */
export const SAMPLE_CLIENT: DocumentClient = {
  name: 'Jane',
  surname: 'Doe',
  email: 'jane.doe@example.com',
  phone: '082 555 0123',
  contactNumber: '',
  address: '12 Sample Street\nRondebosch\nCape Town 7700',
  fields: { vatNumber: '4123456789' },
};

const line = (l: Pick<TLine, 'description' | 'qty' | 'price'> & Partial<TLine>): TLine => ({
  ledgerAccountId: null,
  itemId: null,
  ...l,
});
const LINES: TLine[] = [
  line({ description: 'Call-out fee', qty: 1, price: 450 }),
  line({ description: 'Labour (hours)', qty: 2.5, price: 380, notes: 'Replace geyser element' }),
  line({ description: 'Geyser element 3 kW', code: 'GE-3000', qty: 1, price: 685.5 }),
];

/** Values for a template's extra fields in a preview: today for a date, else the field's label. */
export function sampleCustom(fields: TTemplateField[], today: string): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, f.type === 'date' ? today : f.label]));
}

/**
 * A sample number in the company's own numbering scheme: a quote's carries
 * the quote prefix (QUO00017), an invoice's the invoice prefix (INV00042).
 */
export function sampleNumber(numbering: string, isQuote: boolean, today: string): string {
  const n = isQuote
    ? generateNumber(numbering, 'quote', today, 17)
    : generateNumber(numbering, 'invoice', today, 42);
  if (n !== INVALID_NUMBER) return n;
  return isQuote ? 'QUO00017' : 'INV00042';
}

export function sampleInvoice(
  tax: TTax,
  today: string,
  custom: Record<string, string> = {},
  isQuote = false,
  numbering = 'INV00001',
): InvoiceSource {
  const discount = DEFAULT_DISCOUNT;
  const number = sampleNumber(numbering, isQuote, today);
  return {
    isQuote,
    invoiceNumber: isQuote ? null : number,
    quoteNumber: isQuote ? number : null,
    invoiceDate: today,
    dueDate: addDays(today, 7),
    to: 'Jane Doe',
    notes: 'Banking details: Sample Bank, account 123456789, branch 250655.',
    paid: false,
    amountPaid: 0,
    datePaid: null,
    methodPaid: '',
    descriptions: LINES,
    tax,
    discount,
    totals: computeTotals({ descriptions: LINES, discount, tax }),
    custom,
    publicUrl: '',
  };
}

export function sampleStatement(today: string) {
  const inv = (n: number, daysAgo: number, total: number, amountPaid = 0) => ({
    _id: `sample-${n}`,
    invoiceNumber: `INV000${n}`,
    invoiceDate: addDays(today, -daysAgo),
    total,
    amountPaid,
    datePaid: amountPaid ? addDays(today, -daysAgo + 5) : null,
  });
  return buildStatement(
    [
      inv(31, 130, 1200),
      inv(35, 95, 980.5, 500),
      inv(38, 70, 2300),
      inv(40, 40, 1500, 1500),
      inv(42, 5, 2345.5),
    ],
    today,
  );
}

import type { UseFormReturnType } from '@mantine/form';
import {
  DEFAULT_DISCOUNT,
  addDays,
  computeTotals,
  type DiscountType,
  type TDeposit,
  type TInvoice,
  type TInvoiceSave,
  type TTax,
  type Totals,
} from '@fieldbook/core';

/** A line as the form holds it: number inputs give '' while empty. */
export interface LineValues {
  /** A React key for the row; never sent. */
  key: string;
  description: string;
  code: string;
  qty: number | string;
  price: number | string;
  notes: string;
  hasTax: boolean;
  hasSecondTax: boolean;
  save: boolean;
  saveClientPrice: boolean;
  category: string;
  itemId: string | null;
  ledgerAccountId: string | null;
}

export interface InvoiceValues {
  /** The chosen template; '' uses the company's default. */
  invoiceTemplateId: string;
  /** Values of the template's extra fields, by field name. */
  custom: Record<string, string>;
  isQuote: boolean;
  entityId: string;
  to: string;
  toEmail: string;
  invoiceDate: string;
  dueDate: string;
  descriptions: LineValues[];
  discount: { hasDiscount: boolean; discountType: DiscountType; discountValue: number | string };
  /** A quote's deposit (docs/payments.md): on or off, a percentage or an amount. */
  deposit: { hasDeposit: boolean; type: TDeposit['type']; value: number | string };
  tax: TTax;
  paid: boolean;
  amountPaid: number | string;
  datePaid: string | null;
  methodPaid: string;
  notes: string;
  /** The recurring switch: saving makes a recurring item with this frequency. */
  isRecurring: boolean;
  recurringType: string;
}

export type InvoiceForm = UseFormReturnType<InvoiceValues>;

/** The default due date: 7 days after the invoice date (spec §9). */
export const DUE_DAYS = 7;

/** A number from a number input's value; null while empty or not a number. */
export function num(v: number | string | null | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

let keySeq = 0;
export const newLineKey = () => `line-${++keySeq}`;

export function emptyLine(over: Partial<LineValues> = {}): LineValues {
  return {
    key: newLineKey(),
    description: '',
    code: '',
    qty: 1,
    price: '',
    notes: '',
    hasTax: true,
    hasSecondTax: true,
    save: false,
    saveClientPrice: false,
    category: '',
    itemId: null,
    ledgerAccountId: null,
    ...over,
  };
}

/** A deposit switched on starts at 30 % of the total. */
export const NO_DEPOSIT: InvoiceValues['deposit'] = {
  hasDeposit: false,
  type: 'Percentage',
  value: 30,
};

/** A new invoice or quote: dated today, due in 7 days, with the company's tax. */
export function newInvoiceValues(isQuote: boolean, today: string, tax: TTax): InvoiceValues {
  return {
    invoiceTemplateId: '',
    custom: {},
    isQuote,
    entityId: '',
    to: '',
    toEmail: '',
    invoiceDate: today,
    dueDate: addDays(today, DUE_DAYS),
    descriptions: [],
    discount: { ...DEFAULT_DISCOUNT },
    deposit: { ...NO_DEPOSIT },
    tax: { ...tax },
    paid: false,
    amountPaid: 0,
    datePaid: null,
    methodPaid: '',
    notes: '',
    isRecurring: false,
    recurringType: 'month',
  };
}

/** A stored line as the form holds it (also the lines of a recurring invoice). */
export function lineToValues(l: TInvoice['descriptions'][number]): LineValues {
  return emptyLine({
    description: l.description,
    code: l.code ?? '',
    qty: l.qty,
    price: l.price,
    notes: l.notes ?? '',
    hasTax: l.hasTax !== false,
    hasSecondTax: l.hasSecondTax !== false,
    category: l.category ?? '',
    itemId: l.itemId,
    ledgerAccountId: l.ledgerAccountId,
  });
}

/** A line of the form as the save contract takes it. */
export function lineToSave(l: LineValues): TInvoiceSave['descriptions'][number] {
  return {
    description: l.description,
    code: l.code,
    qty: num(l.qty),
    // An empty price goes as missing, so the server names it.
    price: num(l.price) as number,
    notes: l.notes,
    hasTax: l.hasTax,
    hasSecondTax: l.hasSecondTax,
    save: l.save || undefined,
    saveClientPrice: l.saveClientPrice || undefined,
    category: l.category,
    itemId: l.itemId,
    ledgerAccountId: l.ledgerAccountId,
  };
}

export function invoiceToValues(inv: TInvoice): InvoiceValues {
  return {
    invoiceTemplateId: inv.invoiceTemplateId ?? '',
    custom: customToValues(inv.custom),
    isQuote: inv.isQuote,
    entityId: inv.entityId ?? '',
    to: inv.to,
    toEmail: inv.toEmail,
    invoiceDate: inv.invoiceDate,
    dueDate: inv.dueDate,
    descriptions: inv.descriptions.map(lineToValues),
    discount: { ...inv.discount },
    deposit: inv.deposit ? { hasDeposit: true, ...inv.deposit } : { ...NO_DEPOSIT },
    tax: { ...inv.tax },
    paid: inv.paid,
    amountPaid: inv.amountPaid,
    datePaid: inv.datePaid,
    methodPaid: inv.methodPaid,
    notes: inv.notes,
    isRecurring: inv.isRecurring,
    recurringType: inv.recurringType || 'month',
  };
}

/**
 * The text values of the extra fields (text, text area and date are all text).
 * Values of another kind stay out of the form and go back unchanged on save.
 */
function customToValues(custom: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(custom ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The totals of the form as it stands, by core's computeTotals (the server's own). */
export function valuesTotals(v: InvoiceValues): Totals {
  return computeTotals({
    descriptions: v.descriptions.map((l) => ({
      qty: num(l.qty),
      price: num(l.price) ?? 0,
      hasTax: l.hasTax,
      hasSecondTax: l.hasSecondTax,
    })),
    discount: { ...v.discount, discountValue: num(v.discount.discountValue) ?? 0 },
    tax: v.tax,
  });
}

/** The body of POST /invoices; fields of the loaded invoice the form does not edit go back as they were. */
export function valuesToSave(
  v: InvoiceValues,
  loaded: TInvoice | undefined,
  baseline?: Pick<InvoiceValues, 'paid' | 'amountPaid' | 'datePaid' | 'methodPaid'>,
): TInvoiceSave {
  return {
    ...(loaded && { _id: loaded._id, appointmentId: loaded.appointmentId }),
    isRecurring: v.isRecurring,
    recurringType: v.isRecurring ? v.recurringType : '',
    invoiceTemplateId: v.invoiceTemplateId || null,
    // Values of fields another template asked for stay with the invoice.
    custom: { ...(loaded?.custom as TInvoiceSave['custom']), ...v.custom },
    isQuote: v.isQuote,
    entityId: v.entityId,
    to: v.to,
    toEmail: v.toEmail,
    invoiceDate: v.invoiceDate,
    dueDate: v.dueDate,
    descriptions: v.descriptions.map(lineToSave),
    discount: { ...v.discount, discountValue: num(v.discount.discountValue) ?? 0 },
    // Only a quote asks for a deposit; an empty value goes as missing, so the server names it.
    ...(v.isQuote && { deposit: depositToSave(v.deposit) }),
    tax: v.tax,
    ...paymentChange(
      v,
      loaded && (baseline ? { ...baseline, amountPaid: num(baseline.amountPaid) ?? 0 } : loaded),
    ),
    notes: v.notes,
  };
}

/**
 * The paid fields, only when the Pay modal changed them (DECISIONS §16): a
 * save of the lines never posts back the paid state it loaded, so a payment
 * recorded meanwhile (another tab, PayFast) is never replaced by it.
 */
export function paymentChange(
  v: Pick<InvoiceValues, 'paid' | 'amountPaid' | 'datePaid' | 'methodPaid'>,
  /** What the form was loaded with (a saved invoice), or undefined for a new one. */
  loaded: Pick<TInvoice, 'paid' | 'amountPaid' | 'datePaid' | 'methodPaid'> | undefined,
): Pick<TInvoiceSave, 'paid' | 'amountPaid' | 'datePaid' | 'methodPaid'> {
  const asked = {
    paid: v.paid,
    amountPaid: num(v.amountPaid) ?? 0,
    datePaid: v.datePaid,
    methodPaid: v.methodPaid,
  };
  const same = loaded
    ? asked.paid === loaded.paid &&
      asked.amountPaid === loaded.amountPaid &&
      asked.datePaid === loaded.datePaid &&
      asked.methodPaid === loaded.methodPaid
    : !asked.paid && asked.amountPaid === 0 && !asked.datePaid && !asked.methodPaid;
  return same ? {} : asked;
}

/** The deposit of the form as the save takes it: null when switched off. */
export function depositToSave(d: InvoiceValues['deposit']): TDeposit | null {
  return d.hasDeposit ? { type: d.type, value: num(d.value) as number } : null;
}

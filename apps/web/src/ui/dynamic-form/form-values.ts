import { isLocalFile, localFileUrl, uploadedAs } from '../../api/offline/local-file-urls';
import {
  DEFAULT_DISCOUNT,
  computeTotals,
  type DiscountType,
  type TComponentValue,
  type TTax,
  type Totals,
} from '@fieldbook/core';

/** A line as the form holds it: number inputs give '' while empty. */
export interface FormLine {
  /** A React key for the row; never sent. */
  key: string;
  description: string;
  code: string;
  qty: number | string;
  price: number | string;
  notes: string;
  hasTax: boolean;
  hasSecondTax: boolean;
  /** Add the line to the saved price list when the job is saved. */
  save: boolean;
  category: string;
  itemId: string | null;
  ledgerAccountId: string | null;
}

export interface FormDiscount {
  hasDiscount: boolean;
  discountType: DiscountType;
  discountValue: number | string;
}

/**
 * What the dynamic form edits: the component values by `prop`, and the parts
 * of the record some component types stand for (the client, the assigned
 * users, the line items and discount).
 */
export interface DynamicValues {
  entityId: string;
  /** The chosen client's name, shown on the client picker's button. */
  clientName: string;
  assignedUsers: string[];
  lineItems: FormLine[];
  discount: FormDiscount;
  values: Record<string, TComponentValue>;
}

/** A number from a number input's value; null while empty or not a number. */
export function num(v: number | string | null | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

let keySeq = 0;

export function formLine(over: Partial<FormLine> = {}): FormLine {
  return {
    key: `job-line-${++keySeq}`,
    description: '',
    code: '',
    qty: 1,
    price: '',
    notes: '',
    hasTax: true,
    hasSecondTax: true,
    save: false,
    category: '',
    itemId: null,
    ledgerAccountId: null,
    ...over,
  };
}

export const emptyDiscount = (): FormDiscount => ({ ...DEFAULT_DISCOUNT });

/** The totals of the lines as they stand, by core's computeTotals (the server's own). */
export function formTotals(v: Pick<DynamicValues, 'lineItems' | 'discount'>, tax: TTax): Totals {
  return computeTotals({
    descriptions: v.lineItems.map((l) => ({
      qty: num(l.qty),
      price: num(l.price) ?? 0,
      hasTax: l.hasTax,
      hasSecondTax: l.hasSecondTax,
    })),
    discount: { ...v.discount, discountValue: num(v.discount.discountValue) ?? 0 },
    tax,
  });
}

/** The URL of a stored image value: a file id, or an `/images/<id>` path. */
export function imageUrl(file: string): string {
  // A photo taken offline: shown from the phone until uploaded, then from the server.
  if (isLocalFile(file)) {
    const server = uploadedAs(file);
    if (!server) return localFileUrl(file) ?? '';
    file = server;
  }
  const id = file.replace(/^\/?(api\/)?images\//, '');
  return `/api/images/${encodeURIComponent(id)}`;
}

/** A member a user field may name. */
export interface Member {
  userId: string;
  name: string;
}

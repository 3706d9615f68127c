import {
  invoiceBalance,
  documentNumber,
  formatDate,
  formatMoney,
  lineAmount,
  statementForPeriod,
  taxRows,
  type Statement,
  type StatementPeriod,
  type TClientField,
  type TDiscount,
  type TLine,
  type TQuoteResponse,
  type TTax,
  type TTemplateField,
  type Totals,
} from '@fieldbook/core';
import type { CompanyRow } from '../companies/index.js';

/**
 * The values a template's placeholders read (documented in docs/templates.md).
 * Every amount is already formatted by core's `formatMoney` and every figure
 * comes from core's totals and statement code, so a PDF shows exactly what
 * the screen shows. Templates carry no logic: anything a document needs to
 * decide (the title, whether VAT applies) is decided here.
 */

/** The parts of the company a document shows. */
export function companyContext(c: CompanyRow) {
  const tax = c.tax;
  return {
    name: c.companyName,
    address: c.address,
    addressLines: lines(c.address),
    phone: c.phone,
    email: c.emailAddress,
    hasVat: tax.hasTax,
    vatNumber: tax.hasTax ? (tax.taxNumber ?? '') : '',
    taxLabel: tax.tD || 'VAT',
    logoUrl: c.logo ? `/api/images/${c.logo}` : '',
  };
}

const lines = (s: string | null | undefined) =>
  (s ?? '')
    .split(/\r?\n|,\s*(?=\S)/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Client extra fields whose key or label reads as a VAT or tax number. */
const VAT_KEY = /^(vat|tax)(no|num|number|reg|regno|registration|registrationnumber|id)?$/;
const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** A value stored under `key` itself: never one inherited from Object.prototype ('constructor'). */
const own = (values: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(values, key) ? values[key] : undefined;

function fieldText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

/** What a document prints of its client (the clients area's row fits it). */
export interface DocumentClient {
  name: string;
  surname: string;
  email: string;
  phone: string;
  contactNumber: string;
  address: string;
  fields: Record<string, unknown>;
}

/** The client as the recipient of a document; `types` are its client type's field definitions. */
export function clientContext(c: DocumentClient | null, to: string, types: TClientField[] = []) {
  const values = (c?.fields ?? {}) as Record<string, unknown>;
  const fields = types
    .map((f) => ({
      key: f.description,
      label: f.label,
      value: fieldText(own(values, f.description)),
    }))
    .filter((f) => f.value !== '');
  const vat =
    fields.find((f) => VAT_KEY.test(norm(f.key)) || VAT_KEY.test(norm(f.label)))?.value ??
    fieldText(Object.entries(values).find(([k]) => VAT_KEY.test(norm(k)))?.[1]);
  const fullName = c ? [c.name, c.surname].filter(Boolean).join(' ') : to;
  return {
    name: c?.name ?? to,
    surname: c?.surname ?? '',
    fullName,
    email: c?.email ?? '',
    phone: c?.phone || c?.contactNumber || '',
    address: c?.address ?? '',
    addressLines: lines(c?.address),
    vatNumber: vat,
    fields: fields.filter((f) => f.value !== vat).map(({ label, value }) => ({ label, value })),
  };
}

const pct = (n: number) => `${Number(n.toFixed(2))}%`;

/** A quote's acceptance as printed; `accepted` false otherwise. */
function acceptanceContext(r: TQuoteResponse | null | undefined) {
  const yes = r?.kind === 'accepted';
  return {
    accepted: yes,
    name: yes ? r.name : '',
    date: yes ? formatDate(r.at) : '',
    poNumber: yes ? r.poNumber : '',
    signature: yes ? (r.signature ?? '') : '',
  };
}

/** What an invoice or quote context is made from. */
export interface InvoiceSource {
  isQuote: boolean;
  invoiceNumber: string | null;
  quoteNumber: string | null;
  invoiceDate: string;
  dueDate: string;
  to: string;
  notes: string;
  paid: boolean;
  amountPaid: number;
  /** What credit notes took off the balance (docs/payments.md); none when absent. */
  amountCredited?: number;
  /** The client's answer in the portal (docs/portal.md): an acceptance is printed on the quote. */
  clientResponse?: TQuoteResponse | null;
  datePaid: string | null;
  methodPaid: string;
  descriptions: TLine[];
  tax: TTax;
  discount: TDiscount;
  totals: Totals;
  custom: Record<string, unknown>;
  publicUrl: string;
}

/** The invoice, its lines and totals. `templateFields` label the template's extra fields. */
export function invoiceContext(i: InvoiceSource, templateFields: TTemplateField[]) {
  const t = i.tax;
  const included = t.hasTax && t.inc1 && !t.duc1;
  // The tax rows exactly as the invoice screen's totals panel shows them (core's taxRows).
  const rows = taxRows(t, i.totals);
  const number = documentNumber(i);
  const rate1 = t.hasTax ? pct(t.tV) : '';
  const balance = invoiceBalance(i.totals.total, i.amountPaid, i.amountCredited ?? 0);
  return {
    invoice: {
      number,
      invoiceNumber: i.invoiceNumber ?? '',
      quoteNumber: i.quoteNumber ?? '',
      isQuote: i.isQuote,
      title: i.isQuote ? 'Quotation' : t.hasTax ? 'Tax Invoice' : 'Invoice',
      date: formatDate(i.invoiceDate),
      dueDate: formatDate(i.dueDate),
      notes: i.notes,
      paid: i.paid,
      datePaid: i.datePaid ? formatDate(i.datePaid) : '',
      methodPaid: i.methodPaid,
      publicUrl: i.publicUrl,
      custom: Object.fromEntries(
        Object.entries(i.custom).map(([k, v]) => [k, fieldText(v)] as const),
      ),
      extraFields: templateFields
        .map((f) => ({ label: f.label, value: fieldText(own(i.custom, f.name)) }))
        .filter((f) => f.value !== ''),
    },
    // `{{#if acceptance.accepted}}`: who accepted, when, the PO number and the drawn signature.
    acceptance: acceptanceContext(i.clientResponse),
    lines: i.descriptions.map((l, n) => ({
      number: n + 1,
      code: l.code ?? '',
      description: l.description,
      notes: l.notes ?? '',
      qty: String(Number(l.qty ?? 1)),
      unitPrice: formatMoney(l.price),
      vat: t.hasTax ? (l.hasTax === false ? 'Exempt' : rate1) : '',
      amount: formatMoney(lineAmount(l)),
    })),
    tax: {
      hasVat: t.hasTax,
      label: t.tD || 'VAT',
      rate: rate1,
      included,
      deducted: t.hasTax && t.duc1,
      hasSecondTax: t.hasSecondTax,
      secondLabel: t.t2D || 'Tax',
      secondRate: t.hasSecondTax ? pct(t.t2V) : '',
      secondIncluded: t.hasSecondTax && t.inc2 && !t.duc2,
      secondDeducted: t.hasSecondTax && t.duc2,
    },
    totals: {
      subtotal: formatMoney(i.totals.subtotal),
      hasDiscount: i.totals.discount > 0,
      discountLabel:
        i.discount.discountType === 'Amount'
          ? 'Discount'
          : `Discount ${pct(i.discount.discountValue)}`,
      discount: formatMoney(i.totals.discount),
      net: formatMoney(i.totals.net),
      tax1: formatMoney(i.totals.tax1),
      tax2: formatMoney(i.totals.tax2),
      tax1Label: rows.tax1?.label ?? '',
      tax1Shown: rows.tax1 ? formatMoney(rows.tax1.amount) : '',
      tax2Label: rows.tax2?.label ?? '',
      tax2Shown: rows.tax2 ? formatMoney(rows.tax2.amount) : '',
      total: formatMoney(i.totals.total),
      amountPaid: formatMoney(i.amountPaid),
      hasPaid: i.amountPaid > 0,
      balance: formatMoney(balance),
    },
  };
}

/** A period in words: '2026-03-01 to 2026-03-31', 'from 2026-03-01', 'up to 2026-03-31' or ''. */
export function periodWords({ from, to }: StatementPeriod): string {
  if (from && to) return `${formatDate(from)} to ${formatDate(to)}`;
  if (from) return `from ${formatDate(from)}`;
  return to ? `up to ${formatDate(to)}` : '';
}

/**
 * A statement: its lines with the rolling balance, the closing balance and
 * aging. With a period, the period's statement (core `statementForPeriod`):
 * `total` is the balance at its end and `balanceDue` the whole statement's
 * (what aging adds up to); without one both are the closing balance.
 */
export function statementContext(whole: Statement, asOf: string, period: StatementPeriod = {}) {
  const s = statementForPeriod(whole, period);
  return {
    statement: {
      date: formatDate(asOf),
      total: formatMoney(s.total),
      balanceDue: formatMoney(whole.total),
      hasPeriod: period.from !== undefined || period.to !== undefined,
      from: period.from ? formatDate(period.from) : '',
      to: period.to ? formatDate(period.to) : '',
      period: periodWords(period),
      lines: s.lineItems.map((l) => ({
        date: formatDate(l.invoiceDate),
        number: l.invoiceNumber,
        description: l.description,
        debit: l.debit_credit === 'debit' ? formatMoney(l.total) : '',
        credit: l.debit_credit === 'credit' ? formatMoney(l.total) : '',
        balance: formatMoney(l.rolling),
      })),
      hasLines: s.lineItems.length > 0,
      aging: {
        current: formatMoney(s.aging.current),
        d30: formatMoney(s.aging.d30),
        d60: formatMoney(s.aging.d60),
        d90: formatMoney(s.aging.d90),
        d120: formatMoney(s.aging.d120),
      },
    },
  };
}

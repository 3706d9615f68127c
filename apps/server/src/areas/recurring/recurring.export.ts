import {
  DEFAULT_DISCOUNT,
  addDays,
  frequencyWords,
  partyReference,
  sageDocumentsCsv,
  sageExpensesCsv,
  sageInvoicesCsv,
  toCsv,
  type ExportExpense,
  type ExportInvoice,
  type TRecurringItem,
  type TRecurringType,
  type TTax,
} from '@fieldbook/core';
import { GENERATED_DUE_DAYS } from '../jobs/index.js';

const TYPE_LABEL = { invoices: 'Invoice', expenses: 'Expense', calender: 'Job' } as const;

const party = (i: TRecurringItem) =>
  i.type === 'expenses'
    ? i.to
    : i.client
      ? [i.client.name, i.client.surname].filter(Boolean).join(' ')
      : i.to;

const description = (i: TRecurringItem) =>
  i.type === 'expenses'
    ? i.description
    : i.type === 'calender'
      ? i.faultDescription
      : i.descriptions.map((l) => l.description).join(', ');

/** As the list says it ('Monthly on day 31', 'Every 2 weeks on Tuesday'). */
const frequency = (i: TRecurringItem) => frequencyWords(i);

/** The list as CSV (DECISIONS §14: formula cells neutralised by `toCsv`). */
export function recurringCsv(items: TRecurringItem[]): string {
  const header = [
    'Type',
    'Client or supplier',
    'Description',
    'Frequency',
    'Start',
    'Next run',
    'Last run',
    'Active',
    'Total',
  ];
  const rows = items.map((i) => [
    TYPE_LABEL[i.type],
    party(i),
    description(i),
    frequency(i),
    i.startDate,
    i.active ? (i.nextRuns[0] ?? '') : 'Disabled',
    i.lastRunDate ?? 'Never',
    i.active,
    i.total,
  ]);
  return toCsv(header, rows, { decimals: { 8: 2 } });
}

/** The codes of the company's ledger accounts and its default income and cost accounts' codes. */
export interface AccountCodes {
  byId: Map<string, string>;
  income: string;
  cost: string;
}

/** The items that will run again, each with its next date. */
const due = (items: TRecurringItem[]) =>
  items.filter((i) => i.active && i.nextRuns.length > 0).map((i) => ({ i, date: i.nextRuns[0]! }));

const reference = (i: TRecurringItem) => `REC-${i._id.slice(0, 8).toUpperCase()}`;

/**
 * The invoices the items will make on their next run: a recurring invoice as
 * it is made (its tax, its due days); a recurring job as the invoice its lines
 * make when it is invoiced (the company's tax then, so today's; due 7 days
 * later, as a generated invoice is). A job without a client or without lines
 * makes no invoice, so it has no rows.
 */
function invoicesOf(items: TRecurringItem[], companyTax: TTax, codes: AccountCodes) {
  return due(items)
    .filter(({ i }) => i.type === 'invoices' || (i.entityId && i.descriptions.length > 0))
    .map(({ i, date }): ExportInvoice => {
      const job = i.type === 'calender';
      return {
        number: reference(i),
        invoiceDate: date,
        dueDate: addDays(date, job ? GENERATED_DUE_DAYS : i.dueDays),
        clientName: party(i),
        clientReference: partyReference(i.entityId),
        email: i.toEmail,
        discount: i.discount ?? DEFAULT_DISCOUNT,
        tax: (!job && i.tax) || companyTax,
        descriptions: i.descriptions.map((l) => ({
          ...l,
          accountCode: (l.ledgerAccountId && codes.byId.get(l.ledgerAccountId)) || codes.income,
        })),
      };
    });
}

/** The expenses the items will make on their next run, as purchase documents. */
function expensesOf(items: TRecurringItem[], codes: AccountCodes): ExportExpense[] {
  return due(items).map(({ i, date }) => ({
    number: reference(i),
    date,
    supplierName: i.to,
    supplierReference: partyReference(i.supplierId),
    description: i.description,
    accountCode: (i.ledgerAccountId && codes.byId.get(i.ledgerAccountId)) || codes.cost,
    amount: i.price,
  }));
}

/**
 * The accounting-package CSV of a recurring list (docs/exports.md), in the
 * format of the invoices' own Sage export (core's builders, so each line's
 * Net, VAT and Total are the ledger's shares and its account is its ledger
 * account's code, the default account's when it has none): invoices and jobs
 * as the customer invoices they will make on their next run, expenses as
 * supplier invoices, `all` as both in one file.
 */
export function recurringSageCsv(
  type: TRecurringType | 'all',
  items: TRecurringItem[],
  companyTax: TTax,
  codes: AccountCodes,
): string {
  const sales = items.filter((i) => i.type !== 'expenses');
  const purchases = items.filter((i) => i.type === 'expenses');
  if (type === 'expenses') return sageExpensesCsv(expensesOf(purchases, codes));
  if (type === 'all')
    return sageDocumentsCsv(invoicesOf(sales, companyTax, codes), expensesOf(purchases, codes));
  return sageInvoicesCsv(invoicesOf(sales, companyTax, codes));
}

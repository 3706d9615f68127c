import {
  DEFAULT_DISCOUNT,
  addDays,
  frequencyWords,
  partyReference,
  sageInvoicesCsv,
  toCsv,
  type ExportInvoice,
  type TRecurringItem,
  type TTax,
} from '@fieldbook/core';

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

/**
 * The recurring invoices as they will be made on their next run, in the
 * columns of Sage's customer-invoice import: core's `sageInvoicesCsv`, the
 * same file as the invoices' own export (docs/exports.md), so each line's Net,
 * VAT and Total are the ledger's shares and its account is its ledger
 * account's code (the default income account's when it has none).
 */
export function recurringSageCsv(
  items: TRecurringItem[],
  companyTax: TTax,
  codes: { byId: Map<string, string>; income: string },
): string {
  const invoices: ExportInvoice[] = items
    .filter((i) => i.active && i.nextRuns.length > 0)
    .map((i) => {
      const date = i.nextRuns[0]!;
      return {
        number: `REC-${i._id.slice(0, 8).toUpperCase()}`,
        invoiceDate: date,
        dueDate: addDays(date, i.dueDays),
        clientName: party(i),
        clientReference: partyReference(i.entityId),
        email: i.toEmail,
        discount: i.discount ?? DEFAULT_DISCOUNT,
        tax: i.tax ?? companyTax,
        descriptions: i.descriptions.map((l) => ({
          ...l,
          accountCode: (l.ledgerAccountId && codes.byId.get(l.ledgerAccountId)) || codes.income,
        })),
      };
    });
  return sageInvoicesCsv(invoices);
}

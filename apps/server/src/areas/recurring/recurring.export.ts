import {
  DEFAULT_DISCOUNT,
  computeTotals,
  toCsv,
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

const frequency = (i: TRecurringItem) => {
  const every = i.separationCount + 1;
  return every === 1 ? i.recurringType : `every ${every} ${i.recurringType}s`;
};

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
 * The recurring invoices' lines in the columns of Sage's customer-invoice
 * import, one row per line, dated on the item's next run. The line's net,
 * VAT and total come from core's totals of that line alone (its tax flags and
 * the item's tax; the item's discount is not spread over lines). Ledger
 * account stays empty until ledger codes exist.
 */
export function recurringSageCsv(items: TRecurringItem[], companyTax: TTax): string {
  const header = [
    'Type',
    'Customer reference',
    'Date',
    'Customer name',
    'Reference',
    'Ledger account',
    'Details',
    'Net',
    'VAT rate',
    'VAT',
    'Total',
  ];
  const rows = items
    .filter((i) => i.active && i.nextRuns.length > 0)
    .flatMap((i) => {
      const tax = i.tax ?? companyTax;
      return i.descriptions.map((l) => {
        const t = computeTotals({ descriptions: [l], discount: DEFAULT_DISCOUNT, tax });
        const taxed = tax.hasTax && l.hasTax !== false;
        return [
          'SI',
          i.entityId ?? '',
          i.nextRuns[0] ?? '',
          party(i),
          `REC-${i._id.slice(0, 8).toUpperCase()}`,
          '',
          l.description,
          t.net,
          taxed ? tax.tV : 0,
          t.tax1,
          t.total,
        ];
      });
    });
  return toCsv(header, rows, { decimals: { 7: 2, 9: 2, 10: 2 } });
}

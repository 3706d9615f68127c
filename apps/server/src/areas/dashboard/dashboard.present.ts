import { toAmount, type TDashboard } from '@fieldbook/core';
import type { expenseFigures, invoiceFigures } from './dashboard.repo.js';

type InvoiceSums = Awaited<ReturnType<typeof invoiceFigures>>;
type ExpenseSums = Awaited<ReturnType<typeof expenseFigures>>;

/** The sums as the API answers them; a part the member may not read is null, never zero. */
export function presentDashboard(
  period: { month: string; from: string; to: string; today: string },
  inv: InvoiceSums | null,
  exp: ExpenseSums | null,
  openIncidents: number | null,
): TDashboard {
  const invoices = inv && {
    invoiced: toAmount(inv.invoiced),
    invoicedCount: inv.invoicedCount,
    paid: toAmount(inv.paid),
    outstanding: toAmount(inv.outstanding),
    overdue: toAmount(inv.overdue),
    overdueCount: inv.overdueCount,
    failedSends: inv.failedSends,
  };
  return {
    ...period,
    invoices,
    expenses: exp && { total: toAmount(exp.total), count: exp.count },
    incidents: openIncidents === null ? null : { open: openIncidents },
    alerts: (openIncidents ?? 0) + (invoices?.failedSends ?? 0) + (invoices?.overdueCount ?? 0),
  };
}

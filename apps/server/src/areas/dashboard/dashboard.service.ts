import { daysInMonth, makeYmd, todayIn, type TDashboard } from '@fieldbook/core';
import { may, type Caller } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { presentDashboard } from './dashboard.present.js';
import * as repo from './dashboard.repo.js';

export type DashboardService = ReturnType<typeof createDashboardService>;

/** The first and last day of `month` (YYYY-MM). */
function monthRange(month: string) {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return { from: makeYmd(year, m, 1), to: makeYmd(year, m, daysInMonth(year, m)) };
}

/**
 * The dashboard: a month's figures of every area the member may read (the
 * others are null, never zero, so a figure is never shown as nothing owed
 * when it is only hidden), and the count of what needs attention.
 */
export function createDashboardService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return {
    async figures(companyId: string, who: Caller, month?: string): Promise<TDashboard> {
      const timeZone = await repo.companyTimeZone(db, companyId);
      if (!timeZone) throw notFound('Company not found');
      const today = todayIn(timeZone);
      const shown = month ?? today.slice(0, 7);
      const { from, to } = monthRange(shown);
      const readsInvoices = may(who, 'invoices', 'r');
      const readsExpenses = may(who, 'expenses', 'r');
      const [inv, exp, open] = await Promise.all([
        readsInvoices ? repo.invoiceFigures(db, companyId, from, to, today) : null,
        readsExpenses ? repo.expenseFigures(db, companyId, from, to) : null,
        // Incidents are read with the invoices right (their list asks invoices r).
        readsInvoices ? repo.openIncidents(db, companyId) : null,
      ]);
      return presentDashboard({ month: shown, from, to, today }, inv, exp, open);
    },
  };
}

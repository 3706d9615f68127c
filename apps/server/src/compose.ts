// Part of the composition root (with app.ts and open-deps.ts): builds the
// services whose areas would otherwise import each other in a cycle, giving
// each the narrow functions it needs of the areas above it (docs/architecture.md).
import { createLedgerService } from './areas/accounting/ledger.service.js';
import type { AuthService } from './areas/auth/auth.service.js';
import { createCompaniesService } from './areas/companies/companies.service.js';
import { countSends } from './areas/delivery/index.js';
import * as expenses from './areas/expenses/index.js';
import { createExpensesService } from './areas/expenses/expenses.service.js';
import { createIncidentsService } from './areas/incidents/incidents.service.js';
import * as invoices from './areas/invoices/index.js';
import { createInvoicesService } from './areas/invoices/invoices.service.js';
import * as items from './areas/items/index.js';
import { installDefaultTypes } from './areas/jobs/index.js';
import { createJobTypesService } from './areas/jobs/job-types.service.js';
import * as recurring from './areas/recurring/index.js';
import { templateUsable } from './areas/templates/index.js';
import type { AppDeps } from './platform/deps.js';

export const companiesService = (
  deps: Parameters<typeof createCompaniesService>[0],
  auth: AuthService,
) => createCompaniesService(deps, auth, { countSends, installDefaultTypes, templateUsable });

export const jobTypesService = (deps: Pick<AppDeps, 'database' | 'events'>) =>
  createJobTypesService(deps, {
    countRecurringOfType: recurring.countRecurringOfType,
    moveRecurringType: recurring.moveRecurringType,
  });

export const invoicesService = (deps: Pick<AppDeps, 'database'>) =>
  createInvoicesService(deps, { recurringFromDocument: recurring.recurringFromDocument });

export const expensesService = (deps: Pick<AppDeps, 'database' | 'config'>) =>
  createExpensesService(deps, { recurringFromDocument: recurring.recurringFromDocument });

export const incidentsService = (deps: Pick<AppDeps, 'database' | 'events'>) =>
  createIncidentsService(deps, { assignRecurringClient: recurring.assignRecurringClient });

export const ledgerService = (deps: Pick<AppDeps, 'database' | 'pdf'>) =>
  createLedgerService(deps, {
    invoices: {
      assignLedgerAccount: invoices.assignLedgerAccount,
      forgetLedgerAccount: invoices.forgetLedgerAccount,
    },
    expenses: {
      assignLedgerAccount: expenses.assignLedgerAccount,
      forgetLedgerAccount: expenses.forgetLedgerAccount,
    },
    items: { forgetLedgerAccount: items.forgetLedgerAccount },
    recurring: { forgetLedgerAccount: recurring.forgetLedgerAccount },
  });

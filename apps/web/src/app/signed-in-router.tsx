import type { ReactElement } from 'react';
import { Navigate, Route, Routes, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { appHistory } from './blocking-history';
import { screen } from './lazy-route';
import { WithQueries } from './query-client';
import { SignedInLayout } from './signed-in-layout';
import { PORTAL_PATH, PUBLIC_INVOICE_PATH } from './signed-out-router';

// Each screen is loaded on first visit, so each area's code (charts, maps,
// virtual lists, forms) stays out of the shell's download.
const lists = () => import('../areas/templates/template-list-page');
const editors = () => import('../areas/templates/template-editor-page');
const dashboard = screen(() => import('../areas/dashboard/dashboard-page'), 'DashboardPage');

/** path → screen, under the shell (sidebar, top bar, footer). */
const SCREENS: [string, ReactElement][] = [
  ['dashboard', dashboard],
  ['settings', screen(() => import('../areas/profile/profile-page'), 'ProfilePage')],
  ['companies', screen(() => import('../areas/companies/companies-page'), 'CompaniesPage')],
  [
    'company/:id',
    screen(() => import('../areas/companies/company-settings-page'), 'CompanySettingsPage'),
  ],
  ['people', screen(() => import('../areas/people/people-page'), 'PeoplePage')],
  ['people/:id', screen(() => import('../areas/people/person-page'), 'PersonPage')],
  ['outbox', screen(() => import('../areas/outbox/outbox-page'), 'OutboxPage')],
  ['clients', screen(() => import('../areas/clients/clients-page'), 'ClientsPage')],
  ['clients/:id', screen(() => import('../areas/clients/client-page'), 'ClientPage')],
  ['clientTypes', screen(() => import('../areas/clients/client-types-page'), 'ClientTypesPage')],
  ['suppliers', screen(() => import('../areas/suppliers/suppliers-page'), 'SuppliersPage')],
  ['suppliers/:id', screen(() => import('../areas/suppliers/supplier-page'), 'SupplierPage')],
  ['invoices', screen(() => import('../areas/invoices/invoices-page'), 'InvoicesPage')],
  ['invoices/:id', screen(() => import('../areas/invoices/invoice-page'), 'InvoicePage')],
  ['creditNotes', screen(() => import('../areas/invoices/credit-notes-page'), 'CreditNotesPage')],
  ['items', screen(() => import('../areas/items/items-page'), 'ItemsPage')],
  ['expenses', screen(() => import('../areas/expenses/expenses-page'), 'ExpensesPage')],
  ['expenses/:id', screen(() => import('../areas/expenses/expense-page'), 'ExpensePage')],
  ['logBook', screen(() => import('../areas/vehicles/log-book-page'), 'LogBookPage')],
  ['cars', screen(() => import('../areas/vehicles/cars-page'), 'CarsPage')],
  ['accounting', screen(() => import('../areas/accounting/accounting-page'), 'AccountingPage')],
  ['recurring', screen(() => import('../areas/recurring/recurring-page'), 'RecurringPage')],
  ['incidents', screen(() => import('../areas/incidents/incidents-page'), 'IncidentsPage')],
  ['import', screen(() => import('../areas/incidents/import-page'), 'ImportPage')],
  // The template lists and editors (/invoiceTemplate/new and /statementTemplate/new too).
  ['invoiceTemplates', screen(lists, 'InvoiceTemplatesPage')],
  ['statementTemplates', screen(lists, 'StatementTemplatesPage')],
  ['templates', screen(lists, 'TemplatesPage')],
  ['invoiceTemplate/:id', screen(editors, 'InvoiceTemplatePage')],
  ['statementTemplate/:id', screen(editors, 'StatementTemplatePage')],
  ['template/:id', screen(editors, 'TemplatePage')],
  ['statuses', screen(() => import('../areas/jobs/board/board-page'), 'StatusesPage')],
  ['calendar', screen(() => import('../areas/jobs/schedule/calendar-page'), 'CalendarPage')],
  ['diagram', screen(() => import('../areas/jobs/designer/designer-page'), 'DiagramPage')],
  ['webhooks', screen(() => import('../areas/webhooks/webhooks-page'), 'WebhooksPage')],
  ['termsandconditions', screen(() => import('../areas/public/terms-page'), 'TermsPage')],
  ['privacypolicy', screen(() => import('../areas/public/privacy-page'), 'PrivacyPage')],
  ['*', screen(() => import('./not-found-page'), 'NotFoundPage')],
];

const publicInvoice = screen(
  () => import('../areas/public/public-invoice-page'),
  'PublicInvoicePage',
);
const portal = screen(() => import('../areas/portal/portal-page'), 'PortalPage');
const toHome = <Navigate to="/" replace />;
// E-mailed links open the same page signed in or out.
const invite = screen(() => import('../areas/auth/invite-page'), 'InvitePage');
const confirmEmail = screen(() => import('../areas/auth/confirm-email-page'), 'ConfirmEmailPage');

/**
 * The signed-in app: the API cache and the router on the app's history (which
 * can hold a navigation for the unsaved-changes question). Mounted per
 * sign-in, starting from the current URL.
 */
export function SignedInRouter() {
  return (
    <WithQueries>
      <HistoryRouter history={appHistory.history}>
        <Routes>
          <Route path={PUBLIC_INVOICE_PATH} element={publicInvoice} />
          <Route path={PORTAL_PATH} element={portal} />
          <Route path="/login" element={toHome} />
          <Route path="/register" element={toHome} />
          <Route path="/invite" element={invite} />
          <Route path="/confirm-email" element={confirmEmail} />
          <Route element={<SignedInLayout />}>
            <Route index element={dashboard} />
            {SCREENS.map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Route>
        </Routes>
      </HistoryRouter>
    </WithQueries>
  );
}

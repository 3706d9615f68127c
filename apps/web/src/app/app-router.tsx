import { useEffect, useMemo, useRef, type ComponentType } from 'react';
import { Navigate, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../areas/auth/login-page';
import { RegisterPage } from '../areas/auth/register-page';
import { CompaniesPage } from '../areas/companies/companies-page';
import { CompanySettingsPage } from '../areas/companies/company-settings-page';
import { DashboardPage } from '../areas/dashboard/dashboard-page';
import { OutboxPage } from '../areas/outbox/outbox-page';
import { PeoplePage } from '../areas/people/people-page';
import { PersonPage } from '../areas/people/person-page';
import { ProfilePage } from '../areas/profile/profile-page';
import { LandingPage } from '../areas/public/landing-page';
import { PrivacyPage } from '../areas/public/privacy-page';
import { TermsPage } from '../areas/public/terms-page';
import { NotFoundPage } from './not-found-page';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';
import { SignedInLayout } from './signed-in-layout';
import { useSession } from './use-session';

const toHome = <Navigate to="/" replace />;

/**
 * A screen loaded on first visit, so the finance areas (charts, maps, virtual
 * lists) stay out of the first download.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** The client's invoice link from an e-mail: the same page signed in or out, without the app's frame. */
const publicInvoiceRoute: RouteObject = {
  path: '/view/c/:companyId/e/:entityId/i/:key',
  errorElement: <RouteError />,
  lazy: page(() => import('../areas/public/public-invoice-page'), 'PublicInvoicePage'),
};

const signedOutRoutes: RouteObject[] = [
  publicInvoiceRoute,
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'termsandconditions', element: <TermsPage /> },
      { path: 'privacypolicy', element: <PrivacyPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      // Every other path, signed-in screens included, goes to the landing page.
      { path: '*', element: toHome },
    ],
  },
];

/** The template lists and editors (/invoiceTemplate/new and /statementTemplate/new too). */
function templateRoutes(): RouteObject[] {
  const lists = () => import('../areas/templates/template-list-page');
  const editors = () => import('../areas/templates/template-editor-page');
  return [
    { path: 'invoiceTemplates', lazy: page(lists, 'InvoiceTemplatesPage') },
    { path: 'statementTemplates', lazy: page(lists, 'StatementTemplatesPage') },
    { path: 'templates', lazy: page(lists, 'TemplatesPage') },
    { path: 'invoiceTemplate/:id', lazy: page(editors, 'InvoiceTemplatePage') },
    { path: 'statementTemplate/:id', lazy: page(editors, 'StatementTemplatePage') },
    { path: 'template/:id', lazy: page(editors, 'TemplatePage') },
  ];
}

const signedInRoutes: RouteObject[] = [
  publicInvoiceRoute,
  { path: '/login', element: toHome },
  { path: '/register', element: toHome },
  {
    element: <SignedInLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'settings', element: <ProfilePage /> },
      { path: 'companies', element: <CompaniesPage /> },
      { path: 'company/:id', element: <CompanySettingsPage /> },
      { path: 'people', element: <PeoplePage /> },
      { path: 'people/:id', element: <PersonPage /> },
      { path: 'outbox', element: <OutboxPage /> },
      { path: 'clients', lazy: page(() => import('../areas/clients/clients-page'), 'ClientsPage') },
      {
        path: 'clients/:id',
        lazy: page(() => import('../areas/clients/client-page'), 'ClientPage'),
      },
      {
        path: 'clientTypes',
        lazy: page(() => import('../areas/clients/client-types-page'), 'ClientTypesPage'),
      },
      {
        path: 'suppliers',
        lazy: page(() => import('../areas/suppliers/suppliers-page'), 'SuppliersPage'),
      },
      {
        path: 'suppliers/:id',
        lazy: page(() => import('../areas/suppliers/supplier-page'), 'SupplierPage'),
      },
      {
        path: 'invoices',
        lazy: page(() => import('../areas/invoices/invoices-page'), 'InvoicesPage'),
      },
      {
        path: 'invoices/:id',
        lazy: page(() => import('../areas/invoices/invoice-page'), 'InvoicePage'),
      },
      { path: 'items', lazy: page(() => import('../areas/items/items-page'), 'ItemsPage') },
      {
        path: 'expenses',
        lazy: page(() => import('../areas/expenses/expenses-page'), 'ExpensesPage'),
      },
      {
        path: 'expenses/:id',
        lazy: page(() => import('../areas/expenses/expense-page'), 'ExpensePage'),
      },
      {
        path: 'incidents',
        lazy: page(() => import('../areas/incidents/incidents-page'), 'IncidentsPage'),
      },
      { path: 'import', lazy: page(() => import('../areas/incidents/import-page'), 'ImportPage') },
      ...templateRoutes(),
      { path: 'termsandconditions', element: <TermsPage /> },
      { path: 'privacypolicy', element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Signed in and signed out are two route trees; the router is rebuilt when the
 * session starts or ends, and starts from the current URL (so /login after a
 * sign-in lands on /, and any signed-in path after a sign-out lands on /).
 */
export function AppRouter() {
  const signedIn = !!useSession();
  const router = useMemo(
    () => createBrowserRouter(signedIn ? signedInRoutes : signedOutRoutes),
    [signedIn],
  );
  const previous = useRef(router);
  useEffect(() => {
    if (previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);
  // A fresh provider per tree, so no screen of the old tree renders with the new session.
  return <RouterProvider key={signedIn ? 'in' : 'out'} router={router} />;
}

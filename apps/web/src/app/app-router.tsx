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

const signedOutRoutes: RouteObject[] = [
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

const signedInRoutes: RouteObject[] = [
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

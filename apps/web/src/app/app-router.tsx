import { useEffect, useMemo, useRef } from 'react';
import { Navigate, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../areas/auth/login-page';
import { RegisterPage } from '../areas/auth/register-page';
import { ClientPage } from '../areas/clients/client-page';
import { ClientTypesPage } from '../areas/clients/client-types-page';
import { ClientsPage } from '../areas/clients/clients-page';
import { CompaniesPage } from '../areas/companies/companies-page';
import { CompanySettingsPage } from '../areas/companies/company-settings-page';
import { DashboardPage } from '../areas/dashboard/dashboard-page';
import { ExpensePage } from '../areas/expenses/expense-page';
import { ExpensesPage } from '../areas/expenses/expenses-page';
import { ImportPage } from '../areas/incidents/import-page';
import { IncidentsPage } from '../areas/incidents/incidents-page';
import { InvoicePage } from '../areas/invoices/invoice-page';
import { InvoicesPage } from '../areas/invoices/invoices-page';
import { ItemsPage } from '../areas/items/items-page';
import { OutboxPage } from '../areas/outbox/outbox-page';
import { PeoplePage } from '../areas/people/people-page';
import { PersonPage } from '../areas/people/person-page';
import { ProfilePage } from '../areas/profile/profile-page';
import { SupplierPage } from '../areas/suppliers/supplier-page';
import { SuppliersPage } from '../areas/suppliers/suppliers-page';
import { LandingPage } from '../areas/public/landing-page';
import { PrivacyPage } from '../areas/public/privacy-page';
import { TermsPage } from '../areas/public/terms-page';
import { NotFoundPage } from './not-found-page';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';
import { SignedInLayout } from './signed-in-layout';
import { useSession } from './use-session';

const toHome = <Navigate to="/" replace />;

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
      { path: 'clients', element: <ClientsPage /> },
      { path: 'clients/:id', element: <ClientPage /> },
      { path: 'clientTypes', element: <ClientTypesPage /> },
      { path: 'suppliers', element: <SuppliersPage /> },
      { path: 'suppliers/:id', element: <SupplierPage /> },
      { path: 'invoices', element: <InvoicesPage /> },
      { path: 'invoices/:id', element: <InvoicePage /> },
      { path: 'items', element: <ItemsPage /> },
      { path: 'expenses', element: <ExpensesPage /> },
      { path: 'expenses/:id', element: <ExpensePage /> },
      { path: 'incidents', element: <IncidentsPage /> },
      { path: 'import', element: <ImportPage /> },
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

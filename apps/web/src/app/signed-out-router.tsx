import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { screen } from './lazy-route';
import { PublicLayout } from './public-layout';
import { ScreenErrorBoundary } from './route-error';

/** The client's invoice link from an e-mail: the same page signed in or out, without the app's frame. */
export const PUBLIC_INVOICE_PATH = '/view/c/:companyId/e/:entityId/i/:key';
/** The client portal's link (docs/portal.md): the same page signed in or out. */
export const PORTAL_PATH = '/portal/:token';

// Each screen is loaded on first visit. This tree uses React Router's plain
// (declarative) mode: its data router is downloaded with the signed-in app only.
const landing = screen(() => import('../areas/public/landing-page'), 'LandingPage');
const terms = screen(() => import('../areas/public/terms-page'), 'TermsPage');
const privacy = screen(() => import('../areas/public/privacy-page'), 'PrivacyPage');
const publicInvoice = screen(
  () => import('../areas/public/public-invoice-page'),
  'PublicInvoicePage',
  { queries: true },
);
const portal = screen(() => import('../areas/portal/portal-page'), 'PortalPage', {
  queries: true,
});
const login = screen(() => import('../areas/auth/login-page'), 'LoginPage');
const register = screen(() => import('../areas/auth/register-page'), 'RegisterPage', {
  queries: true,
});

const invite = screen(() => import('../areas/auth/invite-page'), 'InvitePage', { queries: true });
const confirmEmail = screen(() => import('../areas/auth/confirm-email-page'), 'ConfirmEmailPage', {
  queries: true,
});

export function SignedOutRoutes() {
  // A new screen starts without the previous one's error.
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary key={pathname}>
      <Routes>
        <Route path={PUBLIC_INVOICE_PATH} element={publicInvoice} />
        <Route path={PORTAL_PATH} element={portal} />
        <Route element={<PublicLayout />}>
          <Route index element={landing} />
          <Route path="termsandconditions" element={terms} />
          <Route path="privacypolicy" element={privacy} />
          <Route path="login" element={login} />
          <Route path="register" element={register} />
          <Route path="invite" element={invite} />
          <Route path="confirm-email" element={confirmEmail} />
          {/* Every other path, signed-in screens included, goes to the landing page. */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </ScreenErrorBoundary>
  );
}

/** The signed-out screens: landing, legal pages, sign-in, register and the public invoice. */
export function SignedOutRouter() {
  return (
    <BrowserRouter>
      <SignedOutRoutes />
    </BrowserRouter>
  );
}

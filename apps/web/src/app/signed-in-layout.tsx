import { lazy, Suspense } from 'react';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { Outlet, useLocation } from 'react-router';
import { useRealtime } from '../api/realtime';
import { SiteFooter } from '../ui/site-footer';
import { ScrollToTop } from '../ui/scroll-to-top';
import { AppSidebar } from './app-sidebar';
import { AppTopBar } from './app-topbar';
import { CompanyProvider } from './company-context';
import { ScreenErrorBoundary } from './route-error';
import { SearchProvider } from './search-context';
import { TwoFactorGate } from './two-factor-gate';

// With IndexedDB and core's merge rules: not in the shell's first download (scripts/js-budget.mjs).
const OfflineBanner = lazy(() =>
  import('./offline-banner').then((m) => ({ default: m.OfflineBanner })),
);

/**
 * The signed-in shell, loaded after sign-in with what only signed-in screens
 * use: the selected company, the global search, modals and notifications.
 */
export function SignedInLayout() {
  return (
    <CompanyProvider>
      <Notifications position="bottom-right" />
      <SearchProvider>
        <ModalsProvider
          labels={{ confirm: 'Confirm', cancel: 'Cancel' }}
          modalProps={{ centered: true }}
        >
          <Shell />
        </ModalsProvider>
      </SearchProvider>
    </CompanyProvider>
  );
}

/** Sidebar, top bar, the screen, and the footer. */
function Shell() {
  const { pathname } = useLocation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  // Server pushes (invoices sent, payments) refresh the screens without a reload.
  useRealtime();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding={0}
    >
      <ScrollToTop />
      <AppShell.Header>
        <AppTopBar
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          toggleMobile={mobile.toggle}
          toggleDesktop={desktop.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar style={{ display: 'flex', flexDirection: 'column' }}>
        <AppSidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <Box p={{ base: 'md', sm: 'lg' }} style={{ flex: 1 }}>
          {/* A screen that throws shows 'Something went wrong'; the next screen starts afresh. */}
          <ScreenErrorBoundary key={pathname}>
            <Suspense fallback={null}>
              <OfflineBanner />
            </Suspense>
            <TwoFactorGate>
              <Outlet />
            </TwoFactorGate>
          </ScreenErrorBoundary>
        </Box>
        <SiteFooter compact />
      </AppShell.Main>
    </AppShell>
  );
}

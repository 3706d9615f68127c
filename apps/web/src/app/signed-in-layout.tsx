import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useRealtime } from '../api/realtime';
import { SiteFooter } from '../ui/site-footer';
import { ScrollToTop } from '../ui/scroll-to-top';
import { AppSidebar } from './app-sidebar';
import { AppTopBar } from './app-topbar';

/** The signed-in shell: sidebar, top bar, the screen, and the footer. */
export function SignedInLayout() {
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
          <Outlet />
        </Box>
        <SiteFooter compact />
      </AppShell.Main>
    </AppShell>
  );
}

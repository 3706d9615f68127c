import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { BrandMark } from '../ui/brand-mark';
import { SiteFooter } from '../ui/site-footer';
import { ScrollToTop } from '../ui/scroll-to-top';

/** Header, page and footer of the signed-out screens. */
export function PublicLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} bg="white">
      <ScrollToTop />
      <Box
        component="header"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        py="sm"
      >
        <Container size="lg">
          <Group justify="space-between">
            <Anchor component={Link} to="/" underline="never" aria-label="Fieldbook home">
              <BrandMark />
            </Anchor>
            <Button component={Link} to="/login" variant="light">
              Log in
            </Button>
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}

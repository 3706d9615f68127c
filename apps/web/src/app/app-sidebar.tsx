import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Group,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconBuildingStore, IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { buildMenu } from '@fieldbook/core';
import { apiUrl } from '../api/api-client';
import { useUnreadTotal } from '../api/use-chat';
import { useDashboard } from '../api/use-dashboard';
import { useNotifications } from '../api/use-notifications';
import { BrandMark } from '../ui/brand-mark';
import { useCurrentCompany } from './company-context';
import { IMPLEMENTED_MENU_PATHS } from './implemented-paths';
import { useCurrentUser } from './use-session';

/** The menu of core's rules, cut down to the screens this app has so far. */
function useSidebarMenu() {
  const user = useCurrentUser();
  const { member } = useCurrentCompany();
  return buildMenu(user, member)
    .map((c) => ({ ...c, items: c.items.filter((i) => IMPLEMENTED_MENU_PATHS.has(i.path)) }))
    .filter((c) => c.items.length > 0);
}

function SidebarHeader() {
  const { company } = useCurrentCompany();
  return (
    <Anchor
      component={Link}
      to="/companies"
      underline="never"
      p="md"
      style={{ display: 'block', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      {company ? (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={company.companyLogo ? apiUrl(company.companyLogo) : null}
            alt={`${company.companyName} logo`}
            radius="md"
            size={40}
            color="brand"
          >
            <IconBuildingStore size={22} />
          </Avatar>
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text fw={650} c="dark.7" truncate="end">
              {company.companyName}
            </Text>
            <Text size="xs" c="dimmed">
              Switch company
            </Text>
          </Box>
          <IconChevronRight size={16} color="var(--mantine-color-gray-5)" />
        </Group>
      ) : (
        <BrandMark />
      )}
    </Anchor>
  );
}

/**
 * What needs attention: unread chat messages and notifications plus the
 * dashboard's alerts (open incidents, failed sends, overdue invoices).
 */
function AlertBadge() {
  const unread = useUnreadTotal() + (useNotifications().data?.unread ?? 0);
  const alerts = (useDashboard().data?.alerts ?? 0) + unread;
  const label =
    `${alerts} ${alerts === 1 ? 'alert' : 'alerts'}` + (unread ? `, ${unread} unread` : '');
  return (
    <Badge
      size="sm"
      variant={alerts ? 'filled' : 'light'}
      color={alerts ? 'red' : undefined}
      circle={alerts < 10}
      aria-label={label}
    >
      {alerts}
    </Badge>
  );
}

/** Grey lines where the menu comes, while the company (and so the member's rights) loads. */
function MenuLoading() {
  return (
    <Stack gap="sm" px="sm" aria-busy="true" aria-label="Loading the menu">
      {[70, 55, 80, 60, 75, 50].map((w, i) => (
        <Skeleton key={i} height={14} width={`${w}%`} radius="sm" />
      ))}
    </Stack>
  );
}

export function AppSidebar({ onNavigate }: { onNavigate: () => void }) {
  const menu = useSidebarMenu();
  const { loading } = useCurrentCompany();
  const { pathname } = useLocation();
  return (
    <>
      <SidebarHeader />
      <ScrollArea style={{ flex: 1 }} px="sm" py="md">
        {/* The menu comes whole, once the rights are known: a menu that grew around a link
            would move it from under a click (a super user's Document Templates, first alone). */}
        {loading ? (
          <MenuLoading />
        ) : (
          <Stack gap="lg" component="nav" aria-label="Main menu">
            {menu.map((category) => (
              <Box key={category.label}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                  {category.label}
                </Text>
                {category.items.map((item) => (
                  <NavLink
                    key={item.path}
                    component={Link}
                    to={item.path}
                    label={item.label}
                    onClick={onNavigate}
                    active={
                      pathname === item.path || (item.path === '/dashboard' && pathname === '/')
                    }
                    variant="light"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    rightSection={item.path === '/dashboard' ? <AlertBadge /> : null}
                  />
                ))}
              </Box>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </>
  );
}

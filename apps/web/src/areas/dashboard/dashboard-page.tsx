import { lazy, Suspense } from 'react';
import { Card, SimpleGrid, Text, ThemeIcon, Title, Group, Stack } from '@mantine/core';
import { IconBuilding, IconUserCircle, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/use-session';
import { PageHeader } from '../../ui/page-header';
import { CompanyCard } from './company-card';
import { DashboardFigures } from './dashboard-figures';

// The notifications, the chat and the coupons load after the dashboard's first paint (the shell's JS budget).
const ChatPanel = lazy(() => import('../chat/chat-panel').then((m) => ({ default: m.ChatPanel })));
const NotificationsPanel = lazy(() =>
  import('../notifications/notifications-panel').then((m) => ({
    default: m.NotificationsPanel,
  })),
);
const TaskCoupons = lazy(() =>
  import('../tasks/task-coupons').then((m) => ({ default: m.TaskCoupons })),
);

function greeting(now = new Date()): string {
  const h = now.getHours();
  if (h < 12) return 'Good morning';
  if (h < 18) return 'Good afternoon';
  return 'Good evening';
}

const LINKS = [
  { to: '/companies', label: 'Companies', text: 'Switch or add a company', icon: IconBuilding },
  { to: '/settings', label: 'Profile', text: 'Your name and e-mail', icon: IconUserCircle },
  { to: '/people', label: 'People', text: 'People and measurements', icon: IconUsers },
];

/** `/` and `/dashboard` for a signed-in user. */
export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title={`${greeting()}, ${user.name || user.username}`}
        breadcrumbs={[{ label: 'Dashboard' }]}
        description="Here is where your business stands today."
      />
      <Stack gap="xl">
        <CompanyCard />
        <DashboardFigures />
        <Suspense fallback={null}>
          <NotificationsPanel />
          <ChatPanel />
          <TaskCoupons />
        </Suspense>
        <section aria-labelledby="quick-links">
          <Title id="quick-links" order={3} fz="h4" mb="sm">
            Quick links
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {LINKS.map((l) => (
              <Card key={l.to} component={Link} to={l.to} padding="lg">
                <Group wrap="nowrap">
                  <ThemeIcon size={42} variant="light" radius="md" aria-hidden>
                    <l.icon size={22} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{l.label}</Text>
                    <Text size="sm" c="dimmed">
                      {l.text}
                    </Text>
                  </div>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </>
  );
}

import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DEFAULT_TIME_ZONE, chatTimestamp, type TNotification } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useNotifications, useReadNotifications } from '../../api/use-notifications';
import { useCurrentCompany } from '../../app/company-context';
import { QueryState } from '../../ui/query-state';
import { useRoutedJob } from '../jobs/job-modal/use-routed-job';

/**
 * The dashboard's notification room: what the user's jobs and clients told
 * them (newest first, unread marked and counted); a click marks it read and
 * opens its job, or the quote a client answered.
 */
export function NotificationsPanel() {
  const { company } = useCurrentCompany();
  const list = useNotifications();
  const read = useReadNotifications();
  const { openJob, modal } = useRoutedJob();
  const navigate = useNavigate();
  const zone = company?.timeZone ?? DEFAULT_TIME_ZONE;
  const unread = list.data?.unread ?? 0;
  const markRead = (ids?: string[]) =>
    read.mutate(ids, {
      onError: (e) => toasts.show({ color: 'red', message: errorMessage(e) }),
    });
  const open = (n: TNotification) => {
    if (!n.read) markRead([n._id]);
    if (n.jobId) void openJob(n.jobId);
    // A client's answer to a quote opens the quote.
    else if (n.invoiceId) void navigate(`/invoices/${encodeURIComponent(n.invoiceId)}`);
  };
  return (
    <section aria-labelledby="notifications-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title id="notifications-title" order={3} fz="h4">
            Notifications
          </Title>
          <Badge
            data-testid="notifications-unread"
            color={unread ? 'red' : 'gray'}
            variant={unread ? 'filled' : 'light'}
            aria-label={`${unread} unread`}
          >
            {unread}
          </Badge>
        </Group>
        {unread > 0 && (
          <Button size="xs" variant="subtle" onClick={() => markRead()} loading={read.isPending}>
            Mark all read
          </Button>
        )}
      </Group>
      <QueryState query={list}>
        {(d) =>
          d.notifications.length === 0 ? (
            <Text c="dimmed">No notifications yet.</Text>
          ) : (
            <Paper withBorder>
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {d.notifications.slice(0, 20).map((n, i, shown) => (
                  <li key={n._id}>
                    <NotificationRow
                      n={n}
                      zone={zone}
                      last={i === shown.length - 1}
                      onOpen={() => open(n)}
                    />
                  </li>
                ))}
              </Stack>
            </Paper>
          )
        }
      </QueryState>
      {modal}
    </section>
  );
}

function NotificationRow(props: {
  n: TNotification;
  zone: string;
  last: boolean;
  onOpen: () => void;
}) {
  const { n, zone, last, onOpen } = props;
  return (
    <UnstyledButton
      onClick={onOpen}
      data-testid="notification"
      data-read={n.read}
      w="100%"
      p="sm"
      style={last ? undefined : { borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <IconBell
          size={18}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
          color={n.read ? 'var(--mantine-color-dimmed)' : 'var(--mantine-color-red-6)'}
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="wrap" gap={4}>
            <Text fw={n.read ? 400 : 700} style={{ overflowWrap: 'anywhere' }}>
              {!n.read && <VisuallyHidden>Unread: </VisuallyHidden>}
              {n.title}
            </Text>
            <Text size="xs" c="dimmed">
              {chatTimestamp(n.createdAt, zone)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {n.body}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { can } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useCalendarFeed, useCalendarFeedChange } from '../../api/use-calendar-feed';
import { useCurrentCompany } from '../../app/company-context';
import { CopyField } from '../../ui/copy-field';
import { QueryState } from '../../ui/query-state';

const HINT =
  'Subscribe to this URL in Google Calendar (Other calendars › From URL), Apple Calendar ' +
  '(File › New Calendar Subscription) or Outlook (Add calendar › Subscribe from web).';

/**
 * /settings: the user's private calendar feed of their jobs in the current
 * company (docs/scheduling.md): Turn on, the URL with Copy, New URL, Turn off.
 */
export function CalendarFeedCard() {
  const { companyId, company, member } = useCurrentCompany();
  const allowed = can(member, 'appointments', 'r');
  const feed = useCalendarFeed(companyId, allowed);
  const change = useCalendarFeedChange(companyId);
  if (!companyId || !company || !allowed) return null;

  const run = (action: 'renew' | 'off', done: string) =>
    change.mutate(action, {
      onSuccess: () => notifications.show({ color: 'green', message: done }),
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
    });
  const renew = () =>
    modals.openConfirmModal({
      title: 'New URL',
      children: 'The old link stops working at once: calendars subscribed to it stop updating.',
      labels: { confirm: 'Make a new URL', cancel: 'Cancel' },
      onConfirm: () => run('renew', 'Calendar feed has a new URL'),
    });

  return (
    <Paper withBorder p="lg" maw={720} mt="lg" component="section" aria-label="Calendar feed">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Calendar feed
        </Title>
        <Text size="sm" c="dimmed">
          Your jobs in {company.companyName} from 30 days ago to 12 weeks ahead, in your calendar
          app. Anyone with the link can see them: keep it private.
        </Text>
        <QueryState query={feed}>
          {(f) =>
            f.enabled && f.url ? (
              <Stack gap="sm">
                <CopyField label="Feed URL" value={f.url} testId="calendar-feed-url" />
                <Text size="sm">{HINT}</Text>
                <Group gap="xs">
                  <Button variant="default" onClick={renew} loading={change.isPending}>
                    New URL
                  </Button>
                  <Button
                    variant="default"
                    color="red"
                    onClick={() => run('off', 'Calendar feed turned off')}
                    loading={change.isPending}
                  >
                    Turn off
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group>
                <Button
                  onClick={() => run('renew', 'Calendar feed turned on')}
                  loading={change.isPending}
                >
                  Turn on
                </Button>
              </Group>
            )
          }
        </QueryState>
      </Stack>
    </Paper>
  );
}

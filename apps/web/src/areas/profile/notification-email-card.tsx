import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { NotificationKind } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useNotificationSettings, useSaveNotificationSettings } from '../../api/use-notifications';
import { QueryState } from '../../ui/query-state';

/**
 * /settings: per kind of notification, whether its e-mail goes too (it always
 * arrives on the dashboard). Saved at each switch (docs/notifications.md).
 */
export function NotificationEmailCard() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const change = (kind: NotificationKind, email: boolean) =>
    save.mutate(
      { email: { [kind]: email } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: email
              ? 'You will get these by e-mail too'
              : 'These now arrive in the app only',
          }),
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
      },
    );
  return (
    <Paper withBorder p="lg" maw={720} mt="lg" component="section" aria-labelledby="notify-email">
      <Title id="notify-email" order={3} fz="h4" mb={4}>
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        They always arrive on your dashboard. Choose which ones you also want by e-mail.
      </Text>
      <QueryState query={settings}>
        {(d) => (
          <Stack>
            {d.settings.map((s) => (
              <Switch
                key={s.kind}
                label={s.label}
                description="Also send me an e-mail"
                checked={s.email}
                disabled={save.isPending}
                onChange={(e) => change(s.kind, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { modals } from '@mantine/modals';
import { IconKey, IconList, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import {
  WEBHOOK_ENDPOINTS_MAX,
  can,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
} from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useWebhookActions, useWebhooks } from '../../api/use-webhooks';
import { useCurrentCompany } from '../../app/company-context';
import { confirmDelete } from '../../ui/confirm';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookModal } from './webhook-modal';
import { WebhookSecretModal } from './webhook-secret-modal';

const failed = (title: string) => (e: unknown) =>
  notifications.show({ color: 'red', title, message: errorMessage(e) });

/** /webhooks: the company's webhook endpoints, their secrets once, and their delivery logs. */
export function WebhooksPage() {
  const { member } = useCurrentCompany();
  const list = useWebhooks();
  const actions = useWebhookActions();
  // undefined: no modal; null: a new endpoint.
  const [editing, setEditing] = useState<TWebhookEndpoint | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<TWebhookEndpoint | null>(null);
  const mayC = can(member, 'settings', 'c');
  const mayU = can(member, 'settings', 'u');
  const mayD = can(member, 'settings', 'd');

  const shown = (made: TWebhookEndpointWithSecret) => setSecret(made.secret);
  const remove = (e: TWebhookEndpoint) =>
    confirmDelete(
      () =>
        actions.remove.mutate(e._id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Webhook deleted' }),
          onError: failed('Not deleted'),
        }),
      'Delete this webhook and its delivery log? Events queued for it are not sent.',
    );
  const rotate = (e: TWebhookEndpoint) =>
    modals.openConfirmModal({
      title: 'Rotate the secret?',
      children: 'The old secret stops signing at once: the receiver needs the new one.',
      labels: { confirm: 'Rotate', cancel: 'Cancel' },
      onConfirm: () =>
        actions.rotate.mutate(e._id, { onSuccess: shown, onError: failed('Not rotated') }),
    });
  const test = (e: TWebhookEndpoint) =>
    actions.test.mutate(e._id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Test event queued' });
        setLog(e);
      },
      onError: failed('Not sent'),
    });
  const turn = (e: TWebhookEndpoint) =>
    actions.update.mutate({ id: e._id, enabled: !e.enabled }, { onError: failed('Not changed') });

  return (
    <>
      <PageHeader
        title="Webhooks"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Webhooks' }]}
        description="Fieldbook posts the events you pick to your own systems, signed (Standard Webhooks), and tries again for about three days."
        actions={
          mayC && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing(null)}
              disabled={(list.data?.endpoints.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX}
            >
              Add webhook
            </Button>
          )
        }
      />
      <QueryState query={list}>
        {(data) =>
          data.endpoints.length === 0 ? (
            <Paper withBorder>
              <Text c="dimmed" ta="center" py="xl">
                No webhooks yet.
              </Text>
            </Paper>
          ) : (
            <Stack gap="sm">
              {data.endpoints.map((e) => (
                <Paper key={e._id} withBorder p="md" data-testid="webhook-endpoint">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ wordBreak: 'break-all' }}>
                          {e.url}
                        </Text>
                        {e.description && (
                          <Text size="sm" c="dimmed">
                            {e.description}
                          </Text>
                        )}
                      </Stack>
                      <Badge color={e.enabled ? 'green' : 'gray'} variant="light">
                        {e.enabled ? 'On' : 'Off'}
                      </Badge>
                    </Group>
                    {!e.enabled && e.disabledReason && (
                      <Text size="sm" c="orange">
                        {e.disabledReason}
                      </Text>
                    )}
                    <Group gap={6}>
                      {e.events.map((x) => (
                        <Badge key={x} variant="outline" tt="none" size="sm">
                          {x}
                        </Badge>
                      ))}
                    </Group>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconList size={14} />}
                        onClick={() => setLog(e)}
                      >
                        Deliveries
                      </Button>
                      {mayU && (
                        <>
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconSend size={14} />}
                            disabled={!e.enabled}
                            onClick={() => test(e)}
                          >
                            Send test event
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconPencil size={14} />}
                            onClick={() => setEditing(e)}
                          >
                            Edit
                          </Button>
                          <Button size="xs" variant="default" onClick={() => turn(e)}>
                            {e.enabled ? 'Turn off' : 'Turn on'}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconKey size={14} />}
                            onClick={() => rotate(e)}
                          >
                            Rotate secret
                          </Button>
                        </>
                      )}
                      {mayD && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          aria-label={`Delete ${e.url}`}
                          onClick={() => remove(e)}
                        >
                          Delete
                        </Button>
                      )}
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryState>
      {editing !== undefined && (
        <WebhookModal
          endpoint={editing}
          allowPrivate={list.data?.allowPrivate ?? false}
          onClose={() => setEditing(undefined)}
          onCreated={shown}
        />
      )}
      {secret && <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />}
      {log && <WebhookDeliveries endpoint={log} mayResend={mayU} onClose={() => setLog(null)} />}
    </>
  );
}

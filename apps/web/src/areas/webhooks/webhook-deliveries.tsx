import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import type { TWebhookDelivery, TWebhookEndpoint, WebhookDeliveryStatus } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useWebhookActions, useWebhookDeliveries } from '../../api/use-webhooks';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';

const COLOR: Record<WebhookDeliveryStatus, string> = {
  pending: 'gray',
  delivered: 'green',
  failed: 'orange',
  'gave-up': 'red',
};
const LABEL: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed, trying again',
  'gave-up': 'Gave up',
};
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

function DeliveryRow({
  d,
  endpointId,
  mayResend,
}: {
  d: TWebhookDelivery;
  endpointId: string;
  mayResend: boolean;
}) {
  const { resend } = useWebhookActions();
  const again = () =>
    resend.mutate(
      { id: endpointId, deliveryId: d._id },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Sent again' }),
        onError: (e) =>
          notifications.show({ color: 'red', title: 'Not sent', message: errorMessage(e) }),
      },
    );
  return (
    <Paper withBorder p="sm" data-testid="webhook-delivery">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge color={COLOR[d.status]} variant="light">
              {LABEL[d.status]}
            </Badge>
            <Text fw={600} size="sm">
              {d.eventType}
            </Text>
          </Group>
          {mayResend && d.status !== 'pending' && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              loading={resend.isPending}
              onClick={again}
            >
              Send again
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {when(d.lastAttemptAt ?? d.createdAt)} · attempt {d.attempt}
          {d.responseStatus !== null && ` · answered ${d.responseStatus}`}
          {d.nextAttemptAt && ` · next try ${when(d.nextAttemptAt)}`}
        </Text>
        {d.error && (
          <Text size="xs" c="red">
            {d.error}
          </Text>
        )}
        {d.responseBody && (
          <Code block style={{ maxHeight: 96, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
            {d.responseBody.slice(0, 300)}
          </Code>
        )}
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {d.messageId}
        </Text>
      </Stack>
    </Paper>
  );
}

/** An endpoint's delivery log, newest first, refreshed while open. */
export function WebhookDeliveries({
  endpoint,
  mayResend,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  mayResend: boolean;
  onClose: () => void;
}) {
  const phone = usePhone();
  // The pages walked back through: the last one's `before` is shown (none: the newest).
  const [pages, setPages] = useState<number[]>([]);
  const log = useWebhookDeliveries(endpoint._id, pages.at(-1) ?? null);
  return (
    <Modal
      opened
      onClose={onClose}
      title="Deliveries"
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm" c="dimmed" mb="sm" style={{ wordBreak: 'break-all' }}>
        {endpoint.url}
      </Text>
      <QueryState query={log}>
        {(page) =>
          page.deliveries.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              Nothing sent yet.
            </Text>
          ) : (
            <Stack gap="xs">
              {page.deliveries.map((d) => (
                <DeliveryRow key={d._id} d={d} endpointId={endpoint._id} mayResend={mayResend} />
              ))}
              <Group justify="space-between">
                {pages.length > 0 ? (
                  <Button variant="subtle" size="xs" onClick={() => setPages([])}>
                    Newest
                  </Button>
                ) : (
                  <span />
                )}
                {page.next !== null && (
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => setPages((p) => [...p, page.next!])}
                  >
                    Older
                  </Button>
                )}
              </Group>
            </Stack>
          )
        }
      </QueryState>
    </Modal>
  );
}

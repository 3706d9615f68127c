import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconLink, IconMail } from '@tabler/icons-react';
import { can, type TPortalLinkStatus } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useCreatePortalLink, usePortalLink, useRevokePortalLink } from '../../api/use-portal';
import { useCurrentCompany } from '../../app/company-context';
import { CopyField } from '../../ui/copy-field';
import { QueryState } from '../../ui/query-state';
import { stateLine } from './portal-text';

const STATE: Record<TPortalLinkStatus['state'], { label: string; color: string }> = {
  none: { label: 'No link', color: 'gray' },
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'yellow' },
  revoked: { label: 'Revoked', color: 'red' },
};

/**
 * The client page's Client portal panel (docs/portal.md): the link's state;
 * with clients u, E-mail a new link, Copy a new link (its address is shown
 * this once) and Revoke. A new link stops the old one, so both ask first while
 * one works.
 */
export function ClientPortalPanel({ clientId, hasEmail }: { clientId: string; hasEmail: boolean }) {
  const { member, company } = useCurrentCompany();
  const status = usePortalLink(clientId);
  const create = useCreatePortalLink(clientId);
  const revoke = useRevokePortalLink(clientId);
  const [shown, setShown] = useState<string | null>(null);
  const mayEdit = can(member, 'clients', 'u');
  const zone = company?.timeZone ?? 'Africa/Johannesburg';
  const active = status.data?.state === 'active';

  const failed = (e: unknown) =>
    notifications.show({ color: 'red', title: 'Not done', message: errorMessage(e) });
  const make = (send: boolean) =>
    create.mutate(send, {
      onSuccess: (r) => {
        setShown(send ? null : r.url);
        notifications.show({
          color: 'green',
          message: r.sentTo ? `Portal link sent to ${r.sentTo}` : 'New portal link made',
        });
      },
      onError: failed,
    });
  const ask = (send: boolean) =>
    active
      ? modals.openConfirmModal({
          title: 'New portal link',
          children: "The client's current link stops working at once.",
          labels: { confirm: send ? 'E-mail a new link' : 'Make a new link', cancel: 'Cancel' },
          onConfirm: () => make(send),
        })
      : make(send);
  const revokeIt = () =>
    modals.openConfirmModal({
      title: 'Revoke portal link',
      children: 'The client can no longer open their portal with it.',
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            setShown(null);
            notifications.show({ color: 'green', message: 'Portal link revoked' });
          },
          onError: failed,
        }),
    });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="client-portal-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title id="client-portal-title" order={2} fz="h4">
              Client portal
            </Title>
            {status.data && (
              <Badge color={STATE[status.data.state].color} data-testid="portal-state">
                {STATE[status.data.state].label}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          The client sees their invoices, quotes, credit notes, statement and upcoming jobs, and
          pays online, without signing in. Anyone with the link can: send it to the client only.
        </Text>
        <QueryState query={status}>
          {(s) => (
            <Text size="sm" data-testid="portal-state-line">
              {stateLine(s, zone)}
            </Text>
          )}
        </QueryState>
        {shown && <CopyField label="Portal link (shown once)" value={shown} testId="portal-url" />}
        {mayEdit && (
          <Group gap="xs" wrap="wrap">
            <Button
              leftSection={<IconMail size={16} />}
              disabled={!hasEmail}
              title={hasEmail ? undefined : 'The client has no e-mail address'}
              loading={create.isPending && create.variables === true}
              onClick={() => ask(true)}
            >
              E-mail a new link
            </Button>
            <Button
              variant="default"
              leftSection={<IconLink size={16} />}
              loading={create.isPending && create.variables === false}
              onClick={() => ask(false)}
            >
              Make a new link
            </Button>
            {active && (
              <Button variant="default" color="red" loading={revoke.isPending} onClick={revokeIt}>
                Revoke
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

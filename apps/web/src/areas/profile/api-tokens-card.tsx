import { useState } from 'react';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { DEFAULT_TIME_ZONE, dateTimeIn, formatDate, type TApiToken } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useApiTokenActions, useApiTokens } from '../../api/use-api-tokens';
import { useCurrentCompany } from '../../app/company-context';
import { useCurrentUser } from '../../app/use-session';
import { QueryState } from '../../ui/query-state';
import { rightsSummary } from './api-token-form';
import { NewApiTokenModal } from './api-token-modal';

/**
 * /settings: the user's API tokens in the current company (docs/api.md):
 * New API token (shown once), and each token's rights, expiry, last use and
 * Revoke. The owner sees and revokes every member's.
 */
export function ApiTokensCard() {
  const { companyId, company, member } = useCurrentCompany();
  const me = useCurrentUser();
  const tokens = useApiTokens(companyId);
  const { revoke } = useApiTokenActions(companyId);
  const [adding, setAdding] = useState(false);
  if (!companyId || !company || !member) return null;
  const timeZone = company.timeZone ?? DEFAULT_TIME_ZONE;

  const askRevoke = (t: TApiToken) =>
    modals.openConfirmModal({
      title: 'Revoke API token',
      children: `Whatever uses ${t.name} stops working at once. This cannot be undone.`,
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(t._id, {
          onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
          onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
        }),
    });

  return (
    <Paper withBorder p="lg" maw={720} mt="lg" component="section" aria-labelledby="api-tokens">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title id="api-tokens" order={2} fz="h4">
            API tokens
          </Title>
          <Button variant="default" onClick={() => setAdding(true)}>
            New API token
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Let another program (your accounting package, a script) use {company.companyName}&apos;s
          API as you, with only the rights you give it.
        </Text>
        <QueryState query={tokens}>
          {({ tokens: list }) =>
            list.length === 0 ? (
              <Text size="sm">No API tokens yet.</Text>
            ) : (
              <Stack gap="xs" aria-label="Your API tokens" role="list">
                {list.map((t) => (
                  <Paper key={t._id} withBorder p="sm" role="listitem" aria-label={t.name}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap="xs">
                          <Text fw={600}>{t.name}</Text>
                          <Code>{t.prefix}…</Code>
                        </Group>
                        <Text size="sm">{rightsSummary(t.rights)}</Text>
                        <Text size="xs" c="dimmed">
                          {t.userId !== me._id ? `${t.userName} · ` : ''}
                          Made {formatDate(t.createdAt, timeZone)} ·{' '}
                          {t.expiresAt
                            ? `expires ${formatDate(t.expiresAt, timeZone)}`
                            : 'no expiry'}{' '}
                          ·{' '}
                          {t.lastUsedAt
                            ? `last used ${dateTimeIn(t.lastUsedAt, timeZone)}`
                            : 'never used'}
                        </Text>
                      </Stack>
                      <Button
                        variant="light"
                        color="red"
                        size="xs"
                        style={{ flexShrink: 0 }}
                        onClick={() => askRevoke(t)}
                        aria-label={`Revoke ${t.name}`}
                      >
                        Revoke
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
      {adding && (
        <NewApiTokenModal
          companyId={companyId}
          companyName={company.companyName}
          me={member}
          onClose={() => setAdding(false)}
        />
      )}
    </Paper>
  );
}

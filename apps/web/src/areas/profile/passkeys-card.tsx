import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_TIME_ZONE, formatDate, type TPasskey } from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import { usePasskeys } from '../../api/use-passkeys';
import { useTwoFactor } from '../../api/use-two-factor';
import { QueryState } from '../../ui/query-state';
import { AddPasskeyModal, RemovePasskeyModal, RenamePasskeyModal } from './passkeys-modals';

type Open = { what: 'add' } | { what: 'rename' | 'remove'; passkey: TPasskey } | null;

/**
 * /settings: the user's passkeys (docs/auth.md "Passkeys"): each with when it
 * was added and last used, Rename and Remove; Add a passkey. A passkey signs
 * in on its own, and is the second factor after the password.
 */
export function PasskeysCard() {
  const { company } = useCurrentCompany();
  const timeZone = company?.timeZone ?? DEFAULT_TIME_ZONE;
  const list = usePasskeys();
  const totp = useTwoFactor().data?.enabled ?? false;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Paper withBorder p="lg" maw={720} mt="lg" component="section" aria-labelledby="passkeys">
      <QueryState query={list}>
        {({ passkeys }) => (
          <Stack gap="sm">
            <Group justify="space-between">
              <Title id="passkeys" order={2} fz="h4">
                Passkeys
              </Title>
              <Button onClick={() => setOpen({ what: 'add' })}>Add a passkey</Button>
            </Group>
            <Text size="sm" c="dimmed">
              {passkeys.length === 0
                ? 'Sign in with your fingerprint, face or screen lock instead of typing a password. With a passkey, signing in with the password asks for the passkey too.'
                : 'Sign in with a passkey alone, or use one after your password.'}
            </Text>
            {passkeys.length > 0 && (
              <Stack component="ul" aria-label="Your passkeys" gap={0} p={0} m={0}>
                {passkeys.map((p) => (
                  <Group
                    component="li"
                    key={p._id}
                    justify="space-between"
                    gap="xs"
                    py="xs"
                    style={{
                      listStyle: 'none',
                      borderTop: '1px solid var(--mantine-color-gray-3)',
                    }}
                  >
                    <div>
                      <Text fw={500}>{p.name}</Text>
                      <Text size="xs" c="dimmed">
                        Added {formatDate(p.createdAt, timeZone)} ·{' '}
                        {p.lastUsedAt
                          ? `last used ${formatDate(p.lastUsedAt, timeZone)}`
                          : 'never used'}
                      </Text>
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={`Rename ${p.name}`}
                        onClick={() => setOpen({ what: 'rename', passkey: p })}
                      >
                        Rename
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${p.name}`}
                        onClick={() => setOpen({ what: 'remove', passkey: p })}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </QueryState>
      {open?.what === 'add' && (
        <AddPasskeyModal
          onClose={close}
          factors={{ totp, passkeys: (list.data?.passkeys.length ?? 0) > 0 }}
        />
      )}
      {open?.what === 'rename' && <RenamePasskeyModal passkey={open.passkey} onClose={close} />}
      {open?.what === 'remove' && (
        <RemovePasskeyModal
          passkey={open.passkey}
          onClose={close}
          factors={{ totp, passkeys: true }}
        />
      )}
    </Paper>
  );
}

import { useState } from 'react';
import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEFAULT_TIME_ZONE, formatDate, formatTime } from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import { usePasskeys } from '../../api/use-passkeys';
import { useTwoFactor } from '../../api/use-two-factor';
import { QueryState } from '../../ui/query-state';
import { ConfirmTwoFactorModal, TurnOnModal } from './two-factor-modals';

const EVENTS: Record<string, string> = {
  'two-factor-on': 'Two-factor sign-in turned on',
  'two-factor-off': 'Two-factor sign-in turned off',
  'backup-codes-new': 'New backup codes made',
  'backup-code-used': 'A backup code was used to sign in',
  'two-factor-reset': 'Two-factor sign-in reset by an administrator',
  'api-token-created': 'An API token was made',
  'api-token-revoked': 'An API token was revoked',
  'passkey-added': 'A passkey was added',
  'passkey-removed': 'A passkey was removed',
};

/**
 * /settings: two-factor sign-in (docs/auth.md): off or on since when, the
 * backup codes left, Turn on / Turn off / New backup codes, and the account's
 * recent sign-in entries.
 */
export function TwoFactorCard() {
  const { company } = useCurrentCompany();
  const timeZone = company?.timeZone ?? DEFAULT_TIME_ZONE;
  const status = useTwoFactor();
  // The Passkeys card's list (one request for both): a passkey is a second factor too.
  const passkeys = usePasskeys().data?.passkeys.length ?? 0;
  const [open, setOpen] = useState<'on' | 'off' | 'codes' | null>(null);
  const close = () => setOpen(null);
  return (
    <Paper withBorder p="lg" maw={720} mt="lg" component="section" aria-labelledby="two-factor">
      <QueryState query={status}>
        {(s) => (
          <Stack gap="sm">
            <Group justify="space-between">
              <Title id="two-factor" order={2} fz="h4">
                Two-factor sign-in
              </Title>
              <Badge color={s.enabled ? 'green' : 'gray'}>{s.enabled ? 'On' : 'Off'}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {s.enabled
                ? `On since ${formatDate(s.enabledAt!, timeZone)}. ${s.backupCodesLeft} of 10 backup codes left.`
                : passkeys > 0
                  ? 'Your passkeys are asked for after your password. A code from an app on your phone can be a second way in.'
                  : 'After your password, a code from an app on your phone: someone with your password alone cannot sign in.'}
            </Text>
            <Group gap="sm">
              {s.enabled ? (
                <>
                  <Button variant="default" onClick={() => setOpen('codes')}>
                    New backup codes
                  </Button>
                  <Button variant="light" color="red" onClick={() => setOpen('off')}>
                    Turn off
                  </Button>
                </>
              ) : (
                <Button onClick={() => setOpen('on')}>Turn on</Button>
              )}
            </Group>
            {s.events.length > 0 && (
              <List size="sm" spacing={2} aria-label="Recent sign-in changes">
                {s.events.map((e, i) => (
                  <List.Item key={`${i}-${e.at}`}>
                    {EVENTS[e.kind] ?? e.kind} · {formatDate(e.at, timeZone)}{' '}
                    {formatTime(e.at, timeZone)}
                    {e.ip ? ` · ${e.ip}` : ''}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        )}
      </QueryState>
      {open === 'on' && <TurnOnModal onClose={close} />}
      {open === 'off' && (
        <ConfirmTwoFactorModal
          what="off"
          onClose={close}
          onOff={() => notifications.show({ color: 'green', message: 'Two-factor sign-in is off' })}
        />
      )}
      {open === 'codes' && <ConfirmTwoFactorModal what="codes" onClose={close} />}
    </Paper>
  );
}

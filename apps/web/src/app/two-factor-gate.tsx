import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { usePasskeys } from '../api/use-passkeys';
import { useTwoFactor } from '../api/use-two-factor';
import { PasskeysCard } from '../areas/profile/passkeys-card';
import { TwoFactorCard } from '../areas/profile/two-factor-card';
import { PageHeader } from '../ui/page-header';
import { useCurrentCompany } from './company-context';
import { mustSetUpTwoFactor } from './two-factor-rule';

/**
 * The company's screens, or, for a member of a company that asks for a second
 * factor who has none, the card that turns it on (the server refuses them
 * everything else of the company). Once it is on, Continue loads the company afresh.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const { companyId, companies } = useCurrentCompany();
  const summary = companies.find((c) => c._id === companyId);
  const asked = !!summary?.requireTwoFactor;
  const status = useTwoFactor(asked);
  const passkeys = usePasskeys(asked);
  const blocked = mustSetUpTwoFactor(summary, status.data, passkeys.data);
  const qc = useQueryClient();
  // Once stopped here, the member stays until they carry on: turning it on shows the backup
  // codes in this screen's modal first, which must not vanish under them.
  const [stopped, setStopped] = useState(false);
  if (blocked && !stopped) setStopped(true);
  if (!blocked && !stopped) return children;
  const carryOn = () => {
    setStopped(false);
    // Refused while it was off: the company's data is asked for afresh.
    void qc.invalidateQueries({ queryKey: queryKeys.companyScope });
  };
  return (
    <Stack maw={720}>
      <PageHeader title="Turn on two-factor sign-in" />
      <Text>
        {summary?.companyName ?? 'This company'} asks everyone who works in it to use two-factor
        sign-in: after your password, a code from an app on your phone, or a passkey. Turn one on
        here to carry on.
      </Text>
      <Text size="sm" c="dimmed">
        Both ask for your password. If your account has none (it signs in with Apple, for one) or
        you cannot turn one on, ask the company&apos;s owner.
      </Text>
      <TwoFactorCard />
      <PasskeysCard />
      {!blocked && (
        <Group>
          <Button onClick={carryOn}>Continue to {summary?.companyName ?? 'the company'}</Button>
        </Group>
      )}
    </Stack>
  );
}

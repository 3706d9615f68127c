import { useEffect, useState } from 'react';
import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { queryKeys } from '../../api/query-keys';
import { confirmEmail } from '../../api/use-auth';
import { useSession } from '../../app/use-session';
import { AuthCard } from './auth-card';
import { useScreenSearchParams } from '../../ui/use-screen-search';

/** /confirm-email?token=<token>: the link sent to a new profile address, signed in or out. */
export function ConfirmEmailPage() {
  const [params] = useScreenSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = !!useSession();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    confirmEmail(token).then(
      (r) => {
        setResult({ ok: true, text: r.message });
        void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      },
      (e: unknown) => setResult({ ok: false, text: errorMessage(e) }),
    );
  }, [token, queryClient]);

  return (
    <AuthCard title="e-mail address">
      {result ? (
        <Stack>
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
          <Anchor component={Link} to={signedIn ? '/settings' : '/login'} ta="center">
            {signedIn ? 'Back to your profile' : 'Sign in'}
          </Anchor>
        </Stack>
      ) : (
        <Center py="lg">
          <Loader aria-label="Confirming" />
        </Center>
      )}
    </AuthCard>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../api/api-client';
import { APPLE_FOREIGN, APPLE_OUTCOMES, takeAppleState } from '../../api/apple-sign-in';
import { activateAccount, signInWithLinkToken, type SignInOutcome } from '../../api/sign-in';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { SignInForm } from './sign-in-form';
// The sign-in screen writes its address only on a click, never from an effect, so React
// Router's own setter is safe here; the screen hook's chunk does not fit its 120 KB budget.
// eslint-disable-next-line no-restricted-imports
import { useSearchParams } from 'react-router';

// The password reset loads when asked for: sign-in stays within its JS budget.
const ResetRequestForm = lazy(() =>
  import('./reset-request-form').then((m) => ({ default: m.ResetRequestForm })),
);
const ResetConfirmForm = lazy(() =>
  import('./reset-confirm-form').then((m) => ({ default: m.ResetConfirmForm })),
);
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })),
);
const formLoading = (
  <Center py="lg">
    <Loader aria-label="Loading" />
  </Center>
);

type Mode = 'signin' | 'request' | 'confirm';

interface Notice {
  mode: Mode;
  color: 'green' | 'red';
  text: string;
}

/**
 * /login: sign in, the two-step password reset (?forgot, ?reset=<token>&username=<u>),
 * account activation (?activate=<token>), sign-in links (?ftoken=<token>) and
 * the return from Sign in with Apple (?ftoken=<token>&state=<state>, or ?apple=<outcome>).
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const ftoken = params.get('ftoken');
  // Back from Apple: ?apple=<outcome>, or ?ftoken=…&state=… used only when this tab started it.
  const state = params.get('state');
  const foreign = !!ftoken && state !== null && !takeAppleState(state);
  const apple = foreign ? APPLE_FOREIGN : APPLE_OUTCOMES[params.get('apple') ?? ''];
  const [notice, setNotice] = useState<Notice | null>(
    apple ? { mode: 'signin', color: 'red', text: apple } : null,
  );
  const [prefill, setPrefill] = useState('');
  // A sign-in link to an account with two-factor sign-in: the code comes next.
  const [challenge, setChallenge] = useState<SignInOutcome>(null);
  const activate = params.get('activate');
  const mode: Mode = params.has('reset') ? 'confirm' : params.has('forgot') ? 'request' : 'signin';

  useEffect(() => {
    if (!activate) return;
    activateAccount(activate).then(
      (r) => setNotice({ mode: 'signin', color: 'green', text: r.message }),
      (e: unknown) => setNotice({ mode: 'signin', color: 'red', text: errorMessage(e) }),
    );
  }, [activate]);

  useEffect(() => {
    if (!ftoken || foreign) return;
    // Success starts the session, and the signed-in app takes over from here.
    signInWithLinkToken(ftoken, state ?? undefined).then(
      (r) => r && setChallenge(r),
      (e: unknown) => setNotice({ mode: 'signin', color: 'red', text: errorMessage(e) }),
    );
  }, [ftoken, state, foreign]);

  const shown = notice?.mode === mode ? notice : null;
  const alert = shown && (
    <FormAlert color={shown.color} mb="md">
      {shown.text}
    </FormAlert>
  );

  if (ftoken && challenge)
    return (
      <AuthCard title="sign in">
        <Suspense fallback={formLoading}>
          <SecondFactorForm
            challenge={challenge.challenge}
            factors={challenge.factors}
            onRestart={() => setParams({})}
          />
        </Suspense>
      </AuthCard>
    );

  if (ftoken && !notice)
    return (
      <AuthCard title="sign in">
        <Center py="lg">
          <Stack align="center" gap="xs">
            <Loader aria-label="Signing in" />
            <Text c="dimmed">Signing you in…</Text>
          </Stack>
        </Center>
      </AuthCard>
    );

  if (mode === 'request')
    return (
      <AuthCard title="reset password" subtitle="We will e-mail you a reset token.">
        {alert}
        <Suspense fallback={formLoading}>
          <ResetRequestForm
            onSent={(username, message) => {
              setNotice({ mode: 'confirm', color: 'green', text: message });
              setParams({ reset: '', username });
            }}
          />
        </Suspense>
      </AuthCard>
    );

  if (mode === 'confirm') {
    const username = params.get('username') ?? '';
    const token = params.get('reset') ?? '';
    return (
      <AuthCard title="reset password" subtitle="Choose a new password.">
        {alert}
        <Suspense fallback={formLoading}>
          <ResetConfirmForm
            key={`${username}|${token}`}
            username={username}
            token={token}
            onDone={(user, message) => {
              setNotice({ mode: 'signin', color: 'green', text: message });
              setPrefill(user);
              setParams({});
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="sign in">
      {alert}
      <SignInForm key={prefill} initialUsername={prefill} />
    </AuthCard>
  );
}

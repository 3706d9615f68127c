import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { signIn, type SignInOutcome } from '../../api/sign-in';
import { AppleSignInButton } from './apple-button';
import { FormAlert } from './form-alert';
import { PasskeyButton } from './passkey-button';

// The code step loads when an account asks for it: sign-in stays within its JS budget.
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })),
);
import { useAction, useFields } from './use-fields';

/** 'sign in': Username, Password, Forgot password? and Sign In (no client-side checks). */
export function SignInForm({ initialUsername = '' }: { initialUsername?: string }) {
  const login = useAction(signIn);
  const form = useFields({ username: initialUsername, password: '' });
  // An account with two-factor sign-in answers a challenge for its code or passkey.
  const [challenge, setChallenge] = useState<SignInOutcome>(null);

  if (challenge)
    return (
      <Suspense fallback={null}>
        <SecondFactorForm
          challenge={challenge.challenge}
          factors={challenge.factors}
          onRestart={() => setChallenge(null)}
        />
      </Suspense>
    );
  return (
    <form onSubmit={form.onSubmit((v) => login.run(v, (r) => r && setChallenge(r)))} noValidate>
      <Stack>
        {!!login.error && <FormAlert color="red">{errorMessage(login.error)}</FormAlert>}
        <TextInput label="Username" autoComplete="username" {...form.field('username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/login?forgot=1" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.pending}>
          Sign In
        </Button>
        <PasskeyButton label="Sign in with a passkey" />
        <AppleSignInButton />
        <Text size="sm" ta="center" c="dimmed">
          New to Fieldbook?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

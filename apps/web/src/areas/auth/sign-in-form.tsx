import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { signIn } from '../../api/sign-in';
import { AppleSignInButton } from './apple-button';
import { useAction, useFields } from './use-fields';

/** 'sign in': Username, Password, Forgot password? and Sign In (no client-side checks). */
export function SignInForm({ initialUsername = '' }: { initialUsername?: string }) {
  const login = useAction(signIn);
  const form = useFields({ username: initialUsername, password: '' });

  return (
    <form onSubmit={form.onSubmit((v) => login.run(v))} noValidate>
      <Stack>
        {!!login.error && (
          <Alert color="red" role="alert">
            {errorMessage(login.error)}
          </Alert>
        )}
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
        <Button type="submit" fullWidth loading={login.pending || login.done}>
          Sign In
        </Button>
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

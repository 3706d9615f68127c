import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { useLogin } from '../../api/use-auth';

/** 'sign in': Username, Password, Forgot password? and Sign In (no client-side checks). */
export function SignInForm({ initialUsername = '' }: { initialUsername?: string }) {
  const login = useLogin();
  const form = useForm({ initialValues: { username: initialUsername, password: '' } });

  return (
    <form onSubmit={form.onSubmit((v) => login.mutate(v))} noValidate>
      <Stack>
        {login.error && (
          <Alert color="red" role="alert">
            {errorMessage(login.error)}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/login?forgot=1" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending || login.isSuccess}>
          Sign In
        </Button>
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

import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useRegister } from '../../api/use-auth';
import { AuthCard } from './auth-card';
import { useEditorForm } from '../../ui/use-editor-form';

/** /register: create an account; the server e-mails an activation link. */
export function RegisterPage() {
  const register = useRegister();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '', email: '', name: '', surname: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Username is required'),
      password: (v) =>
        v.length < PASSWORD_MIN || v.length > PASSWORD_MAX
          ? `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`
          : null,
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter a valid e-mail address'),
      name: (v) => (v.trim() ? null : 'Name is required'),
      surname: (v) => (v.trim() ? null : 'Surname is required'),
    },
  });

  const { onSubmit: submit } = useEditorForm({
    form,
    save: (v) => register.mutateAsync(v),
    onSaved: (r) => {
      setDone(r.message);
    },
  });

  if (done)
    return (
      <AuthCard title="almost there">
        <Stack>
          <Alert color="green" role="status">
            {done}
          </Alert>
          <Text size="sm">
            We have sent an activation link to <b>{form.values.email}</b>. Open it to activate your
            account, then sign in.
          </Text>
          <Button component={Link} to="/login" variant="light">
            Go to sign in
          </Button>
        </Stack>
      </AuthCard>
    );

  return (
    <AuthCard title="create account" subtitle="Start your free trial of Fieldbook.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {register.error && (
            <Alert color="red" role="alert">
              {errorMessage(register.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Name" autoComplete="given-name" {...form.getInputProps('name')} />
            <TextInput
              label="Surname"
              autoComplete="family-name"
              {...form.getInputProps('surname')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={register.isPending}>
            Create account
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

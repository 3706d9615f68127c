import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Loader,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MAX, PASSWORD_MIN, type TInvitation } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useAcceptInvitation, useInvitation, useRegisterByInvitation } from '../../api/use-auth';
import { useSession } from '../../app/use-session';
import { AuthCard } from './auth-card';
import { SignInForm } from './sign-in-form';
import { useEditorForm } from '../../ui/use-editor-form';
import { useScreenSearchParams } from '../../ui/use-screen-search';

/**
 * /invite?token=<token>: an invitation is bound to its link (DECISIONS §2).
 * Whoever opens it joins: signed in with one click, or by signing in or
 * creating their account here (signing in re-renders this page signed in).
 */
export function InvitePage() {
  const [params] = useScreenSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const signedIn = !!useSession();

  if (invitation.isPending)
    return (
      <AuthCard title="invitation">
        <Center py="lg">
          <Loader aria-label="Opening the invitation" />
        </Center>
      </AuthCard>
    );
  if (invitation.isError)
    return (
      <AuthCard title="invitation">
        <Alert color="red" role="alert">
          {errorMessage(invitation.error)}
        </Alert>
      </AuthCard>
    );
  const inv = invitation.data;
  return (
    <AuthCard title={`join ${inv.companyName}`}>
      <Text mb="md">
        {inv.invitedBy} invited you to work in <b>{inv.companyName}</b> on Fieldbook.
      </Text>
      {signedIn ? <Accept token={token} /> : <SignedOut token={token} inv={inv} />}
    </AuthCard>
  );
}

function Accept({ token }: { token: string }) {
  const accept = useAcceptInvitation();
  return (
    <Stack>
      {accept.error && (
        <Alert color="red" role="alert">
          {errorMessage(accept.error)}
        </Alert>
      )}
      <Button
        fullWidth
        loading={accept.isPending || accept.isSuccess}
        onClick={() =>
          accept.mutate(token, {
            // The app starts again from / in the joined company.
            onSuccess: () => window.location.assign('/'),
          })
        }
      >
        Join the company
      </Button>
    </Stack>
  );
}

function SignedOut({ token, inv }: { token: string; inv: TInvitation }) {
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  return (
    <Stack>
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(v) => setMode(v as 'new' | 'existing')}
        data={[
          { value: 'new', label: 'Create an account' },
          { value: 'existing', label: 'I have an account' },
        ]}
      />
      {mode === 'new' ? <CreateAccount token={token} inv={inv} /> : <SignInForm />}
    </Stack>
  );
}

function CreateAccount({ token, inv }: { token: string; inv: TInvitation }) {
  const register = useRegisterByInvitation();
  const form = useForm({
    initialValues: { name: inv.name, surname: inv.surname, username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Username is required'),
      password: (v) =>
        v.length < PASSWORD_MIN || v.length > PASSWORD_MAX
          ? `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`
          : null,
      name: (v) => (v.trim() ? null : 'Name is required'),
      surname: (v) => (v.trim() ? null : 'Surname is required'),
    },
  });
  const { onSubmit: submit } = useEditorForm({
    form,
    save: (v) => register.mutateAsync({ ...v, token }),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {register.error && (
          <Alert color="red" role="alert">
            {errorMessage(register.error)}
          </Alert>
        )}
        <TextInput label="Email" value={inv.email} readOnly disabled />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Name" autoComplete="given-name" {...form.getInputProps('name')} />
          <TextInput
            label="Surname"
            autoComplete="family-name"
            {...form.getInputProps('surname')}
          />
        </SimpleGrid>
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={register.isPending || register.isSuccess}>
          Create account and join
        </Button>
      </Stack>
    </form>
  );
}

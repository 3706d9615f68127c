import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { useResetConfirm } from '../../api/use-auth';

interface Props {
  username: string;
  token: string;
  onDone: (username: string, message: string) => void;
}

/** Second step of the forgot flow: the new password with the e-mailed token. */
export function ResetConfirmForm({ username, token, onDone }: Props) {
  const confirm = useResetConfirm();
  const form = useForm({
    initialValues: { username, password: '', confirmPassword: '', token },
  });

  const submit = form.onSubmit((v) =>
    confirm.mutate(v, { onSuccess: (r) => onDone(v.username, r.message) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {confirm.error && (
          <Alert color="red" role="alert">
            {errorMessage(confirm.error)}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <TextInput
          label="Reset Token"
          autoComplete="one-time-code"
          {...form.getInputProps('token')}
        />
        <Button type="submit" fullWidth loading={confirm.isPending}>
          Reset Password
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { confirmReset } from '../../api/sign-in';
import { useAction, useFields } from './use-fields';

interface Props {
  username: string;
  token: string;
  onDone: (username: string, message: string) => void;
}

/** Second step of the forgot flow: the new password with the e-mailed token. */
export function ResetConfirmForm({ username, token, onDone }: Props) {
  const confirm = useAction(confirmReset);
  const form = useFields({ username, password: '', confirmPassword: '', token });

  const submit = form.onSubmit((v) => confirm.run(v, (r) => onDone(v.username, r.message)));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {!!confirm.error && (
          <Alert color="red" role="alert">
            {errorMessage(confirm.error)}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" {...form.field('username')} />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <TextInput label="Reset Token" autoComplete="one-time-code" {...form.field('token')} />
        <Button type="submit" fullWidth loading={confirm.pending}>
          Reset Password
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

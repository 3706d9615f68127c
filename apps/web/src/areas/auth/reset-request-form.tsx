import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { requestReset } from '../../api/sign-in';
import { useAction, useFields } from './use-fields';

/** First step of the forgot flow: ask for a reset token by e-mail. */
export function ResetRequestForm({
  onSent,
}: {
  onSent: (username: string, message: string) => void;
}) {
  const request = useAction(requestReset);
  const form = useFields({ username: '' });

  const submit = form.onSubmit(({ username }) =>
    request.run(username, (r) => onSent(username, r.message)),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {!!request.error && (
          <Alert color="red" role="alert">
            {errorMessage(request.error)}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" {...form.field('username')} />
        <Button type="submit" fullWidth loading={request.pending}>
          Send Reset Token
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
          <Anchor component={Link} to="/login?reset=" size="sm">
            I have a reset token
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { useResetRequest } from '../../api/use-auth';

/** First step of the forgot flow: ask for a reset token by e-mail. */
export function ResetRequestForm({
  onSent,
}: {
  onSent: (username: string, message: string) => void;
}) {
  const request = useResetRequest();
  const form = useForm({ initialValues: { username: '' } });

  const submit = form.onSubmit(({ username }) =>
    request.mutate(username, { onSuccess: (r) => onSent(username, r.message) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {request.error && (
          <Alert color="red" role="alert">
            {errorMessage(request.error)}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
        <Button type="submit" fullWidth loading={request.isPending}>
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

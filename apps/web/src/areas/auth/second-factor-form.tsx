import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../../api/api-client';
import { signInWithCode } from '../../api/sign-in';
import { useAction, useFields } from './use-fields';

/**
 * The second step of a sign-in with two-factor sign-in on (docs/auth.md): the
 * code the authenticator app shows, or one of the backup codes (each works
 * once). Start again goes back to the password.
 */
export function SecondFactorForm({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: () => void;
}) {
  const verify = useAction(signInWithCode);
  const form = useFields({ code: '' });
  return (
    <form onSubmit={form.onSubmit((v) => verify.run({ challenge, code: v.code }))} noValidate>
      <Stack>
        <Text size="sm">
          Two-factor sign-in is on for this account. Type the code your authenticator app shows, or
          one of your backup codes.
        </Text>
        {!!verify.error && (
          <Alert color="red" role="alert">
            {errorMessage(verify.error)}
          </Alert>
        )}
        <TextInput
          label="Authentication code"
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          {...form.field('code')}
        />
        <Button type="submit" fullWidth loading={verify.pending || verify.done}>
          Verify
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            Start again
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

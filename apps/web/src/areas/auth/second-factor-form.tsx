import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { SecondFactor } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { signInWithCode } from '../../api/sign-in';
import { PasskeyButton } from './passkey-button';
import { useAction, useFields } from './use-fields';

/**
 * The second step of a sign-in with two-factor sign-in on (docs/auth.md): the
 * code the authenticator app shows, or one of the backup codes (each works
 * once), or Use a passkey when the account has one. Start again goes back to
 * the password.
 */
export function SecondFactorForm({
  challenge,
  factors = ['totp'],
  onRestart,
}: {
  challenge: string;
  factors?: SecondFactor[];
  onRestart: () => void;
}) {
  const verify = useAction(signInWithCode);
  const form = useFields({ code: '' });
  const restart = (
    <Group justify="center">
      <Anchor component="button" type="button" size="sm" onClick={onRestart}>
        Start again
      </Anchor>
    </Group>
  );
  const passkey = factors.includes('passkey') && (
    <PasskeyButton challenge={challenge} label="Use a passkey" />
  );
  if (!factors.includes('totp'))
    return (
      <Stack>
        <Text size="sm">
          Two-factor sign-in is on for this account. Finish signing in with one of your passkeys.
        </Text>
        {passkey}
        {restart}
      </Stack>
    );
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
        {passkey}
        {restart}
      </Stack>
    </form>
  );
}

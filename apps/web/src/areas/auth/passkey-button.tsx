import { Button } from '@mantine/core';
import { errorMessage } from '../../api/api-client';
import { FormAlert } from './form-alert';
import { useAction } from './use-fields';

/** Loads the WebAuthn code only when pressed: the sign-in page stays within its JS budget. */
const passkeySignIn = () => import('../../api/passkey-sign-in');

export const signInWithPasskey = async () => (await passkeySignIn()).signInWithPasskey();
export const finishWithPasskey = async (challenge: string) =>
  (await passkeySignIn()).finishWithPasskey(challenge);

/**
 * A button that signs in with a passkey (passwordless, or the second step
 * for `challenge`), with its error under it. Success starts the session and
 * the signed-in app takes over.
 */
export function PasskeyButton({ challenge, label }: { challenge?: string; label: string }) {
  const action = useAction(() => (challenge ? finishWithPasskey(challenge) : signInWithPasskey()));
  return (
    <>
      {!!action.error && <FormAlert color="red">{errorMessage(action.error)}</FormAlert>}
      <Button
        variant="default"
        fullWidth
        loading={action.pending || action.done}
        onClick={() => action.run(undefined)}
      >
        {label}
      </Button>
    </>
  );
}

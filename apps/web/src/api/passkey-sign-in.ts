import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { TLoginResult, TPasskeyOptions } from '@fieldbook/core';
import { apiPublicPost, errorMessage } from './api-client';
import { CLIENT_ID, completeSignIn } from './sign-in';

// The browser's WebAuthn calls (@simplewebauthn/browser). The sign-in page
// loads this module only when a passkey button is pressed (its JS budget,
// apps/web/README.md).

/** The browser's prompt for a passkey; a cancel or refusal becomes an error in words. */
async function ask(options: TPasskeyOptions) {
  try {
    return await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (e) {
    throw new Error(passkeyError(e) ?? errorMessage(e), { cause: e });
  }
}

/** Passwordless: any passkey of this site that verifies its user; the session starts. */
export async function signInWithPasskey(): Promise<void> {
  const options = await apiPublicPost<TPasskeyOptions>('/auth/passkey/options', {});
  const response = await ask(options);
  await completeSignIn(
    await apiPublicPost<TLoginResult>('/auth/passkey', { response, clientId: CLIENT_ID }),
  );
}

/** The second step with a passkey of the account, for the sign-in's challenge. */
export async function finishWithPasskey(challenge: string): Promise<void> {
  const options = await apiPublicPost<TPasskeyOptions>('/auth/second-factor/passkey-options', {
    challenge,
  });
  const passkey = await ask(options);
  await completeSignIn(
    await apiPublicPost<TLoginResult>('/auth/second-factor', {
      challenge,
      passkey,
      clientId: CLIENT_ID,
    }),
  );
}

/** A refusal or cancel of the browser's passkey prompt, in words. */
export function passkeyError(e: unknown): string | null {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'The passkey prompt was closed or timed out. Try again, or use another way to sign in.';
  if (name === 'NotSupportedError' || name === 'SecurityError')
    return 'This browser cannot use a passkey here.';
  return null;
}

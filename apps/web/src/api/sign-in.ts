import type {
  SecondFactor,
  TLoginResult,
  TMessage,
  TSecondFactorNeeded,
  TUser,
} from '@fieldbook/core';
import { apiGet, apiPublicPost } from './api-client';
import { setSession } from './session-store';

export const CLIENT_ID = 'native';

/** Store the session, then load the profile so the stored user is complete. */
export async function completeSignIn(result: TLoginResult): Promise<void> {
  setSession({ token: result.token, user: result.user });
  try {
    const profile = await apiGet<TUser>('/people/profile');
    setSession({ token: result.token, user: { ...result.user, ...profile } });
  } catch {
    // The login answer already carries the user; the profile only refreshes it.
  }
}

// Sign-in and the password reset are plain calls: the sign-in page downloads
// no query library (JS budget, apps/web/README.md).

/**
 * A sign-in that needs the account's second factor: its challenge and the
 * factors the account has (TOTP when not said); null once signed in.
 */
export type SignInOutcome = { challenge: string; factors?: SecondFactor[] } | null;

async function finish(r: TLoginResult | TSecondFactorNeeded): Promise<SignInOutcome> {
  if ('secondFactor' in r)
    return { challenge: r.challenge, ...(r.factors?.length && { factors: r.factors }) };
  await completeSignIn(r);
  return null;
}

/**
 * Sign in with a username and password: the session starts, or, for an
 * account with two-factor sign-in, the answer is the challenge for its code.
 */
export async function signIn(v: { username: string; password: string }): Promise<SignInOutcome> {
  return finish(
    await apiPublicPost<TLoginResult | TSecondFactorNeeded>('/auth/login', {
      ...v,
      clientId: CLIENT_ID,
    }),
  );
}

/** The second step: a code from the authenticator app, or a backup code. */
export async function signInWithCode(v: { challenge: string; code: string }): Promise<void> {
  await completeSignIn(
    await apiPublicPost<TLoginResult>('/auth/second-factor', { ...v, clientId: CLIENT_ID }),
  );
}

/** Ask for a password reset token by e-mail. */
export function requestReset(username: string): Promise<TMessage> {
  return apiPublicPost<TMessage>('/auth/login', { username, isReset: true, clientId: CLIENT_ID });
}

export interface ResetConfirm {
  username: string;
  password: string;
  confirmPassword: string;
  token: string;
}

/** Set a new password with the e-mailed reset token. */
export function confirmReset(v: ResetConfirm): Promise<TMessage> {
  return apiPublicPost<TMessage>('/auth/login', { ...v, isReset: true, clientId: CLIENT_ID });
}

// Activation tokens are single-use: one call per token, even if a screen mounts twice.
const activations = new Map<string, Promise<TMessage>>();

export function activateAccount(token: string): Promise<TMessage> {
  let pending = activations.get(token);
  if (!pending) {
    pending = apiPublicPost<TMessage>('/auth/activate', { token });
    activations.set(token, pending);
  }
  return pending;
}

// Sign-in links are single-use too.
const linkLogins = new Map<string, Promise<SignInOutcome>>();

/**
 * Sign in with the token of an e-mailed link (`/login?ftoken=<token>`), or of
 * the return from Sign in with Apple with the state this tab started it with
 * (the server binds that token to its state).
 */
export function signInWithLinkToken(ftoken: string, state?: string): Promise<SignInOutcome> {
  let pending = linkLogins.get(ftoken);
  if (!pending) {
    pending = apiPublicPost<TLoginResult | TSecondFactorNeeded>('/auth/login', {
      ftoken,
      ...(state !== undefined && { state }),
      clientId: CLIENT_ID,
    }).then(finish);
    linkLogins.set(ftoken, pending);
  }
  return pending;
}

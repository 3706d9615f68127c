import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginResult, TMessage, TRegister, TUser } from '@fieldbook/core';
import { apiGet, apiPost, apiPublicPost } from './api-client';
import { setSession, storeCompanyId } from './session-store';

const CLIENT_ID = 'native';

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

export function useLogin() {
  return useMutation({
    mutationFn: (v: { username: string; password: string }) =>
      apiPublicPost<TLoginResult>('/auth/login', { ...v, clientId: CLIENT_ID }),
    onSuccess: completeSignIn,
  });
}

export function useResetRequest() {
  return useMutation({
    mutationFn: (username: string) =>
      apiPublicPost<TMessage>('/auth/login', { username, isReset: true, clientId: CLIENT_ID }),
  });
}

export interface ResetConfirm {
  username: string;
  password: string;
  confirmPassword: string;
  token: string;
}

export function useResetConfirm() {
  return useMutation({
    mutationFn: (v: ResetConfirm) =>
      apiPublicPost<TMessage>('/auth/login', { ...v, isReset: true, clientId: CLIENT_ID }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (v: TRegister) => apiPublicPost<TMessage>('/auth/register', v),
  });
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

/** Revoke the token on the server, then forget everything about the session. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await apiPost<TMessage>('/auth/logout');
    } catch {
      // Signing out locally must work even when the server cannot be reached.
    }
    storeCompanyId(null);
    // The signed-out app starts from the URL: land on the home page.
    window.history.replaceState(null, '', '/');
    setSession(null);
    queryClient.clear();
  };
}

// Sign-in links are single-use too.
const linkLogins = new Map<string, Promise<void>>();

/** Sign in with the token of an e-mailed link (`/login?ftoken=<token>`). */
export function signInWithLinkToken(ftoken: string): Promise<void> {
  let pending = linkLogins.get(ftoken);
  if (!pending) {
    pending = apiPublicPost<TLoginResult>('/auth/login', { ftoken, clientId: CLIENT_ID }).then(
      completeSignIn,
    );
    linkLogins.set(ftoken, pending);
  }
  return pending;
}

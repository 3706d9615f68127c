import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessage, TPasskey, TPasskeyList, TPasskeyOptions } from '@fieldbook/core';
import { apiGet, apiPost } from './api-client';
import { queryKeys } from './query-keys';

const BASE = '/people/passkeys';
const key = [...queryKeys.profile, 'passkeys'] as const;
/** The two-factor card lists the account's entries: a passkey added or removed is one. */
const entries = [...queryKeys.profile, 'two-factor'] as const;

/** The signed-in user's passkeys, oldest first. */
export function usePasskeys(enabled = true) {
  return useQuery({ queryKey: key, queryFn: () => apiGet<TPasskeyList>(BASE), enabled });
}

/** The browser's prompt to make a passkey (WebAuthn), loaded only when one is added. */
async function createCredential(options: TPasskeyOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return await startRegistration({ optionsJSON: options as never });
  } catch (e) {
    const name = (e as { name?: string } | null)?.name;
    if (name === 'NotAllowedError' || name === 'AbortError')
      throw new Error('The passkey prompt was closed or timed out; nothing was added.', {
        cause: e,
      });
    if (name === 'InvalidStateError')
      throw new Error('This passkey is added already.', { cause: e });
    throw e;
  }
}

/** The browser's prompt for one of the user's passkeys, to confirm a change with it. */
async function confirmWithPasskey() {
  const options = await apiPost<TPasskeyOptions>(`${BASE}/confirm-options`, {});
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return await startAuthentication({ optionsJSON: options as never });
  } catch (e) {
    const name = (e as { name?: string } | null)?.name;
    if (name === 'NotAllowedError' || name === 'AbortError')
      throw new Error(
        'The passkey prompt was closed or timed out; nothing was changed. Confirm with a passkey, or type a code.',
        { cause: e },
      );
    throw e;
  }
}

/**
 * How a change is confirmed when the account has a second factor
 * (docs/auth.md): the code typed (TOTP or a backup code); else, when the
 * account has a passkey, the browser's prompt for one; else nothing more.
 */
export interface StepUp {
  code: string;
  /** The account has a passkey to confirm with when no code is typed. */
  passkeys: boolean;
}
async function secondFactor(s: StepUp) {
  if (s.code.trim()) return { code: s.code };
  return s.passkeys ? { passkey: await confirmWithPasskey() } : {};
}

/**
 * Add (the password and the second factor when there is one, the browser's
 * prompt, then the passkey is kept under its name), rename, remove (the
 * password and the second factor): each refreshes the list and the account's
 * entries after it.
 */
export function usePasskeyActions() {
  const qc = useQueryClient();
  const after = async () => {
    await qc.invalidateQueries({ queryKey: key });
    await qc.invalidateQueries({ queryKey: entries });
  };
  return {
    add: useMutation({
      mutationFn: async (v: { name: string; password: string } & Partial<StepUp>) => {
        const options = await apiPost<TPasskeyOptions>(`${BASE}/options`, {
          password: v.password,
          ...(await secondFactor({ code: v.code ?? '', passkeys: v.passkeys ?? false })),
        });
        const response = await createCredential(options);
        return apiPost<TPasskey>(BASE, { name: v.name, response });
      },
      onSuccess: after,
    }),
    rename: useMutation({
      mutationFn: (v: { id: string; name: string }) =>
        apiPost<TPasskey>(`${BASE}/${v.id}`, { name: v.name }),
      onSuccess: after,
    }),
    remove: useMutation({
      mutationFn: async (v: { id: string; password: string } & Partial<StepUp>) =>
        apiPost<TMessage>(`${BASE}/${v.id}/remove`, {
          password: v.password,
          ...(await secondFactor({ code: v.code ?? '', passkeys: v.passkeys ?? false })),
        }),
      onSuccess: after,
    }),
  };
}

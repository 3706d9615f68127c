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

/**
 * Add (the password, the browser's prompt, then the passkey is kept under
 * its name), rename, remove (the password): each refreshes the list and the
 * account's entries after it.
 */
export function usePasskeyActions() {
  const qc = useQueryClient();
  const after = async () => {
    await qc.invalidateQueries({ queryKey: key });
    await qc.invalidateQueries({ queryKey: entries });
  };
  return {
    add: useMutation({
      mutationFn: async (v: { name: string; password: string }) => {
        const options = await apiPost<TPasskeyOptions>(`${BASE}/options`, {
          password: v.password,
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
      mutationFn: (v: { id: string; password: string }) =>
        apiPost<TMessage>(`${BASE}/${v.id}/remove`, { password: v.password }),
      onSuccess: after,
    }),
  };
}

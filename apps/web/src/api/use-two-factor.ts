import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBackupCodes,
  TMessage,
  TTwoFactorConfirm,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '@fieldbook/core';
import { apiGet, apiPost } from './api-client';
import { queryKeys } from './query-keys';

const BASE = '/people/two-factor';
const key = [...queryKeys.profile, 'two-factor'] as const;

/** Where the signed-in user's two-factor sign-in stands, with its recent entries. */
export function useTwoFactor(enabled = true) {
  return useQuery({ queryKey: key, queryFn: () => apiGet<TTwoFactorStatus>(BASE), enabled });
}

/**
 * Set up (a new secret and its QR code), turn on, turn off, new backup
 * codes: each refreshes the status after it.
 */
export function useTwoFactorActions() {
  const qc = useQueryClient();
  const after = () => qc.invalidateQueries({ queryKey: key });
  return {
    setup: useMutation({ mutationFn: () => apiPost<TTwoFactorSetup>(`${BASE}/setup`, {}) }),
    enable: useMutation({
      mutationFn: (b: TTwoFactorConfirm) => apiPost<TBackupCodes>(`${BASE}/enable`, b),
      onSuccess: after,
    }),
    disable: useMutation({
      mutationFn: (b: TTwoFactorConfirm) => apiPost<TMessage>(`${BASE}/disable`, b),
      onSuccess: after,
    }),
    newCodes: useMutation({
      mutationFn: (b: TTwoFactorConfirm) => apiPost<TBackupCodes>(`${BASE}/backup-codes`, b),
      onSuccess: after,
    }),
  };
}

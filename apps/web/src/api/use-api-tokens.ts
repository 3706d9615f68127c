import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiTokenCreate, TApiTokenCreated, TApiTokenList, TMessage } from '@fieldbook/core';
import { apiGet, apiPost } from './api-client';
import { apiTokensKey as key } from './query-keys';

const url = (cid: string) => `/companies/${encodeURIComponent(cid)}/api-tokens`;

/** The signed-in user's API tokens in the company (the owner: every member's). */
export function useApiTokens(cid: string | null) {
  return useQuery({
    queryKey: key(cid ?? ''),
    queryFn: () => apiGet<TApiTokenList>(url(cid!)),
    enabled: !!cid,
  });
}

/** Make one (the answer holds the token, this once) and revoke one; the list follows both. */
export function useApiTokenActions(cid: string | null) {
  const qc = useQueryClient();
  const after = () => qc.invalidateQueries({ queryKey: key(cid ?? '') });
  return {
    create: useMutation({
      mutationFn: (b: TApiTokenCreate) => apiPost<TApiTokenCreated>(url(cid!), b),
      onSuccess: after,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        apiPost<TMessage>(`${url(cid!)}/${encodeURIComponent(id)}/revoke`, {}),
      onSuccess: after,
    }),
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCompany,
  TCompanySave,
  TCompanySummary,
  TGroupSave,
  TInvite,
  TMessage,
  TSaved,
} from '@fieldbook/core';
import { apiGet, apiPost, apiUpload } from './api-client';
import { queryKeys } from './query-keys';

const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;

export function useCompanies(enabled = true) {
  return useQuery({
    queryKey: queryKeys.companies,
    queryFn: () => apiGet<TCompanySummary[]>('/companies'),
    enabled,
  });
}

export function useCompany(id: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.company(id ?? ''),
    queryFn: () => apiGet<TCompany>(companyPath(id ?? '')),
    enabled: !!id,
  });
}

/** Refetch the list and everything about one company after a change. */
function useRefreshCompany() {
  const queryClient = useQueryClient();
  return (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.companies }),
      queryClient.invalidateQueries({ queryKey: queryKeys.company(id) }),
    ]);
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyName: string; logo: File | null }) => {
      const form = new FormData();
      form.append('companyName', v.companyName);
      if (v.logo) form.append('logo', v.logo, v.logo.name);
      return apiUpload<TSaved>('/companies', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.companies }),
  });
}

export function useSaveCompany(id: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (v: TCompanySave) => apiPost<TSaved>(companyPath(id), v),
    onSuccess: () => refresh(id),
  });
}

export function useUploadCompanyLogo(id: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (file: Blob) => {
      const form = new FormData();
      form.append('logo', file, 'logo.png');
      return apiUpload<{ companyLogo: string }>(`${companyPath(id)}/logo`, form);
    },
    onSuccess: () => refresh(id),
  });
}

export function useSaveGroup(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (v: TGroupSave) => apiPost<TSaved>(`${companyPath(companyId)}/groups`, v),
    onSuccess: () => refresh(companyId),
  });
}

export function useDeleteGroup(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (groupId: string) =>
      apiPost<TMessage>(`${companyPath(companyId)}/groups/${encodeURIComponent(groupId)}/delete`),
    onSuccess: () => refresh(companyId),
  });
}

export function useSaveMember(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (v: { userId: string; group: string | null; disabled: boolean }) =>
      apiPost<TMessage>(`${companyPath(companyId)}/users/${encodeURIComponent(v.userId)}`, {
        group: v.group,
        disabled: v.disabled,
      }),
    onSuccess: () => refresh(companyId),
  });
}

/** A super's reset of a member's two-factor sign-in (docs/auth.md); the members list follows. */
export function useResetTwoFactor(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (userId: string) =>
      apiPost<TMessage>(`/admin/users/${encodeURIComponent(userId)}/two-factor/reset`, {}),
    onSuccess: () => refresh(companyId),
  });
}

export function useInviteUser(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (v: Omit<TInvite, 'companyId'>) =>
      apiPost<TMessage>('/people/invite', { ...v, companyId }),
    onSuccess: () => refresh(companyId),
  });
}

/**
 * The save body of a company as loaded, ready to change and post back. The
 * SMTP server is left out (kept as it is): it is the owner's alone, and a
 * member without settings read is not shown it.
 */
export function companySaveBody(c: TCompany): TCompanySave {
  return {
    companyName: c.companyName,
    tax: c.tax,
    EmailAddress: c.EmailAddress,
    numbering: c.numbering,
    timeZone: c.timeZone,
  };
}

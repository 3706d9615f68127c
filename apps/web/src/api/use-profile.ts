import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProfileSave, TUser } from '@fieldbook/core';
import { apiGet, apiPost } from './api-client';
import { queryKeys } from './query-keys';
import { getSession, setSession } from './session-store';

/** Keep the stored user in step with what the server says. */
function syncSessionUser(user: TUser): void {
  const session = getSession();
  if (session) setSession({ ...session, user: { ...session.user, ...user } });
}

export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: async () => {
      const user = await apiGet<TUser>('/people/profile');
      syncSessionUser(user);
      return user;
    },
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: TProfileSave) => apiPost<TUser>('/people/profile', v),
    onSuccess: (user) => {
      syncSessionUser(user);
      queryClient.setQueryData(queryKeys.profile, user);
    },
  });
}

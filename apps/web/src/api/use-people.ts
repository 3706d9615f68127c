import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPerson, TPersonSave, TSaved } from '@fieldbook/core';
import { apiGet, apiPost, apiUpload } from './api-client';
import { queryKeys } from './query-keys';

export function usePeople() {
  return useQuery({
    queryKey: queryKeys.people,
    queryFn: () => apiGet<TPerson[]>('/people'),
  });
}

export function usePerson(id: string) {
  return useQuery({
    queryKey: queryKeys.person(id),
    queryFn: () => apiGet<TPerson>(`/people/${encodeURIComponent(id)}`),
  });
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: Pick<TPersonSave, 'name' | 'surname' | 'rank'>) =>
      apiPost<TSaved>('/people', v),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.people }),
  });
}

export function useSavePerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: TPersonSave) => apiPost<TSaved>(`/people/${encodeURIComponent(id)}`, v),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.people }),
  });
}

export function useUploadPersonPicture(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => {
      const form = new FormData();
      form.append('file', file, 'picture.png');
      return apiUpload<{ profilePicture: string }>(
        `/people/${encodeURIComponent(id)}/picture`,
        form,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.people }),
  });
}

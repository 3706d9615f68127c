import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TItem, TItemSave, TSaved } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiRequest } from './api-client';
import { itemKeys } from './query-keys';

/** The saved price list. */
export function useItems() {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: itemKeys.all(companyId),
    queryFn: () => apiGet<TItem[]>(`/companies/${companyId ?? ''}/items`),
    enabled: !!companyId,
  });
}

const itemPath = (cid: string | null, itemId: string) =>
  `/companies/${cid ?? ''}/item/${encodeURIComponent(itemId)}`;

/** Create or update an item; a new item's id is made here (crypto.randomUUID()). */
export function useSaveItem() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, item }: { itemId: string; item: TItemSave }) =>
      apiRequest<TSaved>('POST', itemPath(companyId, itemId), { body: item }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all(companyId) }),
  });
}

export function useDeleteItem() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => apiRequest<unknown>('DELETE', itemPath(companyId, itemId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all(companyId) }),
  });
}

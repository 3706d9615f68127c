import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessage, TSaved, TSupplier, TSupplierSave } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { expenseKeys, supplierKeys as keys } from './query-keys';

// Keys start with ['company', companyId] so a company switch refetches them.

const listPath = (cid: string) => `/companies/${encodeURIComponent(cid)}/suppliers`;
const onePath = (cid: string, id: string) => `${listPath(cid)}/${encodeURIComponent(id)}`;

function useCid(): string {
  return useCurrentCompany().companyId ?? '';
}

export function useSuppliers() {
  const cid = useCid();
  return useQuery({
    queryKey: keys.list(cid),
    queryFn: () => apiGet<TSupplier[]>(listPath(cid)),
    enabled: !!cid,
  });
}

export function useSupplier(id: string, enabled = true) {
  const cid = useCid();
  return useQuery({
    queryKey: keys.one(cid, id),
    queryFn: () => apiGet<TSupplier>(onePath(cid, id)),
    enabled: !!cid && enabled,
  });
}

export function useSaveSupplier() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: TSupplierSave) => apiPost<TSaved>(listPath(cid), v),
    // Expenses show the supplier's name.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.list(cid) }),
        qc.invalidateQueries({ queryKey: expenseKeys.all(cid) }),
      ]),
  });
}

export function useDeleteSupplier() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<TMessage>(`${onePath(cid, id)}/delete`),
    // Only marked stale: refetching the deleted supplier now would flash a 404 before we leave.
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.list(cid), refetchType: 'none' }),
  });
}

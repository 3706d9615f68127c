import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRecurringItem, TRecurringSave, TRecurringType } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { downloadFile } from './download';
import { recurringKeys } from './query-keys';

const base = (cid: string) => `/companies/${encodeURIComponent(cid)}/recurring`;

/** The recurring items of a type (each with its `nextRuns`). */
export function useRecurringList(type: TRecurringType) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: recurringKeys.list(companyId, type),
    queryFn: () => apiGet<TRecurringItem[]>(`${base(companyId ?? '')}/${type}`),
    enabled: !!companyId,
  });
}

/** One recurring item; `id` null for a new one (no fetch). */
export function useRecurringItem(type: TRecurringType, id: string | null) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: recurringKeys.one(companyId, type, id ?? ''),
    queryFn: () =>
      apiGet<TRecurringItem>(`${base(companyId ?? '')}/${type}/${encodeURIComponent(id ?? '')}`),
    enabled: !!companyId && !!id,
    // 'recurring item not found' is an answer, not a hiccup to retry.
    retry: false,
  });
}

export function useSaveRecurring(type: TRecurringType) {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRecurringSave) =>
      apiPost<{ _id: string; nextRuns: string[] }>(`${base(companyId ?? '')}/${type}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recurringKeys.all(companyId) }),
  });
}

export function useDeleteRecurring(type: TRecurringType) {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<unknown>(`${base(companyId ?? '')}/${type}/${encodeURIComponent(id)}/delete`),
    onSuccess: (_r, id) =>
      // Not the deleted one: it would answer 404 while its editor is closing.
      queryClient.invalidateQueries({
        queryKey: recurringKeys.all(companyId),
        predicate: (q) => !(q.queryKey[3] === 'one' && q.queryKey[5] === id),
      }),
  });
}

/** Download the type's CSV export, or (`sage`) its accounting-package CSV (docs/exports.md). */
export function downloadRecurring(cid: string, type: TRecurringType | 'all', sage = false) {
  return sage
    ? downloadFile(`${base(cid)}/${type}/exportSage`, `recurring-${type}-sage.csv`)
    : downloadFile(`${base(cid)}/${type}/export`, `recurring-${type}.csv`);
}

/** The PDF preview of the next invoice of a recurring invoice. */
export const recurringInvoicePdfPath = (cid: string, id: string) =>
  `${base(cid)}/invoice/${encodeURIComponent(id)}/download`;

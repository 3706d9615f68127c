import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Period,
  TInvoice,
  TInvoiceRow,
  TInvoiceSaved,
  TInvoiceSave,
  TInvoiceSummary,
  TSaved,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { periodQuery } from '../ui/use-period';
import { apiGet, apiPost } from './api-client';
import { invoiceKeys, jobKeys } from './query-keys';

/** Keys under ['company', id, ...] so a company switch refetches them. */

const base = (cid: string | null) => `/companies/${cid ?? ''}/invoices`;

/** The rows of a period (no lines). */
export function useInvoiceList(period: Period) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: invoiceKeys.list(companyId, period),
    queryFn: () => apiGet<TInvoiceRow[]>(`${base(companyId)}?${periodQuery(period)}`),
    enabled: !!companyId,
  });
}

/** The boxes, tab counts and payment-method pie of a period. */
export function useInvoiceSummary(period: Period) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: invoiceKeys.summary(companyId, period),
    queryFn: () => apiGet<TInvoiceSummary>(`${base(companyId)}/summary?${periodQuery(period)}`),
    enabled: !!companyId,
  });
}

/** One saved invoice or quote; `id` 'new' loads nothing. */
export function useInvoice(id: string) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: invoiceKeys.one(companyId, id),
    queryFn: () => apiGet<TInvoice>(`${base(companyId)}/${encodeURIComponent(id)}`),
    enabled: !!companyId && id !== 'new',
  });
}

/**
 * After any invoice change: the invoice, lists, summary, items, clients and
 * jobs (spec §4: "invoice, appointment, item, client and list data are reloaded").
 */
export function useInvalidateAfterSave() {
  const queryClient = useQueryClient();
  const { companyId } = useCurrentCompany();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all(companyId) }),
      queryClient.invalidateQueries({ queryKey: jobKeys.all(companyId ?? '') }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.items(companyId) }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.clients(companyId) }),
    ]);
}

export function useSaveInvoice() {
  const { companyId } = useCurrentCompany();
  const invalidate = useInvalidateAfterSave();
  return useMutation({
    mutationFn: (body: TInvoiceSave) => apiPost<TInvoiceSaved>(base(companyId), body),
    onSuccess: () => invalidate(),
  });
}

export function useCopyInvoice() {
  const { companyId } = useCurrentCompany();
  const invalidate = useInvalidateAfterSave();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<TSaved>(`${base(companyId)}/${encodeURIComponent(id)}/copy`),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteInvoice() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterSave();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<unknown>(`${base(companyId)}/${encodeURIComponent(id)}/delete`),
    onSuccess: (_r, id) => {
      // The deleted invoice must not be refetched (it would 404).
      queryClient.removeQueries({ queryKey: invoiceKeys.one(companyId, id) });
      return invalidate();
    },
  });
}

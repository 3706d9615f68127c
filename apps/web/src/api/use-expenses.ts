import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Period,
  TExpense,
  TExpenseSave,
  TExpenseSummary,
  TSaved,
  TSupplier,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { periodQuery } from '../ui/use-period';
import { apiGet, apiPost, apiUpload } from './api-client';
import { expenseKeys, supplierKeys } from './query-keys';

const base = (cid: string) => `/companies/${encodeURIComponent(cid)}`;

/** The expenses of a period, oldest first as the server sends them. */
export function useExpenses(period: Period) {
  const { companyId } = useCurrentCompany();
  const cid = companyId ?? '';
  return useQuery({
    queryKey: expenseKeys.list(companyId, period),
    queryFn: () => apiGet<TExpense[]>(`${base(cid)}/expenses?${periodQuery(period)}`),
    enabled: !!companyId,
  });
}

/** Paid and Outstanding totals (and counts per tab) of a period. */
export function useExpenseSummary(period: Period) {
  const { companyId } = useCurrentCompany();
  const cid = companyId ?? '';
  return useQuery({
    queryKey: expenseKeys.summary(companyId, period),
    queryFn: () => apiGet<TExpenseSummary>(`${base(cid)}/expenses/summary?${periodQuery(period)}`),
    enabled: !!companyId,
  });
}

export function useExpense(id: string | null) {
  const { companyId } = useCurrentCompany();
  const cid = companyId ?? '';
  return useQuery({
    queryKey: expenseKeys.one(companyId, id ?? ''),
    queryFn: () => apiGet<TExpense>(`${base(cid)}/expenses/${encodeURIComponent(id ?? '')}`),
    enabled: !!companyId && !!id,
  });
}

/** The company's suppliers, for the Supplier select of the expense form. */
export function useSupplierOptions() {
  const { companyId } = useCurrentCompany();
  const cid = companyId ?? '';
  return useQuery({
    queryKey: supplierKeys.list(cid),
    queryFn: () => apiGet<TSupplier[]>(`${base(cid)}/suppliers`),
    enabled: !!companyId,
  });
}

export interface ExpenseUpload {
  data: TExpenseSave;
  /** A newly chosen image, sent as the multipart file `photo`. */
  photo: File | null;
}

/** Create or update an expense: multipart with the JSON in `data` and an optional `photo`. */
export function useSaveExpense() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, photo }: ExpenseUpload) => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      if (photo) form.append('photo', photo, photo.name);
      return apiUpload<TSaved>(`${base(companyId ?? '')}/expenses`, form);
    },
    // A supplier's outstanding follows its unpaid expenses.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: expenseKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: supplierKeys.list(companyId ?? '') }),
      ]),
  });
}

export function useDeleteExpense() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<unknown>(`${base(companyId ?? '')}/expenses/${encodeURIComponent(id)}/delete`),
    onSuccess: (_r, id) =>
      Promise.all([
        // Not the deleted one: it would answer 404 while its screen is still leaving.
        queryClient.invalidateQueries({
          queryKey: expenseKeys.all(companyId),
          predicate: (q) => !(q.queryKey[3] === 'one' && q.queryKey[4] === id),
        }),
        queryClient.invalidateQueries({ queryKey: supplierKeys.list(companyId ?? '') }),
      ]),
  });
}

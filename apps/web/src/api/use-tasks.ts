import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskStep, TTaskAnswer, TTaskCreate, TTasksAnswer } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { taskKey } from './query-keys';

/** The coupons' query; a `tasksChanged` push invalidates it (api/realtime.ts). */

/** The task coupons the user gave or holds in the current company. */
export function useTasks() {
  const { companyId } = useCurrentCompany();
  const cid = companyId ?? '';
  return useQuery({
    queryKey: taskKey(cid),
    queryFn: () => apiGet<TTasksAnswer>(`/tasks?companyId=${encodeURIComponent(cid)}`),
    enabled: !!companyId,
    // A coupon opens at its time: look again each minute. Changes by the other
    // person arrive at once as a `tasksChanged` push.
    refetchInterval: 60_000,
  });
}

export function useGiveTask() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const cid = companyId ?? '';
  return useMutation({
    mutationFn: (v: Omit<TTaskCreate, 'companyId'>) =>
      apiPost<TTaskAnswer>('/tasks', { ...v, companyId: cid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKey(cid) }),
  });
}

export function useTaskStep() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const cid = companyId ?? '';
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: TaskStep }) =>
      apiPost<TTaskAnswer>(`/tasks/${encodeURIComponent(id)}/${step}`, { companyId: cid }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKey(cid) }),
  });
}

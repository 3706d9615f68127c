import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAppointmentType,
  TAppointmentTypeSave,
  TJobTypeDeleted,
  TJobTypeSaved,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { jobKeys, queryKeys } from './query-keys';

/** First type first; one function for every render, so the sorted list keeps its identity. */
const byOrder = (types: TAppointmentType[]) => [...types].sort((a, b) => a.order - b.order);

const typesPath = (cid: string) => `/companies/${encodeURIComponent(cid)}/appointments/types`;

/**
 * The current company's appointment types, first type first (a new job's
 * default). The one hook for them: the board, the job modal, the calendar,
 * the recurring screens and the designer share its key, so a save in the
 * designer reaches them all at once.
 */
export function useJobTypes(enabled = true, companyId?: string) {
  const current = useCurrentCompany().companyId ?? '';
  // Another company's (its settings opened from the companies list), when named.
  const cid = companyId ?? current;
  return useQuery({
    queryKey: jobKeys.types(cid),
    queryFn: () => apiGet<TAppointmentType[]>(typesPath(cid)),
    enabled: enabled && !!cid,
    select: byOrder,
  });
}

/**
 * Save one appointment type (no `_id`: a new one). Save All calls it once per
 * changed type and refreshes the list once at the end (`refresh`).
 */
export function useSaveJobType() {
  const cid = useCurrentCompany().companyId ?? '';
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: TAppointmentTypeSave) => apiPost<TJobTypeSaved>(typesPath(cid), body),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobKeys.types(cid) });
  return { save, refresh };
}

/** Delete a type; `moveTo` names the type its jobs move to (a 409 naming `moveTo` when needed). */
export function useDeleteJobType() {
  const cid = useCurrentCompany().companyId ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) =>
      apiPost<TJobTypeDeleted>(
        `${typesPath(cid)}/${encodeURIComponent(id)}/delete`,
        moveTo ? { moveTo } : {},
      ),
    // Its jobs and recurring jobs may have moved too: the company's data reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company(cid) }),
  });
}

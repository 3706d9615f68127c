import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppointmentType, TAppointmentTypeSave, TJobTypeSaved } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';

export const jobTypeKeys = {
  all: (cid: string | null) => ['company', cid, 'appointmentTypes'] as const,
};

const typesPath = (cid: string | null) =>
  `/companies/${encodeURIComponent(cid ?? '')}/appointments/types`;

/** The current company's appointment types, in their order (the first is a new job's default). */
export function useJobTypes(enabled = true) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: jobTypeKeys.all(companyId),
    queryFn: () => apiGet<TAppointmentType[]>(typesPath(companyId)),
    enabled: enabled && !!companyId,
  });
}

/**
 * Save one appointment type (no `_id`: a new one). Save All calls it once per
 * changed type and refreshes the list once at the end (`refresh`).
 */
export function useSaveJobType() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: TAppointmentTypeSave) => apiPost<TJobTypeSaved>(typesPath(companyId), body),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobTypeKeys.all(companyId) });
  return { save, refresh };
}

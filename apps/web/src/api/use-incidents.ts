import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClient, TIncident, TIncidentFix } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { clientKeys, incidentKey, queryKeys } from './query-keys';

const base = (cid: string) => `/companies/${encodeURIComponent(cid)}`;

export function useIncidents() {
  const { companyId } = useCurrentCompany();
  const cid = companyId ?? '';
  return useQuery({
    queryKey: incidentKey(cid),
    queryFn: () => apiGet<TIncident[]>(`${base(cid)}/incidents`),
    enabled: !!companyId,
  });
}

/** The company's clients, the "list of clients" an incident is fixed to. */
export function useClientOptions() {
  const { companyId } = useCurrentCompany();
  const cid = companyId ?? '';
  return useQuery({
    queryKey: clientKeys.clients(cid),
    queryFn: () => apiGet<TClient[]>(`${base(cid)}/entities`),
    enabled: !!companyId,
  });
}

/** The name Fix sends as `newValue` (DECISIONS §6). */
export const clientFullName = (c: Pick<TClient, 'name' | 'surname'>) =>
  `${c.name} ${c.surname}`.trim();

/** Assign the incident's record to a client named `newValue`. */
export function useFixIncident() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const cid = companyId ?? '';
  return useMutation({
    mutationFn: ({ id, newValue }: { id: string } & TIncidentFix) =>
      apiPost<unknown>(`${base(cid)}/incidents/${encodeURIComponent(id)}`, { newValue }),
    // The record now belongs to a client: incidents, invoices and client balances change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company(cid) }),
  });
}

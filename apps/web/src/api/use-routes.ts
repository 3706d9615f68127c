import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCalculateRoute,
  TCalculateRouteAnswer,
  TLatLng,
  TPlanJobs,
  TPlanJobsAnswer,
  TRouteBase,
  TSortOrder,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { jobKeys, routeBaseKey } from './query-keys';

const company = (cid: string) => `/companies/${encodeURIComponent(cid)}`;
function useCid(): string {
  return useCurrentCompany().companyId ?? '';
}

/** Where the company's routes start and end (null: not set). */
export function useRouteBase() {
  const cid = useCid();
  return useQuery({
    queryKey: routeBaseKey(cid),
    queryFn: () => apiGet<TRouteBase>(`${company(cid)}/routeBase`),
    enabled: !!cid,
  });
}

export function useSaveRouteBase() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (basePosition: TLatLng) =>
      apiPost<TRouteBase>(`${company(cid)}/routeBase`, { basePosition }),
    onSuccess: (saved) => qc.setQueryData(routeBaseKey(cid), saved),
  });
}

/** The route calls: optimise (calculateRoute), write the plan, save the order. */
export function useRouteCalls() {
  const cid = useCid();
  const qc = useQueryClient();
  const refetchJobs = () => qc.invalidateQueries({ queryKey: jobKeys.lists(cid) });
  return {
    calculate: (body: TCalculateRoute) =>
      apiPost<TCalculateRouteAnswer>(`${company(cid)}/appointments/calculateRoute`, body),
    plan: (body: TPlanJobs) => apiPost<TPlanJobsAnswer>(`${company(cid)}/appointments/plan`, body),
    sortOrder: (body: TSortOrder) =>
      apiPost<unknown>(`${company(cid)}/appointments/sortOrder`, body),
    refetchJobs,
  };
}

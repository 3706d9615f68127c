import { useQuery } from '@tanstack/react-query';
import type { TDashboard } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet } from './api-client';
import { dashboardKey } from './query-keys';

/**
 * This month's figures of the current company (`GET /companies/{id}/dashboard`),
 * read by the dashboard and the sidebar's alert badge (one request for both).
 * Refreshed every minute while shown, and on focus.
 */
export function useDashboard() {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: dashboardKey(companyId),
    queryFn: () =>
      apiGet<TDashboard>(`/companies/${encodeURIComponent(companyId ?? '')}/dashboard`),
    enabled: !!companyId,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

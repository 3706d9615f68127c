import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberAccess, TCompany, TCompanySummary } from '@fieldbook/core';
import { useCompanies, useCompany } from '../api/use-companies';
import { queryKeys } from '../api/query-keys';
import { getStoredCompanyId, storeCompanyId, subscribeSession } from '../api/session-store';
import { useSession } from './use-session';

interface CompanyState {
  companyId: string | null;
  /** The selected company, once loaded. */
  company: TCompany | null;
  companies: TCompanySummary[];
  /** The signed-in user's access in the selected company, or null when none. */
  member: MemberAccess | null;
  loading: boolean;
  switchCompany: (id: string | null) => void;
}

const CompanyContext = createContext<CompanyState | null>(null);

export function CompanyProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const stored = useSyncExternalStore(subscribeSession, getStoredCompanyId);
  const list = useCompanies(!!session);

  // The stored choice while it is one of the user's companies; else the first one.
  let companyId: string | null = session ? stored : null;
  if (session && list.data && !list.isFetching && !list.data.some((c) => c._id === stored))
    companyId = list.data[0]?._id ?? null;

  const detail = useCompany(companyId);

  // Keep the automatic choice, so a reload starts in the same company.
  useEffect(() => {
    if (session && companyId !== stored) storeCompanyId(companyId);
  }, [session, companyId, stored]);

  const switchCompany = useCallback(
    (id: string | null) => {
      storeCompanyId(id);
      // Everything company-scoped is refetched for the new company.
      void queryClient.invalidateQueries({ queryKey: queryKeys.companyScope });
    },
    [queryClient],
  );

  const value = useMemo<CompanyState>(() => {
    const company = detail.data && detail.data._id === companyId ? detail.data : null;
    return {
      companyId,
      company,
      companies: list.data ?? [],
      member: company?.me ?? null,
      loading: list.isLoading || (!!companyId && detail.isLoading),
      switchCompany,
    };
  }, [companyId, detail.data, detail.isLoading, list.data, list.isLoading, switchCompany]);

  return <CompanyContext.Provider value={value}>{children}</CompanyContext.Provider>;
}

export function useCurrentCompany(): CompanyState {
  const state = useContext(CompanyContext);
  if (!state) throw new Error('useCurrentCompany needs a CompanyProvider');
  return state;
}

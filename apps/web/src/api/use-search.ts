import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSearchResults } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet } from './api-client';
import { searchKey } from './query-keys';

/** The longest text the server searches (`ZSearchQuery`): longer is cut, not refused. */
const MAX = 100;

/**
 * The top bar's global search (`GET /companies/{cid}/search?q=`): only while
 * `enabled` and the text holds something; the last answer stays shown while
 * the next loads, so the dropdown does not flicker as one types.
 */
export function useGlobalSearchResults(text: string, enabled: boolean) {
  const { companyId } = useCurrentCompany();
  const q = text.trim().slice(0, MAX).trim();
  return useQuery({
    queryKey: searchKey(companyId, q),
    queryFn: () =>
      apiGet<TSearchResults>(
        `/companies/${encodeURIComponent(companyId ?? '')}/search?q=${encodeURIComponent(q)}`,
      ),
    enabled: enabled && !!companyId && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { TSendHistory } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet } from './api-client';
import { invoiceKeys } from './query-keys';

/**
 * An invoice's sending history (`GET /invoices/{id}/sending`). Kept under the
 * company's invoices key, so a send, a bulk send's realtime push or any
 * invoice change refetches it.
 */
export function useSendHistory(id: string, enabled = true) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: invoiceKeys.sending(companyId, id),
    queryFn: () =>
      apiGet<TSendHistory>(
        `/companies/${encodeURIComponent(companyId ?? '')}/invoices/${encodeURIComponent(id)}/sending`,
      ),
    enabled: enabled && !!companyId,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportKind, TImportRequest, TImportResult } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiPost } from './api-client';
import { queryKeys } from './query-keys';

/** Preview (`dryRun`) or import a CSV of clients or invoices. */
export function useImportCsv() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const cid = companyId ?? '';
  return useMutation({
    mutationFn: ({ kind, ...body }: { kind: ImportKind } & TImportRequest) =>
      apiPost<TImportResult>(`/companies/${encodeURIComponent(cid)}/import/${kind}`, body),
    onSuccess: (result) =>
      // A real import adds clients, invoices and incidents: refetch the company's data.
      result.dryRun
        ? undefined
        : queryClient.invalidateQueries({ queryKey: queryKeys.company(cid) }),
  });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { TCreditNote, TCreditNoteSave } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { invoiceKeys } from './query-keys';
import { useInvalidateAfterSave } from './use-invoices';

/** Credit notes of an invoice (VAT Act s21(3)(a), docs/payments.md). */
const url = (cid: string | null, id: string) =>
  `/companies/${cid ?? ''}/invoices/${encodeURIComponent(id)}/credit-notes`;

export function useCreditNotes(invoiceId: string) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: invoiceKeys.creditNotes(companyId, invoiceId),
    queryFn: () => apiGet<TCreditNote[]>(url(companyId, invoiceId)),
    enabled: !!companyId,
  });
}

/** Issues a credit note; the invoice, its balance and its client follow. */
export function useIssueCreditNote(invoiceId: string) {
  const { companyId } = useCurrentCompany();
  const invalidate = useInvalidateAfterSave();
  return useMutation({
    mutationFn: (body: TCreditNoteSave) => apiPost<TCreditNote>(url(companyId, invoiceId), body),
    onSuccess: () => invalidate(),
  });
}

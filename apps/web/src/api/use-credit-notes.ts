import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreditNoteApply,
  TOpenInvoice,
  TCreditNote,
  TCreditNoteList,
  TCreditNoteRefundSave,
  TCreditNoteSave,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { clientKeys, invoiceKeys } from './query-keys';
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

/** The company's credit notes dated within the period, newest first. */
export function useCompanyCreditNotes(period: { from: string; to: string }) {
  const { companyId } = useCurrentCompany();
  const q = new URLSearchParams({ from: period.from, to: period.to });
  return useQuery({
    queryKey: invoiceKeys.companyCreditNotes(companyId, period.from, period.to),
    queryFn: () =>
      apiGet<TCreditNoteList>(`/companies/${companyId ?? ''}/credit-notes?${q.toString()}`),
    enabled: !!companyId,
  });
}

const refundsUrl = (cid: string | null, noteId: string) =>
  `/companies/${cid ?? ''}/credit-notes/${encodeURIComponent(noteId)}/refunds`;

/**
 * Records money paid back out of a note's excess, or takes a refund off
 * (`remove` with its id); the notes and the client's statement follow.
 */
export function useRefunds(noteId: string) {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  const after = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: invoiceKeys.all(companyId) }),
      qc.invalidateQueries({ queryKey: clientKeys.clients(companyId ?? '') }),
    ]);
  const record = useMutation({
    mutationFn: (body: TCreditNoteRefundSave) =>
      apiPost<TCreditNote>(refundsUrl(companyId, noteId), body),
    onSuccess: after,
  });
  const apply = useMutation({
    mutationFn: (body: TCreditNoteApply) =>
      apiPost<TCreditNote>(
        `/companies/${companyId ?? ''}/credit-notes/${encodeURIComponent(noteId)}/apply`,
        body,
      ),
    onSuccess: after,
  });
  const remove = useMutation({
    mutationFn: (refundId: string) =>
      apiPost<TCreditNote>(
        `${refundsUrl(companyId, noteId)}/${encodeURIComponent(refundId)}/delete`,
        {},
      ),
    onSuccess: after,
  });
  return { record, apply, remove };
}

/** The note's client's invoices with a balance: where its credit may be kept. */
export function useOpenInvoices(noteId: string, enabled: boolean) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: invoiceKeys.openForNote(companyId, noteId),
    queryFn: () =>
      apiGet<TOpenInvoice[]>(
        `/companies/${companyId ?? ''}/credit-notes/${encodeURIComponent(noteId)}/open-invoices`,
      ),
    enabled: !!companyId && enabled,
  });
}

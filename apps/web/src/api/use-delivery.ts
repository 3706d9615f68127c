import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEmailDraft, TMessage, TSendEmail } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { emailDraftKey, invoiceKeys } from './query-keys';

/** What can be e-mailed: an invoice or quote, a credit note, or a client's statement. */
export type MailKind = 'invoice' | 'creditNote' | 'statement';

const COLLECTION: Record<MailKind, string> = {
  invoice: 'invoices',
  creditNote: 'credit-notes',
  statement: 'entities',
};

/** The API paths of one document (relative to /api). */
export function documentPaths(cid: string | null, kind: MailKind, id: string) {
  const base = `/companies/${encodeURIComponent(cid ?? '')}/${COLLECTION[kind]}/${encodeURIComponent(id)}`;
  return { download: `${base}/download`, email: `${base}/email` };
}

/**
 * The send modal's pre-filled recipients, subject and message. Always fetched
 * afresh (no cache): the draft follows the document and the company settings.
 */
export function useEmailDraft(kind: MailKind, id: string) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: emailDraftKey(companyId, kind, id),
    queryFn: () => apiGet<TEmailDraft>(documentPaths(companyId, kind, id).email),
    enabled: !!companyId,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** POST the e-mail; after an invoice went out its sent date and count change everywhere. */
export function useSendEmail(kind: MailKind, id: string) {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendEmail) =>
      apiPost<TMessage>(documentPaths(companyId, kind, id).email, body),
    onSuccess: () =>
      kind === 'invoice'
        ? qc.invalidateQueries({ queryKey: invoiceKeys.all(companyId) })
        : undefined,
  });
}

/** `POST /invoices/bulkemail`: the server queues the sends and answers `{message}`. */
export function useBulkEmail() {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiPost<TMessage>(`/companies/${encodeURIComponent(companyId ?? '')}/invoices/bulkemail`, {
        ids,
      }),
    // The rows now show Sending...; realtime pushes move them on from there.
    onSettled: () => qc.invalidateQueries({ queryKey: invoiceKeys.all(companyId) }),
  });
}

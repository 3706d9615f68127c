import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPortalLinkCreated,
  TPortalLinkStatus,
  TPortalView,
  TQuoteAccept,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost, apiRequest, apiUrl } from './api-client';
import { clientKeys, queryKeys } from './query-keys';

/** The client portal (docs/portal.md): the client's side, then the staff's. */

const portalPath = (token: string, rest = '') => `/portal/${encodeURIComponent(token)}${rest}`;

/** A PDF of the portal; a plain link, since the call needs no session. */
export const portalPdfUrl = (token: string, rest: string) => apiUrl(portalPath(token, rest));

/** What the client sees (no session: the link's token is the credential). */
export function usePortal(token: string) {
  return useQuery({
    queryKey: queryKeys.portal(token),
    queryFn: () => apiRequest<TPortalView>('GET', portalPath(token), { anonymous: true }),
    retry: false,
  });
}

export type QuoteAnswer =
  | { kind: 'accept'; body: TQuoteAccept }
  | { kind: 'decline'; body: { reason: string } }
  | { kind: 'changes'; body: { message: string } };

/** The client answers one of their quotes; the portal reloads to show it. */
export function useAnswerQuote(token: string, quoteId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: QuoteAnswer) =>
      apiRequest<{ message: string }>(
        'POST',
        portalPath(token, `/quotes/${encodeURIComponent(quoteId)}/${a.kind}`),
        { anonymous: true, body: a.body },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.portal(token) }),
  });
}

/** An expired link asks for a fresh one by e-mail. */
export function useRenewPortalLink(token: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>('POST', portalPath(token, '/renew'), { anonymous: true }),
  });
}

const linkUrl = (cid: string | null, clientId: string) =>
  `/companies/${cid ?? ''}/entities/${encodeURIComponent(clientId)}/portal-link`;

/** The client's portal link as staff see it (never its token). */
export function usePortalLink(clientId: string) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: clientKeys.portalLink(companyId ?? '', clientId),
    queryFn: () => apiGet<TPortalLinkStatus>(linkUrl(companyId, clientId)),
    enabled: !!companyId && !!clientId,
  });
}

/** Makes a new link (e-mailed with `send`); its address is answered this once. */
export function useCreatePortalLink(clientId: string) {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (send: boolean) =>
      apiPost<TPortalLinkCreated>(linkUrl(companyId, clientId), { send }),
    onSuccess: () =>
      qc.invalidateQueries({ queryKey: clientKeys.portalLink(companyId ?? '', clientId) }),
  });
}

export function useRevokePortalLink(clientId: string) {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<TPortalLinkStatus>(`${linkUrl(companyId, clientId)}/revoke`),
    onSuccess: () =>
      qc.invalidateQueries({ queryKey: clientKeys.portalLink(companyId ?? '', clientId) }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { TCustomerInvoice } from '@fieldbook/core';
import { apiRequest, apiUrl } from './api-client';
import { queryKeys } from './query-keys';

/** The parts of a public invoice link `/view/c/{companyId}/e/{entityId}/i/{key}`. */
export interface PublicInvoiceLink {
  companyId: string;
  entityId: string;
  invoiceKey: string;
}

const path = (l: PublicInvoiceLink) =>
  `/customer/${encodeURIComponent(l.companyId)}/${encodeURIComponent(l.entityId)}/${encodeURIComponent(l.invoiceKey)}`;

/** The PDF of the public invoice; a plain link, since the call needs no session. */
export const customerInvoicePdfUrl = (l: PublicInvoiceLink) => apiUrl(`${path(l)}/download`);

/** How often an open, payable invoice asks whether its payment has arrived. */
const PAYMENT_POLL_MS = 15_000;

/**
 * The public invoice (no session: the link's key is the credential). A
 * payable invoice is asked again now and then while the page is open, so a
 * payment notification that reaches the server after the buyer came back
 * from PayFast still turns the ribbon to PAID.
 */
export function useCustomerInvoice(l: PublicInvoiceLink) {
  return useQuery({
    queryKey: queryKeys.customerInvoice(l.companyId, l.entityId, l.invoiceKey),
    queryFn: () => apiRequest<TCustomerInvoice>('GET', path(l), { anonymous: true }),
    retry: false,
    refetchInterval: (q) => (q.state.data?.detail.payfast ? PAYMENT_POLL_MS : false),
  });
}

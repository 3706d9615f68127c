import { useMutation, useQuery } from '@tanstack/react-query';
import type { TInvoicePayments, TPaymentSave } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { invoiceKeys } from './query-keys';
import { useInvalidateAfterSave } from './use-invoices';

/** Payments of an invoice (DECISIONS §16, docs/payments.md). */
const url = (cid: string | null, id: string) =>
  `/companies/${cid ?? ''}/invoices/${encodeURIComponent(id)}/payments`;

/** An invoice's payments, balance and state. */
export function useInvoicePayments(id: string) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: invoiceKeys.payments(companyId, id),
    queryFn: () => apiGet<TInvoicePayments>(url(companyId, id)),
    enabled: !!companyId,
  });
}

/** Records a payment by hand; the invoice, its lists and its client follow. */
export function useRecordPayment(id: string) {
  const { companyId } = useCurrentCompany();
  const invalidate = useInvalidateAfterSave();
  return useMutation({
    mutationFn: (body: TPaymentSave) => apiPost<TInvoicePayments>(url(companyId, id), body),
    onSuccess: () => invalidate(),
  });
}

/** Removes a payment by hand. */
export function useRemovePayment(id: string) {
  const { companyId } = useCurrentCompany();
  const invalidate = useInvalidateAfterSave();
  return useMutation({
    mutationFn: (paymentId: string) =>
      apiPost<TInvoicePayments>(`${url(companyId, id)}/${encodeURIComponent(paymentId)}/delete`),
    onSuccess: () => invalidate(),
  });
}
